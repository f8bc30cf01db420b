// @module-tag node-lines: request bodies read from Node streams.
import { describe, expect, it } from "vitest";
import { readBody, type BodyLimits } from "../../../src/foundation/http/body-reader.js";
import { createLargeBodyGate } from "../../../src/foundation/http/large-body-gate.js";
import { DEFAULT_LIMITS } from "../../../src/foundation/http/limits.js";

const limits: BodyLimits = { ...DEFAULT_LIMITS, maxBytes: 1000, largeBodyBytes: 100, bodyIdleTimeoutMs: 200 };

/** A POST whose body is these chunks, streamed (no Content-Length) unless `length` says one. */
function post(chunks: readonly string[], headers: Record<string, string> = {}, stall = false): Request {
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk !== undefined) controller.enqueue(Buffer.from(chunk));
      else if (!stall) controller.close();
      // stalled: never enqueues again, never closes
    },
  });
  return new Request("http://sandbox.test/api/v1/Alerts/Create", {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
}

const refusal = async (request: Request, gate?: ReturnType<typeof createLargeBodyGate>, within = limits) => {
  const read = await readBody(request, within, gate);
  return read.ok ? "read" : { status: read.error.status, code: read.error.code, headers: read.headers };
};

describe("reading a request body within the limits", () => {
  it("reads a body of any chunking whole", async () => {
    const read = await readBody(post(['{"a":', "[1,2", "]}"], { "content-type": "application/json" }), limits);
    expect(read.ok && Buffer.from(read.bytes).toString()).toBe('{"a":[1,2]}');
  });

  it("refuses a body over the size limit, declared or streamed, with 413", async () => {
    expect(await refusal(post(["x"], { "content-length": "1001" }))).toMatchObject({
      status: 413,
      code: "payload_too_large",
    });
    expect(await refusal(post(["x".repeat(600), "x".repeat(600)]))).toMatchObject({
      status: 413,
      code: "payload_too_large",
    });
  });

  it("refuses JSON too deep or too large in members, and multipart with too many parts, while it arrives", async () => {
    const json = { "content-type": "application/json" };
    const roomy = { ...limits, maxBytes: 1_000_000 };
    expect(await refusal(post(["[".repeat(65)], json, true))).toMatchObject({ status: 413, code: "json_too_deep" });
    const many = `[${Array.from({ length: 10_001 }, () => "0").join(",")}]`;
    expect(await refusal(post([many], json), undefined, roomy)).toMatchObject({
      status: 413,
      code: "json_too_many_members",
    });
    const parts = Array.from(
      { length: 101 },
      (_, index) => `--b\r\nContent-Disposition: form-data; name="p${index}"\r\n\r\nx\r\n`,
    );
    const multipart = { "content-type": "multipart/form-data; boundary=b" };
    expect(await refusal(post([parts.join(""), "--b--\r\n"], multipart), undefined, roomy)).toMatchObject({
      status: 413,
      code: "too_many_parts",
    });
  });

  it("answers 408, closing the connection, when the body stops arriving for longer than the idle timeout", async () => {
    const started = Date.now();
    expect(await refusal(post(["{"], { "content-type": "application/json" }, true))).toEqual({
      status: 408,
      code: "body_timeout",
      headers: { connection: "close" },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(limits.bodyIdleTimeoutMs - 5);
  });

  it("reads a slow body whose pieces keep coming within the idle timeout", async () => {
    let index = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, limits.bodyIdleTimeoutMs / 2));
        if (index++ < 5) controller.enqueue(Buffer.from("x"));
        else controller.close();
      },
    });
    const request = new Request("http://sandbox.test/", { method: "POST", body, duplex: "half" } as RequestInit);
    const read = await readBody(request, limits);
    expect(read.ok && read.bytes.length).toBe(5);
  });

  it("admits a large body only while a place is free: 503 with Retry-After beyond, declared or grown", async () => {
    const gate = createLargeBodyGate(1);
    expect(gate.tryEnter()).toBe(true);
    const busy = { status: 503, code: "server_busy", headers: { "retry-after": "1" } };
    expect(await refusal(post(["x".repeat(150)], { "content-length": "150" }), gate)).toEqual(busy);
    expect(await refusal(post(["x".repeat(60), "x".repeat(60)]), gate)).toEqual(busy);
    expect(await refusal(post(["x".repeat(50)], { "content-length": "50" }), gate)).toBe("read");
    gate.leave();
    expect(await refusal(post(["x".repeat(150)], { "content-length": "150" }), gate)).toBe("read");
    expect(gate.inUse).toBe(0);
  });
});
