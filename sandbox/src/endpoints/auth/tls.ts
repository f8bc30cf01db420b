/**
 * Certificates made at start-up with `selfsigned` v5. The HTTPS server uses `requestCert: true,
 * rejectUnauthorized: false` because the reference lets client certificates be self-signed: the token endpoint
 * checks the registered thumbprint instead of a chain (RFC 8705 §2.2).
 */
import { X509Certificate } from "node:crypto";
import { isIP } from "node:net";
import { generate } from "selfsigned";
import { normaliseThumbprint } from "./thumbprint.js";

export { normaliseThumbprint, thumbprintOf } from "./thumbprint.js";

export interface ServerCertificate {
  /** PKCS#8 PEM private key. */
  key: string;
  /** PEM certificate; clients trust it as their CA (`ca: cert`). */
  cert: string;
  /** SHA-256 fingerprint in Node's form ("AB:CD:…"), as `X509Certificate.fingerprint256` shows it. */
  fingerprint256: string;
  /** The same digest normalised (upper-case hex, no colons), as in `certificateThumbprints`. */
  thumbprint: string;
}

export interface ClientCertificate {
  key: string;
  cert: string;
  /** Normalised SHA-256 thumbprint to register in a client's `certificateThumbprints`. */
  thumbprint: string;
}

export interface ServerCertificateOptions {
  /** DNS names and IP addresses the certificate is valid for; the first is also the common name. */
  hostnames?: readonly string[];
  /** Validity in days from now; default 365. */
  validityDays?: number;
}

const DEFAULT_HOSTNAMES = ["127.0.0.1", "localhost"] as const;
// A little back-dating absorbs clock skew between the sandbox host and its clients.
const BACKDATE_MS = 60 * 60 * 1000;

function validity(days: number): { notBeforeDate: Date; notAfterDate: Date } {
  const now = Date.now();
  return { notBeforeDate: new Date(now - BACKDATE_MS), notAfterDate: new Date(now + days * 24 * 60 * 60 * 1000) };
}

function fingerprintsOf(certPem: string): { fingerprint256: string; thumbprint: string } {
  const { fingerprint256 } = new X509Certificate(certPem);
  const thumbprint = normaliseThumbprint(fingerprint256);
  if (thumbprint === undefined) throw new Error("unexpected fingerprint256 form from node:crypto");
  return { fingerprint256, thumbprint };
}

// ECDSA P-256 / SHA-256: quick to generate on 2 cores, and OpenSSL 3 rejects selfsigned's default SHA-1.
const KEY = { keyType: "ec", curve: "P-256", algorithm: "sha256" } as const;

/** A self-signed server certificate for the given host names (SAN entries: IP or DNS, RFC 6125 §6.4). */
export async function createServerCertificate(options: ServerCertificateOptions = {}): Promise<ServerCertificate> {
  const hostnames = options.hostnames ?? DEFAULT_HOSTNAMES;
  const commonName = hostnames[0];
  if (commonName === undefined) throw new RangeError("createServerCertificate: at least one hostname is required");
  const pems = await generate([{ name: "commonName", value: commonName }], {
    ...KEY,
    ...validity(options.validityDays ?? 365),
    extensions: [
      { name: "basicConstraints", cA: false, critical: true },
      { name: "keyUsage", digitalSignature: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: hostnames.map((host) => (isIP(host) !== 0 ? { type: 7, ip: host } : { type: 2, value: host })),
      },
    ],
  });
  return { key: pems.private, cert: pems.cert, ...fingerprintsOf(pems.cert) };
}

/** A client certificate's validity period (X.509 notBefore/notAfter); default: an hour ago to a year ahead. */
export interface CertificateValidity {
  readonly notBefore: Date;
  readonly notAfter: Date;
}

/**
 * A self-signed client certificate (RFC 8705 §2.2, self_signed_tls_client_auth) for tests and the demo;
 * `validity` makes an expired or not yet valid one, which /connect/mtls/token refuses.
 */
export async function createClientCertificate(
  commonName = "sandbox-client",
  validityPeriod?: CertificateValidity,
): Promise<ClientCertificate> {
  const pems = await generate([{ name: "commonName", value: commonName }], {
    ...KEY,
    ...(validityPeriod === undefined
      ? validity(365)
      : { notBeforeDate: validityPeriod.notBefore, notAfterDate: validityPeriod.notAfter }),
    extensions: [
      { name: "basicConstraints", cA: false, critical: true },
      { name: "keyUsage", digitalSignature: true, critical: true },
      { name: "extKeyUsage", clientAuth: true },
    ],
  });
  return { key: pems.private, cert: pems.cert, thumbprint: fingerprintsOf(pems.cert).thumbprint };
}
