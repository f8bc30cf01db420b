/**
 * Seeded clients (the integrating software) and service users. The reference authenticates the two
 * independently, so any client may log in any user (RFC 6749 §4.3: client plus resource-owner credentials).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { normaliseThumbprint } from "./thumbprint.js";

export interface SandboxClient {
  clientId: string;
  /** The password of the client_id, for /connect/token. */
  clientSecret: string;
  /** SHA-256 thumbprints of the client's (possibly self-signed) certificates, for /connect/mtls/token; any hex form. */
  certificateThumbprints: string[];
}

export interface SandboxUser {
  /** Stable id: the JWT `sub` and the owner key of the user's data. */
  id: string;
  /** The portal user's e-mail address, sent as `username`. */
  username: string;
  password: string;
  displayName: string;
}

export interface SandboxCredentials {
  clients: SandboxClient[];
  users: SandboxUser[];
}

export const DEFAULT_CLIENT_ID = "sandbox-client";
export const DEFAULT_CLIENT_SECRET = "sandbox-secret";
export const DEMO_USER = Object.freeze({
  id: "demo",
  username: "demo@example.com",
  password: "demo-password",
  displayName: "Demo User",
});
/** A second user whose data the demo user must never see (isolation tests). */
export const OTHER_USER = Object.freeze({
  id: "other",
  username: "other@example.com",
  password: "other-password",
  displayName: "Other User",
});

/** A fresh, mutable copy of the default credentials; `certificateThumbprints` registers certificates for mTLS. */
export function defaultCredentials(options: { certificateThumbprints?: readonly string[] } = {}): SandboxCredentials {
  return {
    clients: [
      {
        clientId: DEFAULT_CLIENT_ID,
        clientSecret: DEFAULT_CLIENT_SECRET,
        certificateThumbprints: [...(options.certificateThumbprints ?? [])],
      },
    ],
    users: [{ ...DEMO_USER }, { ...OTHER_USER }],
  };
}

// Compared when no client/user matches, so an unknown name costs the same as a wrong password.
const DECOY = randomBytes(32).toString("hex");

/**
 * Constant-time string equality: both sides are hashed first so the comparison does not leak length,
 * then compared with crypto.timingSafeEqual.
 */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given, "utf8").digest();
  const b = createHash("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b);
}

export function findClient(credentials: SandboxCredentials, clientId: string): SandboxClient | undefined {
  return credentials.clients.find((client) => client.clientId === clientId);
}

/** The client when `clientId` exists and `clientSecret` is its secret (RFC 6749 §2.3.1). */
export function authenticateClientSecret(
  credentials: SandboxCredentials,
  clientId: string,
  clientSecret: string,
): SandboxClient | undefined {
  const client = findClient(credentials, clientId);
  const ok = secretsEqual(clientSecret, client?.clientSecret ?? DECOY);
  return client !== undefined && ok ? client : undefined;
}

/** The client when `clientId` exists and the presented certificate's thumbprint is registered for it (RFC 8705 §2). */
export function authenticateClientCertificate(
  credentials: SandboxCredentials,
  clientId: string,
  thumbprint: string,
): SandboxClient | undefined {
  const client = findClient(credentials, clientId);
  const presented = normaliseThumbprint(thumbprint);
  if (client === undefined || presented === undefined) return undefined;
  return client.certificateThumbprints.some((registered) => normaliseThumbprint(registered) === presented)
    ? client
    : undefined;
}

/** The user when `username` (an e-mail address, matched case-insensitively) exists and `password` is theirs. */
export function authenticateUser(
  credentials: SandboxCredentials,
  username: string,
  password: string,
): SandboxUser | undefined {
  const wanted = username.toLowerCase();
  const user = credentials.users.find((candidate) => candidate.username.toLowerCase() === wanted);
  const ok = secretsEqual(password, user?.password ?? DECOY);
  return user !== undefined && ok ? user : undefined;
}
