/**
 * Hooks for logging and metrics. Every payload is already redacted: the `Authorization` header, tokens, the client
 * secret and the password never reach a hook. Hooks are called synchronously and their result is not awaited; a
 * hook that throws (or rejects) is ignored, so logging can never break a request.
 */
import type { AccountFundsError } from "../errors/errors.js";

export interface HookRequestInfo {
  /** The spec's operationId (`listAccountBalances`), or the token operation's for token requests. */
  readonly operationId: string;
  readonly method: string;
  /** Redacted URL. */
  readonly url: string;
  /** 1 for the first attempt; retries and the one re-authenticated retry count up. */
  readonly attempt: number;
  /** Redacted request headers (lower-case names). */
  readonly headers: Readonly<Record<string, string>>;
}

export interface HookResponseInfo extends HookRequestInfo {
  readonly status: number;
  readonly durationMs: number;
}

export interface HookRetryInfo extends HookRequestInfo {
  /** Why the attempt is repeated: `status 503`, `ConnectionError`, `TimeoutError`, `401: fresh token`. */
  readonly reason: string;
  readonly status?: number;
  /** Wait before the next attempt. */
  readonly delayMs: number;
}

export interface HookErrorInfo {
  readonly operationId: string;
  readonly method: string;
  readonly url: string;
  readonly error: AccountFundsError;
}

export interface ClientHooks {
  onRequest?(info: HookRequestInfo): void;
  onResponse?(info: HookResponseInfo): void;
  onRetry?(info: HookRetryInfo): void;
  /** Called once per failed call, with the error that is about to be thrown. */
  onError?(info: HookErrorInfo): void;
}

export function callHook<K extends keyof ClientHooks>(
  hooks: ClientHooks | undefined,
  name: K,
  info: Parameters<NonNullable<ClientHooks[K]>>[0],
): void {
  const hook = hooks?.[name] as ((payload: typeof info) => unknown) | undefined;
  if (typeof hook !== "function") return;
  try {
    const result = hook.call(hooks, info);
    if (result && typeof (result as PromiseLike<unknown>).then === "function") {
      (result as Promise<unknown>).then(undefined, () => undefined);
    }
  } catch {
    // a failing logger must not fail the request
  }
}
