/**
 * Missing and bad credentials for the bearer operations: no header, empty or scheme-only headers, another
 * scheme, garbage, and real tokens made invalid — re-signed with a key the sandbox never issued, payload
 * tampered under the original signature, or unsigned with `alg: none` (RFC 7519 §6). Each must be a 401.
 */
import { createHmac, randomBytes } from "node:crypto";

export interface BadCredential {
  readonly name: string;
  /** The Authorization header from a valid token and some garbage text; undefined sends none. */
  readonly header: (token: string, garbage: string) => string | undefined;
}

const base64url = (data: string): string => Buffer.from(data).toString("base64url");

/** The token's header and payload, signed HS256 with a random key. */
function signedWithAnotherKey(token: string): string {
  const [header, payload] = token.split(".");
  const input = `${header}.${payload}`;
  return `${input}.${createHmac("sha256", randomBytes(32)).update(input).digest("base64url")}`;
}

/** The token with its subject changed, keeping the original signature. */
function withTamperedPayload(token: string, subject: string): string {
  const [header, payload, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
  return `${header}.${base64url(JSON.stringify({ ...claims, sub: subject }))}.${signature}`;
}

/** The token's claims under `alg: none`, without a signature. */
function unsigned(token: string): string {
  const [, payload] = token.split(".");
  return `${base64url(JSON.stringify({ alg: "none", typ: "at+jwt" }))}.${payload}.`;
}

export function badCredentials(
  client: { readonly id: string; readonly secret: string },
  otherSubject: string,
): readonly BadCredential[] {
  return [
    { name: "no Authorization", header: () => undefined },
    { name: "empty Authorization", header: () => "" },
    { name: "Bearer without a token", header: () => "Bearer" },
    {
      name: "Basic credentials",
      header: () => `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}`,
    },
    { name: "the token without Bearer", header: (token) => token },
    { name: "garbage token", header: (_, garbage) => `Bearer ${garbage}` },
    { name: "token signed with another key", header: (token) => `Bearer ${signedWithAnotherKey(token)}` },
    { name: "token with a tampered payload", header: (token) => `Bearer ${withTamperedPayload(token, otherSubject)}` },
    { name: "unsigned token (alg none)", header: (token) => `Bearer ${unsigned(token)}` },
  ];
}
