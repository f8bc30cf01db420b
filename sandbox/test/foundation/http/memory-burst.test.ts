/**
 * Memory returns to where it was after a burst of 48 concurrent request bodies of 9.9 MB (before the limits the
 * process stayed at 584 MB). The sandbox runs in a child process with `--expose-gc` (fixtures/measured-sandbox.ts),
 * which reports its memory after two forced collections, before and after the burst.
 *
 * The margins are generous on purpose: the JavaScript heap and the memory outside it (Buffers) must come back
 * within 32 MB, and the resident set within 200 MB, since the C allocator keeps freed pages for reuse (measured:
 * 20–60 MB more on Node 20 and 22, 139 MB on Node 24; unbounded, the process stayed 400+ MB up). While
 * the burst lasts, at most `maxLargeBodies` (8) bodies are held, each with its text and its parse (about 30 MB for
 * these): the peak resident set may grow by 40 MB per place. Without the large-body limit all 48 are held at once
 * (measured: a peak 620–670 MB over the start, against 225–240 MB with it).
 * @module-tag node-lines: the memory Node keeps for large bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../../src/foundation/http/limits.js";
import { startMeasuredChild, type MeasuredChild } from "./fixtures/measured-child.js";

interface Memory {
  readonly rss: number;
  readonly peakRss: number;
  readonly heapUsed: number;
  readonly external: number;
}

const MB = 1024 * 1024;
const BODIES = 48;

let child: MeasuredChild;
beforeAll(async () => {
  child = await startMeasuredChild(["--expose-gc"]);
});
afterAll(() => child.stop());

const body = Buffer.from(
  JSON.stringify({ SourceCurrencyCode: "GBP", TargetCurrencyCode: "EUR", Limit: "9".repeat(9.9e6) }),
);

async function post(): Promise<number> {
  const response = await fetch(`${child.url}/api/v1/Alerts/Create`, {
    method: "POST",
    headers: { authorization: `Bearer ${child.token}`, "content-type": "application/json" },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

const mb = (bytes: number): string => `${(bytes / MB).toFixed(0)} MB`;

describe("memory after a burst of large bodies", () => {
  it(`comes back after ${BODIES} concurrent bodies of 9.9 MB`, async () => {
    // Warm up every path the burst takes (a large body read and refused by its schema), then measure.
    expect(await post()).toBe(400);
    const before = await child.ask<Memory>("memory");
    const statuses = await Promise.all(Array.from({ length: BODIES }, () => post()));
    const after = await child.ask<Memory>("memory");
    const counts = statuses.reduce<Record<number, number>>(
      (tally, status) => ({ ...tally, [status]: (tally[status] ?? 0) + 1 }),
      {},
    );
    console.log(
      `[memory] ${BODIES} bodies of 9.9 MB, answered ${JSON.stringify(counts)}: rss ${mb(before.rss)} → ${mb(after.rss)} ` +
        `(peak ${mb(after.peakRss)}), ` +
        `heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)}, external ${mb(before.external)} → ${mb(after.external)}`,
    );
    // Each body is read and refused by its schema (400) or, over the large-body places, refused at once (503).
    expect(statuses.every((status) => status === 400 || status === 503)).toBe(true);
    expect(after.heapUsed + after.external).toBeLessThan(before.heapUsed + before.external + 32 * MB);
    expect(after.rss).toBeLessThan(before.rss + 200 * MB);
    expect(after.peakRss - before.rss).toBeLessThan(DEFAULT_LIMITS.maxLargeBodies * 40 * MB);
  });
});
