/**
 * Issue 21, "client, limits": a 200 MB body, an endless one, a `Content-Length` of 200 MB and a gzip bomb are stopped
 * at `maxResponseBytes` — by the bytes the client read and the hostile server managed to write, not by time; the
 * process's RSS is measured and must stay far below the body's size. An endless chain of same-origin next links
 * stops at `maxPages`. Real sockets.
 * @module-tag node-lines: response bodies read as streams by fetch (undici), its decompression and the process's memory.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PagingError,
  ResponseTooLargeError,
  createAccountFundsClient,
  type AccountFundsClient,
} from "../../generated/src/index.js";
import { json, startHostileServer, stream, type HostileServer } from "./support/hostile-server.js";

const MB = 1024 * 1024;
const LIMIT = 1 * MB;
const CHUNK = Buffer.alloc(64 * 1024, "a");
/** What one read of the body may hold beyond the limit (a socket read; undici reads at most 64 KiB at a time). */
const ONE_READ = 256 * 1024;
/** What the kernel's socket buffers and one chunk in flight may add to what the client read. */
const SLACK = 8 * MB;

let api: HostileServer;
let client: AccountFundsClient;

beforeAll(async () => {
  api = await startHostileServer();
  client = createAccountFundsClient({
    baseUrl: api.url,
    tokenProvider: () => "opaque-limits-token-0123456789",
    maxResponseBytes: LIMIT,
    maxRetries: 0,
  });
});

afterAll(async () => {
  await api?.close();
});

/** The call's error, the RSS growth while it ran, and what the server wrote for it. */
async function measured(
  route: string,
  answer: Parameters<HostileServer["on"]>[1],
  call: () => Promise<unknown>,
): Promise<{ error: unknown; rssGrowth: number; written: number }> {
  api.on(route, answer);
  const written = api.bytesWritten.length;
  const rssBefore = process.memoryUsage().rss;
  const error = await call().catch((caught: unknown) => caught);
  const rssGrowth = process.memoryUsage().rss - rssBefore;
  // The server learns the client went away: its response closes.
  await expect.poll(() => api.bytesWritten.length, { timeout: 10_000 }).toBeGreaterThan(written);
  return { error, rssGrowth, written: api.bytesWritten.at(-1) ?? 0 };
}

describe("maxResponseBytes against hostile bodies", () => {
  it("a 200 MB body: stopped after the limit, never held whole", async () => {
    const { error, rssGrowth, written } = await measured(
      "GET /api/v1/Accounts(1)",
      (_request, response) => {
        response.writeHead(200, { "content-type": "application/json" });
        stream(response, CHUNK, 200 * MB);
      },
      () => client.accounts.getAccount(1),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    const tooLarge = error as ResponseTooLargeError;
    expect(tooLarge).toMatchObject({ status: 200, code: "response_too_large", maxResponseBytes: LIMIT });
    expect(tooLarge.receivedBytes).toBeGreaterThan(LIMIT);
    expect(tooLarge.receivedBytes).toBeLessThanOrEqual(LIMIT + ONE_READ);
    expect(written).toBeLessThan(LIMIT + SLACK);
    console.log(
      `200 MB body: read ${tooLarge.receivedBytes} B, server wrote ${written} B, RSS +${(rssGrowth / MB).toFixed(1)} MB`,
    );
    expect(rssGrowth).toBeLessThan(100 * MB);
  });

  it("an endless body: stopped just the same", async () => {
    const { error, written } = await measured(
      "GET /api/v1/Accounts",
      (_request, response) => {
        response.writeHead(200, { "content-type": "application/json" });
        stream(response, CHUNK, Number.POSITIVE_INFINITY);
      },
      () => client.accounts.listAccounts(),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).receivedBytes).toBeLessThanOrEqual(LIMIT + ONE_READ);
    expect(written).toBeLessThan(LIMIT + SLACK);
  });

  it("a Content-Length of 200 MB: refused before the body is read", async () => {
    const { error, written } = await measured(
      "GET /api/v1/Accounts(2)",
      (_request, response) => {
        response.writeHead(200, { "content-type": "application/json", "content-length": String(200 * MB) });
        stream(response, CHUNK, 200 * MB);
      },
      () => client.accounts.getAccount(2),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ receivedBytes: 200 * MB });
    expect((error as Error).message).toContain(`Content-Length ${200 * MB}`);
    expect(written).toBeLessThan(SLACK);
  });

  it("a gzip bomb (64 MB inflated from 64 KB): counted after decompression", async () => {
    const bomb = gzipSync(Buffer.alloc(64 * MB, "a"), { level: 9 });
    const { error } = await measured(
      "GET /api/v1/Accounts(3)",
      (_request, response) => {
        response
          .writeHead(200, {
            "content-type": "application/json",
            "content-encoding": "gzip",
            "content-length": String(bomb.length),
          })
          .end(bomb);
      },
      () => client.accounts.getAccount(3),
    );
    expect(bomb.length).toBeLessThan(LIMIT);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).receivedBytes).toBeLessThanOrEqual(LIMIT + ONE_READ);
  });

  it("a command's 201 with a huge body: an error that says the command succeeded, with its Location", async () => {
    const { error } = await measured(
      "POST /api/v1/Transfers/CreateAccountTransfer",
      (_request, response) => {
        response.writeHead(201, { location: `${api.url}/api/v1/Transfers(77)`, "content-type": "application/json" });
        stream(response, CHUNK, 200 * MB);
      },
      () => client.transfers.createAccountTransfer({ AccountId: 1, CurrencyCode: "EUR", BeneficiaryId: 2 }),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toContain("the command did succeed (201)");
    expect((error as ResponseTooLargeError).headers?.["location"]).toBe(`${api.url}/api/v1/Transfers(77)`);
  });
});

describe("maxPages against endless next links", () => {
  it("follows same-origin next links up to maxPages, then a PagingError after every entity read", async () => {
    api.on("GET /api/v1/Beneficiaries", (request, response) => {
      const page = Number(request.url.searchParams.get("page") ?? "1");
      json(response, 200, {
        "@odata.context": `${api.url}/api/v1/$metadata#Beneficiaries`,
        value: [{ Id: page }],
        "@odata.nextLink": `${api.url}/api/v1/Beneficiaries?page=${page + 1}`,
      });
    });
    const before = api.requests.length;
    const ids: number[] = [];
    const error = await (async () => {
      for await (const beneficiary of client.beneficiaries.listBeneficiaries.paginate(undefined, { maxPages: 25 })) {
        ids.push(beneficiary.Id);
      }
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PagingError);
    expect(error).toMatchObject({ code: "too_many_pages" });
    expect(ids).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect(api.requests.length - before).toBe(25);
  });
});
