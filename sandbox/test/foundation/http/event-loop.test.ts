/**
 * No single request under the limits holds the sandbox's event loop for more than 100 ms, and the two known
 * offenders (a multipart body of 100,000 parts, a 5M-deep JSON array: 3.3 s and 1.1 s before the limits) are
 * refused before they are parsed. The sandbox runs in a child process (fixtures/measured-sandbox.ts) that measures
 * its own event loop with perf_hooks.monitorEventLoopDelay; this process only builds and sends the bodies.
 *
 * Why the bound is meaningful on a shared, noisy 2-core machine: each request is measured five times and the best
 * (smallest) of the five longest delays is compared with 100 ms. Time the child is preempted by another process
 * shows up as delay too, but not in every repetition, whereas a request that holds the loop itself does so every
 * time; the last test shows the measure does see such a request (the depth limit lifted).
 * @module-tag node-lines: how long Node's parsers hold the event loop.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMeasuredChild, type MeasuredChild } from "./fixtures/measured-child.js";

const BOUND_MS = 100;
const REPETITIONS = 5;
const MB = 1_000_000;

const BOUNDARY = "----sandboxLoopBound";

interface Payload {
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
  /** The status the sandbox answers (it reads the body whole, or refuses it, either way). */
  readonly status: number;
}

const json = (path: string, text: string, status: number): Payload => ({
  path,
  contentType: "application/json",
  body: Buffer.from(text),
  status,
});

function multipart(
  parts: readonly { name: string; fileName?: string; type?: string; content: Buffer | string }[],
  status: number,
): Payload {
  const pieces = parts.flatMap(({ name, fileName, type, content }) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${fileName === undefined ? "" : `; filename="${fileName}"`}\r\n` +
        `${type === undefined ? "" : `Content-Type: ${type}\r\n`}\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from("\r\n"),
  ]);
  return {
    path: "/api/v1/Withdrawals/CreateAccountWithdrawal",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: Buffer.concat([...pieces, Buffer.from(`--${BOUNDARY}--\r\n`)]),
    status,
  };
}

const withdrawal = JSON.stringify({ AccountId: 1, CurrencyCode: "EUR", Amount: 1, BeneficiaryId: 999_999 });

/** The bodies: the two offenders, and the largest of each kind the limits let through (about 9.9 MB each). */
const PAYLOADS: Readonly<Record<string, Payload>> = {
  "a 5M-deep JSON array (10 MB)": json("/api/v1/Alerts/Create", `${"[".repeat(5 * MB)}${"]".repeat(5 * MB)}`, 413),
  "a multipart body of 100,000 parts (8.9 MB)": multipart(
    Array.from({ length: 100_000 }, () => ({ name: "f", content: "x".repeat(19) })),
    413,
  ),
  "a multipart body of 100 parts (the limit), 9.9 MB of documents": multipart(
    [
      { name: "Request", type: "application/json", content: withdrawal },
      ...Array.from({ length: 99 }, (_, index) => ({
        name: "SupportingDocuments",
        fileName: `document-${index}.pdf`,
        type: "application/pdf",
        content: Buffer.alloc(100_000, 0x25),
      })),
    ],
    400,
  ),
  "JSON 64 deep (the limit) around a 9.9 MB string": json(
    "/api/v1/Alerts/Create",
    `${"[".repeat(63)}${JSON.stringify("x".repeat(9.9 * MB))}${"]".repeat(63)}`,
    400,
  ),
  "a JSON object of 10,000 members (the limit), 9.9 MB": json(
    "/api/v1/Alerts/Create",
    JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`k${index}`, "v".repeat(980)]))),
    400,
  ),
  "a JSON array of 9,999 strings (the limit), 9.9 MB": json(
    "/api/v1/Alerts/Create",
    JSON.stringify({ SourceCurrencyCode: Array.from({ length: 9_999 }, () => "c".repeat(980)) }),
    400,
  ),
};

async function send(child: MeasuredChild, payload: Payload): Promise<number> {
  expect(payload.body.length).toBeLessThanOrEqual(10 * 1024 * 1024); // under the body size limit
  const response = await fetch(`${child.url}${payload.path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${child.token}`, "content-type": payload.contentType },
    body: payload.body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** The smallest, over the repetitions, of the longest the child's event loop was held while it answered `payload`. */
async function bestLongestDelay(child: MeasuredChild, payload: Payload, repetitions = REPETITIONS): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let repetition = 0; repetition < repetitions; repetition += 1) {
    await child.ask("loop-reset");
    expect(await send(child, payload)).toBe(payload.status);
    const { maxMs } = await child.ask<{ maxMs: number }>("loop-read");
    best = Math.min(best, maxMs);
  }
  return best;
}

describe("the sandbox's event loop under the largest requests the limits allow", () => {
  let child: MeasuredChild;
  beforeAll(async () => {
    child = await startMeasuredChild();
  });
  afterAll(() => child.stop());

  for (const [name, payload] of Object.entries(PAYLOADS)) {
    it(`is never held for more than ${BOUND_MS} ms by ${name} (answered ${payload.status})`, async () => {
      const best = await bestLongestDelay(child, payload);
      console.log(`[event loop] ${name}: longest delay ${best.toFixed(1)} ms (best of ${REPETITIONS})`);
      expect(best).toBeLessThanOrEqual(BOUND_MS);
    });
  }
});

describe("the measure itself", () => {
  let unlimited: MeasuredChild;
  beforeAll(async () => {
    unlimited = await startMeasuredChild([], { maxJsonDepth: 100_000_000, maxJsonMembers: 100_000_000 });
  });
  afterAll(() => unlimited.stop());

  // A 2M-deep array holds it about 0.4 s here, four times the bound (the 5M-deep offender, 1.4 s, shows no more).
  it("sees the loop held for longer than the bound when the depth limit is lifted and a 2M-deep array is parsed", async () => {
    const payload = json("/api/v1/Alerts/Create", `${"[".repeat(2 * MB)}${"]".repeat(2 * MB)}`, 400);
    const best = await bestLongestDelay(unlimited, payload, 2);
    console.log(`[event loop] a 2M-deep JSON array without a depth limit: longest delay ${best.toFixed(1)} ms`);
    expect(best).toBeGreaterThan(BOUND_MS);
  });
});
