/**
 * Certificate thumbprints (SHA-256 of the DER certificate, RFC 8705 §3.1) in one form: upper-case hex, no colons,
 * because Node shows them as "AB:CD:…" and people paste them lower-case or bare; a peer certificate's validity
 * period; and both of a PEM certificate an in-process request presents.
 */
import { createHash, X509Certificate } from "node:crypto";
import type { PresentedCertificate } from "../../foundation/http/connection.js";

const SHA256_HEX = /^[0-9A-F]{64}$/;

/** Normalises "ab:cd:…", "AB CD …" or "abcd…" to "ABCD…"; undefined when it is not a SHA-256 digest. */
export function normaliseThumbprint(value: string): string | undefined {
  const hex = value.replace(/[\s:]/g, "").toUpperCase();
  return SHA256_HEX.test(hex) ? hex : undefined;
}

/**
 * The normalised SHA-256 thumbprint of a peer certificate as `TLSSocket.getPeerCertificate()` returns it.
 * The DER bytes (`raw`) win over `fingerprint256` because they are what was actually presented; undefined
 * when the peer sent no certificate (Node then returns an empty object).
 */
export function thumbprintOf(
  peerCertificate: { fingerprint256?: string | undefined; raw?: Buffer | undefined } | null | undefined,
): string | undefined {
  if (!peerCertificate) return undefined;
  const { raw, fingerprint256 } = peerCertificate;
  if (raw !== undefined && raw.length > 0) return createHash("sha256").update(raw).digest("hex").toUpperCase();
  if (typeof fingerprint256 === "string") return normaliseThumbprint(fingerprint256);
  return undefined;
}

/**
 * The validity period of a peer certificate as `getPeerCertificate()` returns it (`valid_from`, `valid_to` in
 * OpenSSL's text form, e.g. "Jan  1 00:00:00 2026 GMT"); undefined when absent or unreadable.
 */
export function validityOf(
  peerCertificate: { valid_from?: string; valid_to?: string } | null | undefined,
): { notBefore: Date; notAfter: Date } | undefined {
  if (!peerCertificate?.valid_from || !peerCertificate.valid_to) return undefined;
  const notBefore = new Date(peerCertificate.valid_from);
  const notAfter = new Date(peerCertificate.valid_to);
  return Number.isNaN(notBefore.getTime()) || Number.isNaN(notAfter.getTime()) ? undefined : { notBefore, notAfter };
}

/** The certificate `pem` as if it was presented in a TLS handshake (an in-process request's `clientCertificate`). */
export function presentedCertificateOf(pem: string): PresentedCertificate {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch (error) {
    throw new TypeError(
      `clientCertificate is not a PEM certificate: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return {
    thumbprint: createHash("sha256").update(certificate.raw).digest("hex").toUpperCase(),
    validity: validityOf({ valid_from: certificate.validFrom, valid_to: certificate.validTo }),
  };
}

/** The certificate a TLS peer presented (`getPeerCertificate()`), or undefined when it presented none. */
export function peerCertificateOf(
  peerCertificate: { fingerprint256?: string; raw?: Buffer; valid_from?: string; valid_to?: string } | null | undefined,
): PresentedCertificate | undefined {
  const thumbprint = thumbprintOf(peerCertificate);
  return thumbprint === undefined ? undefined : { thumbprint, validity: validityOf(peerCertificate) };
}
