/**
 * What the adapter that received a request knows beside the request itself: which entry point it came in by (the
 * mount table serves each part at some entry points only) and the client certificate presented in the TLS handshake.
 */

/** `http` and `https`: the node:http and node:https servers of `startSandbox`; `in-process`: `sandbox.fetch`. */
export type EntryPoint = "http" | "https" | "in-process";

/** A client certificate as the token endpoint judges it: its SHA-256 thumbprint and validity period. */
export interface PresentedCertificate {
  /** Upper-case hex SHA-256 of the DER certificate (RFC 8705 §3.1). */
  readonly thumbprint: string;
  /** X.509 notBefore/notAfter; undefined when the certificate did not say. */
  readonly validity: { readonly notBefore: Date; readonly notAfter: Date } | undefined;
}

export interface Connection {
  readonly entryPoint: EntryPoint;
  readonly clientCertificate: PresentedCertificate | undefined;
}
