/**
 * Every success example of the spec, served by a fake API and read through the generated façade with
 * `validateResponses: true`: the client accepts what the spec says the API answers, and shapes it (Created for
 * a 201, text for text/plain, undefined without content). Each call's arguments are the spec's own examples, checked
 * on the way out with `validateRequests: true` (the multipart example's Request part included).
 */
import { readFileSync } from "node:fs";
import { deref, type JsonObject as Json } from "@account-funds/generator/json-pointer";
import { describe, expect, it } from "vitest";
import {
  createAccountFundsClient,
  multipart,
  operationMetadata,
  type OperationMetadata,
} from "../../generated/src/index.js";
import { AUTH_URL, BASE_URL, FakeApi, credentials } from "./fake-api.js";

const document = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8")) as Json;

/** The node a `$ref` stands for (the node itself when it is none). */
function resolve<T = Json>(node: unknown): T {
  const resolved = deref(document, node);
  return (resolved.ok ? resolved.value : node) as T;
}

function firstExample(media: Json | undefined): unknown {
  const examples = media?.["examples"] as Json | undefined;
  const first = examples ? Object.values(examples)[0] : undefined;
  return first === undefined ? undefined : resolve(first)["value"];
}

function pathOperation(operation: OperationMetadata): Json {
  return resolve<Json>((resolve<Json>(document["paths"])[operation.path] as Json)[operation.method]);
}

function argumentsFor(operation: OperationMetadata): unknown[] {
  const spec = pathOperation(operation);
  const item = resolve<Json>(resolve<Json>(document["paths"])[operation.path]);
  const parameters = [...((item["parameters"] as unknown[]) ?? []), ...((spec["parameters"] as unknown[]) ?? [])].map(
    (parameter) => resolve(parameter),
  );
  const args: unknown[] = operation.pathParameters.map((name) => {
    const parameter = parameters.find((candidate) => candidate["name"] === name && candidate["in"] === "path");
    const schema = resolve(parameter?.["schema"]);
    return parameter?.["example"] ?? (schema["type"] === "integer" ? 1 : "GBP");
  });
  const body = resolve<Json | undefined>(spec["requestBody"]);
  if (body !== undefined) {
    const content = body["content"] as Json;
    const json = Object.entries(content).find(([type]) => type !== "multipart/form-data");
    args.push(firstExample(json?.[1] as Json));
  }
  if (operation.queryParameters.length > 0) {
    const required = parameters.filter((parameter) => parameter["in"] === "query" && parameter["required"] === true);
    args.push(
      required.length === 0
        ? undefined
        : Object.fromEntries(required.map((parameter) => [parameter["name"], "example-token"])),
    );
  }
  return args;
}

const cases = Object.values(operationMetadata as Record<string, OperationMetadata>).map((operation) => {
  const status = operation.successStatuses[0]!;
  const response = resolve<Json>((pathOperation(operation)["responses"] as Json)[status]);
  const content = response["content"] as Json | undefined;
  const [mediaType, media] = content ? (Object.entries(content)[0] as [string, Json]) : [undefined, undefined];
  return { operation, status: Number(status), mediaType, example: firstExample(media) };
});

describe("every success example through the façade, validated", () => {
  it.each(cases.map((entry) => [entry.operation.operationId, entry] as const))(
    "%s",
    async (_id, { operation, status, mediaType, example }) => {
      const api = new FakeApi();
      const body = example === undefined ? null : typeof example === "string" ? example : JSON.stringify(example);
      const headers: Record<string, string> = mediaType ? { "content-type": mediaType } : {};
      // A 201 describes no body (the reference shows none beyond Location): the id is the key of Location.
      const createdId = 5003;
      if (status === 201) headers["location"] = `${BASE_URL}/api/v1/Created(${createdId})`;
      api.on(operation.method.toUpperCase(), /.*/, () => new Response(body, { status, headers }));
      if (operation.security === "bearer") api.on("POST", "/connect/token", () => api.token());
      const client = createAccountFundsClient({
        baseUrl: BASE_URL,
        authUrl: AUTH_URL,
        credentials,
        fetch: api.fetch,
        validateResponses: true,
        validateRequests: true,
      });
      const method = (client as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>)[
        operation.group
      ]![operation.clientMethod]!;

      const result = await method(...argumentsFor(operation));

      if (status === 201) {
        expect(example).toBeUndefined();
        expect(result).toEqual({
          id: createdId,
          location: `${BASE_URL}/api/v1/Created(${createdId})`,
          body: undefined,
        });
      } else {
        expect(result).toEqual(example);
      }
      const sent = api.requests.at(-1)!;
      expect(sent.url.origin).toBe(operation.server ? AUTH_URL : BASE_URL);
    },
  );

  it("sends the multipart example of CreateAccountWithdrawal", async () => {
    const api = new FakeApi();
    api.on(
      "POST",
      "/api/v1/Withdrawals/CreateAccountWithdrawal",
      () => new Response(JSON.stringify({ Id: 1 }), { status: 201, headers: { location: "/api/v1/Withdrawals(1)" } }),
    );
    const client = createAccountFundsClient({
      baseUrl: BASE_URL,
      authUrl: AUTH_URL,
      credentials,
      fetch: api.fetch,
      validateResponses: true,
      validateRequests: true,
    });
    const content = resolve<Json>(pathOperation(operationMetadata.createAccountWithdrawal)["requestBody"])[
      "content"
    ] as Json;
    const example = firstExample(content["multipart/form-data"] as Json) as { Request: never };
    await client.withdrawals.createAccountWithdrawal(
      multipart({
        Request: example.Request,
        SupportingDocuments: [{ data: "pdf", filename: "proforma-TS-4471.pdf", contentType: "application/pdf" }],
      }),
    );
    expect(api.to("/api/v1/Withdrawals/CreateAccountWithdrawal")[0]?.headers.get("content-type")).toMatch(
      /^multipart\/form-data; boundary=/,
    );
  });
});
