/**
 * The attempt timeout holds under garbage collection: a child process with `--expose-gc` (fixtures/
 * attempt-timeout-under-gc.ts) sends one delivery to a target that never answers, forcing a GC every 5 ms, and
 * reports when the attempt failed. With `AbortSignal.any([AbortSignal.timeout(ms), ...])` on Node 20 it never
 * fails at all (the GC collects the timeout signal); with the dispatcher's own timer it fails after about `ms`.
 * @module-tag node-lines: AbortSignal timers under garbage collection.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const FIXTURE = fileURLToPath(new URL("./fixtures/attempt-timeout-under-gc.ts", import.meta.url));
const SANDBOX_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const ATTEMPT_TIMEOUT_MS = 300;

describe("a delivery attempt's timeout", () => {
  it("fails a hung attempt after the timeout even while the garbage collector runs every few milliseconds", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--expose-gc", "--import", "tsx", FIXTURE], {
      cwd: SANDBOX_ROOT,
      env: { ...process.env, ATTEMPT_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS), GIVE_UP_MS: "8000" },
      timeout: 60_000,
    });
    const result = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as {
      failedAfterMs: number | null;
      lastError: string | null;
    };
    expect(result.lastError).toBe(`timed out after ${ATTEMPT_TIMEOUT_MS} ms`);
    // Generous against a loaded machine: the broken timeout never fires within the child's 8 s.
    expect(result.failedAfterMs).toBeGreaterThanOrEqual(ATTEMPT_TIMEOUT_MS);
    expect(result.failedAfterMs).toBeLessThan(5_000);
  });
});
