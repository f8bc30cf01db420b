/**
 * One delivery attempt: a POST of one batch that only looks at the status line (the body is cancelled unread,
 * redirects are not followed) and gives up after `timeoutMs`. The timeout is an AbortController and a timer
 * this attempt clears, not `AbortSignal.any([AbortSignal.timeout(ms), ...])`: on Node 20 a garbage collection
 * can collect the timeout signal, and the attempt then hangs for as long as the target holds it.
 */
export type AttemptOutcome = { readonly ok: true } | { readonly ok: false; readonly error: string };

export async function postBatch(
  doFetch: typeof fetch,
  url: string,
  body: string,
  timeoutMs: number,
  closing: AbortSignal,
): Promise<AttemptOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortOnClose = (): void => controller.abort();
  closing.addEventListener("abort", abortOnClose, { once: true });
  if (closing.aborted) controller.abort();
  try {
    const response = await doFetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      redirect: "manual",
      signal: controller.signal,
    });
    void response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true };
    const redirect = response.status >= 300 && response.status < 400 ? " (redirects are not followed)" : "";
    return { ok: false, error: `HTTP ${response.status}${redirect}` };
  } catch (error) {
    if (timedOut) return { ok: false, error: `timed out after ${timeoutMs} ms` };
    if (closing.aborted) return { ok: false, error: "aborted: the sandbox is closing" };
    return { ok: false, error: describeFailure(error) };
  } finally {
    clearTimeout(timer);
    closing.removeEventListener("abort", abortOnClose);
  }
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  const code = cause instanceof Error ? ((cause as Error & { code?: unknown }).code ?? cause.message) : undefined;
  return code === undefined ? error.message : `${error.message} (${String(code)})`;
}
