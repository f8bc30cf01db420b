import { describe, expect, it } from "vitest";
import { createdResult } from "../../../runtime/client/created.js";
import { InvalidLocationError } from "../../../runtime/errors/errors.js";
import { createRedactor } from "../../../runtime/redaction/redact.js";
import { empty, json } from "../fake-fetch.js";
import { BASE_URL, operations } from "../fixtures.js";
import { harness } from "../harness.js";

const transfer = { AccountId: 1, CurrencyCode: "GBP", BeneficiaryId: 2 };
const createPath = "/api/v1/Transfers/CreateAccountTransfer";

describe("a 201 where the spec requires Location", () => {
  it("takes the id from the Location URL's key, not from the body", async () => {
    const { server, client } = harness();
    server.on("POST", createPath, () => json(201, { Id: 999 }, { location: "/api/v1/Transfers(123)" }));
    await expect(client.transfers.createAccountTransfer(transfer)).resolves.toEqual({
      id: 123,
      location: `${BASE_URL}/api/v1/Transfers(123)`,
      body: { Id: 999 },
    });
  });

  it("is an InvalidLocationError without Location: the create happened, once, and the error says so with the body", async () => {
    const { server, client } = harness();
    server.on("POST", createPath, () => json(201, { Id: 5 }));
    const error = (await client.transfers
      .createAccountTransfer(transfer)
      .catch((caught: unknown) => caught)) as InvalidLocationError;
    expect(error).toBeInstanceOf(InvalidLocationError);
    expect(error).toMatchObject({
      code: "missing_location",
      status: 201,
      location: undefined,
      data: { Id: 5 },
      operationId: "createAccountTransfer",
      request: { method: "POST", url: `${BASE_URL}${createPath}` },
    });
    expect(error.message).toMatch(/has no Location header: the resource was created, but its id is unknown/);
    expect(server.to(createPath)).toHaveLength(1);
  });

  it("is an InvalidLocationError when the Location names no key", async () => {
    const { server, client } = harness();
    server.on("POST", createPath, () => empty(201, { location: "/api/v1/Transfers/latest?token=s3cr3t-value" }));
    const error = (await client.transfers
      .createAccountTransfer(transfer)
      .catch((caught: unknown) => caught)) as InvalidLocationError;
    expect(error).toMatchObject({ code: "invalid_location", data: undefined });
    expect(error.location).toBe(`${BASE_URL}/api/v1/Transfers/latest?token=[REDACTED]`);
    expect(JSON.stringify(error)).not.toContain("s3cr3t");
  });

  it("leaves withResponse alone: the raw 201 is a value", async () => {
    const { server, raw } = harness();
    server.on("POST", createPath, () => json(201, { Id: 5 }));
    await expect(raw.transfers.createAccountTransfer(transfer)).resolves.toMatchObject({
      ok: true,
      status: 201,
      data: { Id: 5 },
    });
  });
});

describe("a 201 where the spec does not declare Location", () => {
  const operation = {
    ...operations.createAccountTransfer,
    responses: { ...operations.createAccountTransfer.responses, "201": { mediaType: "application/json" } },
  };
  const result = (response: Response, data: unknown) =>
    createdResult(
      operation,
      { response, data, url: `${BASE_URL}${createPath}` },
      { method: "POST", url: `${BASE_URL}${createPath}` },
      createRedactor([]),
    );

  it("takes the id from a Location when there is one, else from the body's Id, else has none", () => {
    expect(result(empty(201, { location: "/api/v1/Transfers(8)" }), { Id: 9 })).toEqual({
      id: 8,
      location: `${BASE_URL}/api/v1/Transfers(8)`,
      body: { Id: 9 },
    });
    expect(result(empty(201), { Id: 9 })).toEqual({ id: 9, body: { Id: 9 } });
    expect(result(empty(201), { Id: "9" })).toEqual({ body: { Id: "9" } });
  });
});
