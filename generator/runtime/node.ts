/**
 * Node-only: the client certificate for `/connect/mtls/token`. The only module that imports undici, so the main
 * entry stays browser-safe. Pass the result as `mtls: { dispatcher }`; the client hands it to `fetch` for the
 * token requests only (API calls use the bearer token over ordinary TLS).
 */
import { Agent } from "undici";

export interface MtlsCertificate {
  /** Client certificate chain, PEM. The certificate may be self-signed. */
  readonly cert: string | Buffer | readonly (string | Buffer)[];
  /** Private key, PEM. */
  readonly key: string | Buffer | readonly (string | Buffer)[];
  /** Trusted CA certificates for the token service, PEM (default: Node's bundled roots). */
  readonly ca?: string | Buffer | readonly (string | Buffer)[];
  /** Passphrase of an encrypted key. */
  readonly passphrase?: string;
  /** Verify the server's certificate. Default true; only turn off against a local sandbox. */
  readonly rejectUnauthorized?: boolean;
  /** Server name for SNI and certificate checks, when it differs from the URL's host. */
  readonly servername?: string;
}

/** An undici `Agent` that presents the client certificate in the TLS handshake. Close it when done. */
export function createMtlsDispatcher(certificate: MtlsCertificate): Agent {
  const { cert, key, ca, passphrase, rejectUnauthorized, servername } = certificate;
  return new Agent({
    connect: {
      cert: cert as string | Buffer | (string | Buffer)[],
      key: key as string | Buffer | (string | Buffer)[],
      ...(ca === undefined ? {} : { ca: ca as string | Buffer | (string | Buffer)[] }),
      ...(passphrase === undefined ? {} : { passphrase }),
      ...(servername === undefined ? {} : { servername }),
      rejectUnauthorized: rejectUnauthorized ?? true,
    },
  });
}
