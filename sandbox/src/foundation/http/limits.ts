/**
 * The sandbox's resource limits, with their defaults. The reference states none (Limits: "request size limits:
 * not shown"), so these are the sandbox's own, chosen so that no request under them holds the event loop for long
 * (see the README's "Limits" table) and so that a burst of large bodies cannot grow memory without bound. Every
 * one is an option of `startSandbox`/`createSandbox` (`limits`) and of the command line.
 */
export interface SandboxLimits {
  /** Concurrent connections per server; one more is answered 503 and closed. */
  readonly maxConnections: number;
  /** Time a client has to send the request's headers (Node's `headersTimeout`); 408 and closed after it. */
  readonly headersTimeoutMs: number;
  /** Time a client has to send the whole request (Node's `requestTimeout`); 408 and closed after it. */
  readonly requestTimeoutMs: number;
  /** Longest pause between two pieces of a request body; 408 after it. */
  readonly bodyIdleTimeoutMs: number;
  /** Largest request line and headers together (Node's `maxHeaderSize`); 431 beyond. */
  readonly maxHeaderBytes: number;
  /** Largest request body of an API operation; 413 beyond. */
  readonly maxBodyBytes: number;
  /** Most parts of a multipart body; 413 beyond. */
  readonly maxMultipartParts: number;
  /** Deepest nesting of arrays and objects in a JSON body; 413 beyond. */
  readonly maxJsonDepth: number;
  /** Most object members plus array elements in a JSON body; 413 beyond. */
  readonly maxJsonMembers: number;
  /** Bodies over `largeBodyBytes` being read at once; one more is answered 503 with Retry-After. */
  readonly maxLargeBodies: number;
  /** What counts as a large body, in bytes. */
  readonly largeBodyBytes: number;
}

export const DEFAULT_LIMITS: SandboxLimits = Object.freeze({
  maxConnections: 1_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  bodyIdleTimeoutMs: 10_000,
  maxHeaderBytes: 16 * 1024,
  maxBodyBytes: 10 * 1024 * 1024,
  maxMultipartParts: 100,
  maxJsonDepth: 64,
  maxJsonMembers: 10_000,
  maxLargeBodies: 8,
  largeBodyBytes: 1024 * 1024,
});

/** `given` over the defaults; every value must be a positive integer (a limit of 0 would refuse everything). */
export function completeLimits(given: Partial<SandboxLimits> = {}): SandboxLimits {
  const limits: SandboxLimits = { ...DEFAULT_LIMITS, ...given };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1)
      throw new RangeError(`limits.${name} must be a positive integer, got ${String(value)}`);
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs)
    throw new RangeError(
      "limits.headersTimeoutMs must not exceed limits.requestTimeoutMs (the headers are part of the request)",
    );
  return limits;
}
