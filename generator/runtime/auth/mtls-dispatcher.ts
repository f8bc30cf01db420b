/**
 * Node-only: the client certificate for `/connect/mtls/token`. The only module that uses undici, so the main
 * entry stays browser-safe and needs no undici. Pass the result as `mtls: { dispatcher }`; the client hands it to
 * `fetch` for the token requests only (API calls use the bearer token over ordinary TLS).
 *
 * undici is an optional peer dependency of the package: only this entry needs it, so it is loaded here, when the
 * entry is imported, and its absence is reported with what to install rather than as a bare ERR_MODULE_NOT_FOUND.
 * `require` keeps the module synchronous (no top-level await), so CommonJS code can still `require()` this entry.
 */
import { createRequire } from "node:module";
import type { Agent } from "undici";

const undici: typeof import("undici") = loadUndici();

function loadUndici(): typeof import("undici") {
  try {
    return createRequire(import.meta.url)("undici");
  } catch (error) {
    const missing =
      error instanceof Error &&
      "code" in error &&
      error.code === "MODULE_NOT_FOUND" &&
      error.message.includes("'undici'");
    if (!missing) throw error;
    throw new Error(
      "@account-funds/client/node needs undici, an optional peer dependency of @account-funds/client installed only " +
        "by those who use mTLS: npm install undici",
      { cause: error },
    );
  }
}

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
  return new undici.Agent({
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
