/**
 * Issue 22: every construct public specs use generates a typed, working client (fixtures/any-openapi.yaml):
 * header and cookie parameters as typed per-call options, sent to a real server; names made into identifiers;
 * operations without operationId, HEAD and OPTIONS; valid JSON Schema ajv's strict mode calls bad style; an unknown
 * format (one warning); a discriminator inherited through allOf; an inline webhook payload; a schema holding arrays of
 * itself and `required` naming keys of a nullable `allOf` branch, which openapi-typescript prints as types that do
 * not compile. And a plain spec (fixtures/plain-openapi.yaml: API-key security, an operation without `responses`):
 * its client takes no token source and reads an undocumented success.
 */
import { execFile } from "node:child_process";
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiModel } from "../src/model/model.js";
import { generate } from "../src/pipeline.js";
import { fixturePath, repositoryRoot, temporaryDirectory } from "./support/fixtures.js";

let directory: Awaited<ReturnType<typeof temporaryDirectory>>;
let model: ApiModel;
let warnings: readonly string[];

/** fixtures/plain-openapi.yaml's client: API-key security only, an operation without `responses`. */
let plain: string;

beforeAll(async () => {
  directory = await temporaryDirectory(true);
  plain = join(directory.path, "plain");
  const [result] = await Promise.all([
    generate({ specPath: fixturePath("any-openapi.yaml"), outDirectory: directory.path }),
    generate({ specPath: fixturePath("plain-openapi.yaml"), outDirectory: plain }),
  ]);
  model = result.model;
  warnings = result.warnings.map((warning) => warning.message);
});
afterAll(() => directory.remove());

describe("names", () => {
  it("makes operationIds into methods, names operations without one, groups by tag or first path segment", () => {
    expect(
      model.operations.map(({ operationId, method, group, clientMethod, operationIdGenerated }) => ({
        operationId,
        method,
        call: `${group}.${clientMethod}`,
        ...(operationIdGenerated ? { operationIdGenerated } : {}),
      })),
    ).toEqual([
      { operationId: "post-payments", method: "post", call: "payments.postPayments" },
      {
        operationId: "getV1PaymentsById",
        method: "get",
        call: "payments.getV1PaymentsById",
        operationIdGenerated: true,
      },
      {
        operationId: "headV1PaymentsById",
        method: "head",
        call: "payments.headV1PaymentsById",
        operationIdGenerated: true,
      },
      {
        operationId: "optionsV1PaymentsById",
        method: "options",
        call: "payments.optionsV1PaymentsById",
        operationIdGenerated: true,
      },
      { operationId: "users/unfollow", method: "post", call: "users.unfollow" },
      { operationId: "addPet", method: "post", call: "pets.addPet" },
    ]);
    expect(model.webhooks.map(({ operationId }) => operationId)).toEqual(["paymentSucceededWebhook"]);
  });

  it("names schema types deterministically, numbering two that meet, and keeps the spec's name", () => {
    expect(Object.fromEntries(model.schemas.map((schema) => [schema.name, schema.typeName]))).toMatchObject({
      "payment-method": "PaymentMethod",
      "payment.method": "PaymentMethod2",
      import: "ImportSchema",
      Payment: "Payment",
    });
  });

  it("takes header and cookie parameters, and warns once of an unknown format, saying what is checked", () => {
    const get = model.operations.find((operation) => operation.operationId === "getV1PaymentsById");
    expect(get?.headerParameters.map((parameter) => parameter.name)).toEqual(["X-Trace"]);
    expect(get?.cookieParameters.map((parameter) => parameter.name)).toEqual(["session"]);
    expect(warnings.filter((warning) => warning.includes("unix-time"))).toEqual([
      expect.stringMatching(
        /^#\/components\/schemas\/Payment\/allOf\/1\/properties\/created: format "unix-time" \(here and 1 other schema\) is not one the client knows: its values are checked by the rest of their schema/,
      ),
    ]);
  });
});

describe("the generated client", () => {
  it("type-checks strictly, with header and cookie parameters typed per call; a plain spec's client asks for no token", async () => {
    await writeFile(
      join(plain, "src/usage.ts"),
      [
        'import { createAccountFundsClient } from "./index.js";',
        'const client = createAccountFundsClient({ baseUrl: "https://forum.example.com", headers: { "Api-Key": "k" } });',
        "// @ts-expect-error no operation takes an access token: the client has no token source",
        'createAccountFundsClient({ baseUrl: "https://forum.example.com", tokenProvider: () => "t" });',
        "const post = await client.posts.getPost(1);",
        "post.raw satisfies string;",
        "// An operation documenting no response resolves to whatever a success carries.",
        "export const bookmarked: unknown = await client.posts.bookmarkPost(1);",
        "const raw = await client.withResponse.posts.bookmarkPost(1);",
        "raw.status satisfies number;",
        "export const ok: true = raw.ok;",
        "",
      ].join("\n"),
    );
    await writeFile(
      join(directory.path, "tsconfig.both.json"),
      JSON.stringify({ extends: "./tsconfig.json", include: ["src", "plain/src"] }),
    );
    await writeFile(
      join(directory.path, "src/usage.ts"),
      [
        'import { createAccountFundsClient, parseWebhookEvents, type PaymentMethod2, type ImportSchema } from "./index.js";',
        'import type { Cause, JsonValue } from "./schemas.js";',
        'const client = createAccountFundsClient({ baseUrl: "https://api.example.com", tokenProvider: () => "t" });',
        'await client.payments.postPayments({ amount: 1 }, { header: { "Idempotency-Key": "k" } });',
        "// @ts-expect-error the Idempotency-Key header parameter is required",
        "await client.payments.postPayments({ amount: 1 });",
        "// @ts-expect-error a header parameter is a string",
        'await client.payments.postPayments({ amount: 1 }, { header: { "Idempotency-Key": 1 } });',
        'const payment = await client.payments.getV1PaymentsById("p1", { cookie: { session: "s" }, header: { "X-Trace": ["a", "b"] } });',
        "const brand: string | undefined = payment.method?.brand;",
        "// A schema holding arrays of itself (Vercel's), and keys a nullable schema declares required by another (Plaid's).",
        'const metadata: JsonValue | undefined = payment.metadata ?? [1, ["a", null, { nested: true }]];',
        "// @ts-expect-error an array of JsonValue holds JsonValues only",
        "const wrong: JsonValue = [undefined];",
        'const cause: Cause = { item: "i", code: "c" };',
        "// @ts-expect-error Cause requires code, which only ApiError declares",
        'const partial: Cause = { item: "i" };',
        "export const causeCode: string = (payment.cause ?? cause).code;",
        'await client.payments.headV1PaymentsById("p1");',
        'await client.pets.addPet({ petType: "cat", purrs: true });',
        "await client.users.unfollow();",
        'const parsed = parseWebhookEvents("{}");',
        "if (parsed.ok) for (const event of parsed.events) event.id satisfies string;",
        "export const used: [string | undefined, PaymentMethod2 | undefined, ImportSchema | undefined] = [brand, undefined, undefined];",
        "export const values = [metadata, wrong, partial];",
        "",
      ].join("\n"),
    );
    const tsc = join(repositoryRoot, "tools/typescript-7/node_modules/.bin/tsc");
    const checked = await promisify(execFile)(tsc, ["-p", join(directory.path, "tsconfig.both.json")]).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(checked).toBe("");
  });

  // node-lines: the header and cookie parameters go through fetch (undici), which decides what a Cookie header may be.
  it(
    "sends Idempotency-Key to a server that checks it, and the cookie and header parameters as OpenAPI styles them",
    { tags: ["node-lines"] },
    async () => {
      const seen: { key: string | undefined; cookie: string | undefined; trace: string | undefined }[] = [];
      const replies = new Map<string, string>();
      const server = createServer((request: IncomingMessage, response: ServerResponse) => {
        const key = request.headers["idempotency-key"];
        seen.push({
          key: typeof key === "string" ? key : undefined,
          cookie: request.headers.cookie,
          trace: typeof request.headers["x-trace"] === "string" ? request.headers["x-trace"] : undefined,
        });
        response.setHeader("content-type", "application/json");
        if (request.method === "POST" && typeof key !== "string") {
          response.statusCode = 400;
          return void response.end(JSON.stringify({ error: "Idempotency-Key required" }));
        }
        // The first response of a key is replayed (Stripe's and Adyen's idempotency).
        const body =
          request.method === "POST"
            ? (replies.get(key as string) ?? JSON.stringify({ amount: replies.size + 1 }))
            : "{}";
        if (request.method === "POST") replies.set(key as string, body);
        response.end(body);
      });
      server.listen(0, "127.0.0.1");
      await once(server, "listening");
      try {
        const { port } = server.address() as AddressInfo;
        const { createAccountFundsClient } = (await import(join(directory.path, "src/index.ts"))) as {
          createAccountFundsClient: (options: object) => {
            payments: {
              postPayments: (body: object, init?: object) => Promise<unknown>;
              getV1PaymentsById: (id: string, init?: object) => Promise<unknown>;
            };
          };
        };
        const client = createAccountFundsClient({ baseUrl: `http://127.0.0.1:${port}`, tokenProvider: () => "t" });
        const first = await client.payments.postPayments({ amount: 5 }, { header: { "Idempotency-Key": "k-1" } });
        const again = await client.payments.postPayments({ amount: 5 }, { header: { "Idempotency-Key": "k-1" } });
        expect(again).toEqual(first);
        await expect(client.payments.postPayments({ amount: 5 })).rejects.toMatchObject({ status: 400 });
        await client.payments.getV1PaymentsById("p1", {
          cookie: { session: "a b;c" },
          header: { "X-Trace": ["a", "b"] },
        });
        expect(seen).toEqual([
          { key: "k-1", cookie: undefined, trace: undefined },
          { key: "k-1", cookie: undefined, trace: undefined },
          { key: undefined, cookie: undefined, trace: undefined },
          { key: undefined, cookie: "session=a%20b%3Bc", trace: "a,b" },
        ]);
      } finally {
        server.close();
      }
    },
  );

  it("calls a plain spec's API with the caller's API key and no Authorization, and reads an undocumented success", async () => {
    const seen: { authorization: string | undefined; apiKey: string | undefined }[] = [];
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const apiKey = request.headers["api-key"];
      seen.push({
        authorization: request.headers.authorization,
        apiKey: typeof apiKey === "string" ? apiKey : undefined,
      });
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ bookmarked: true }));
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const { createAccountFundsClient } = (await import(join(plain, "src/index.ts"))) as {
        createAccountFundsClient: (options: object) => { posts: { bookmarkPost: (id: number) => Promise<unknown> } };
      };
      const client = createAccountFundsClient({ baseUrl: `http://127.0.0.1:${port}`, headers: { "Api-Key": "k" } });
      expect(await client.posts.bookmarkPost(7)).toEqual({ bookmarked: true });
      expect(seen).toEqual([{ authorization: undefined, apiKey: "k" }]);
    } finally {
      server.close();
    }
  });
});
