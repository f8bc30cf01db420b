/**
 * `validateRequests`: a body that does not match the spec is refused before anything is sent (not even the token
 * request), a multipart body is checked part by part, and the validators are loaded only by a client that validates.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it, vi } from "vitest";
import type { CompiledValidator, OperationValidators } from "../../../runtime/validation/compiled-validator.js";
import { AccountFundsError, RequestValidationError } from "../../../runtime/errors/errors.js";
import { multipart } from "../../../runtime/bodies/multipart.js";
import { json } from "../fake-fetch.js";
import { harness } from "../harness.js";

const ajv = new Ajv2020({ allErrors: true });
const compile = (schema: object): CompiledValidator => ajv.compile(schema) as unknown as CompiledValidator;
const withdrawal = compile({
  type: "object",
  required: ["AccountId", "CurrencyCode", "BeneficiaryId"],
  properties: {
    AccountId: { type: "integer" },
    CurrencyCode: { type: "string", pattern: "^[A-Z]{3}$" },
    BeneficiaryId: { type: "integer" },
    Amount: { type: "number", exclusiveMinimum: 0 },
  },
});
const validators: Record<string, OperationValidators> = {
  createAccountTransfer: { request: { "application/json": withdrawal } },
  createAccountWithdrawal: {
    request: { "application/json": withdrawal },
    multipart: {
      required: ["Request"],
      values: { Request: withdrawal },
      files: { SupportingDocuments: { multiple: true } },
    },
  },
};
const valid = { AccountId: 1, CurrencyCode: "USD", BeneficiaryId: 2, Amount: 10 };

function validating(
  options: { validateRequests?: boolean; load?: () => Promise<Record<string, OperationValidators>> } = {},
) {
  const loadOperationValidators = vi.fn(options.load ?? (async () => validators));
  const onRequest = vi.fn();
  const onError = vi.fn();
  const setup = harness({
    config: { loadOperationValidators },
    validateRequests: options.validateRequests ?? true,
    hooks: { onRequest, onError },
  });
  setup.server.on("POST", /CreateAccount(Transfer|Withdrawal)/, () =>
    json(201, { Id: 5 }, { location: "/api/v1/Withdrawals(5)" }),
  );
  return { ...setup, loadOperationValidators, onRequest, onError };
}

describe("request validation", () => {
  it("is off by default, and then never loads the validators", async () => {
    const { server, client, loadOperationValidators } = validating({ validateRequests: false });
    await client.transfers.createAccountTransfer({ AccountId: "one" });
    expect(server.to("/api/v1/Transfers/CreateAccountTransfer")).toHaveLength(1);
    expect(loadOperationValidators).not.toHaveBeenCalled();
  });

  it("throws RequestValidationError before anything is sent: no token request, no API request", async () => {
    const { server, client, onRequest, onError } = validating();
    const error = (await client.transfers
      .createAccountTransfer({ AccountId: "one", CurrencyCode: "usd", BeneficiaryId: 2, Amount: 0 })
      .catch((caught: unknown) => caught)) as RequestValidationError;

    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toBeInstanceOf(AccountFundsError);
    expect(error).toMatchObject({ code: "invalid_request", operationId: "createAccountTransfer", status: undefined });
    expect(error.issues).toEqual([
      { path: "/AccountId", keyword: "type", message: "must be integer", params: { type: "integer" } },
      {
        path: "/CurrencyCode",
        keyword: "pattern",
        message: 'must match pattern "^[A-Z]{3}$"',
        params: { pattern: "^[A-Z]{3}$" },
      },
      { path: "/Amount", keyword: "exclusiveMinimum", message: "must be > 0", params: { comparison: ">", limit: 0 } },
    ]);
    expect(error.message).toBe(
      "The request body of transfers.createAccountTransfer does not match the spec: /AccountId must be integer",
    );
    expect(server.requests).toEqual([]);
    expect(onRequest).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledOnce();
  });

  it("sends a valid body", async () => {
    const { server, client, loadOperationValidators } = validating();
    await expect(client.transfers.createAccountTransfer(valid)).resolves.toMatchObject({ id: 5 });
    await client.transfers.createAccountTransfer(valid);
    expect(server.to("/api/v1/Transfers/CreateAccountTransfer")).toHaveLength(2);
    expect(loadOperationValidators).toHaveBeenCalledTimes(2); // the façade's loader caches; the runtime asks it each time
  });

  it("checks a multipart body part by part: Request by its schema, documents (Blobs, Files, bytes) by shape", async () => {
    const { server, client } = validating();
    await client.withdrawals.createAccountWithdrawal(
      multipart({
        Request: valid,
        SupportingDocuments: [
          new File(["%PDF"], "invoice.pdf", { type: "application/pdf" }),
          new Blob(["raw"]),
          { data: new TextEncoder().encode("a,b"), filename: "list.csv", contentType: "text/csv" },
        ],
      }),
    );
    expect(server.to("/api/v1/Withdrawals/CreateAccountWithdrawal")).toHaveLength(1);

    const error = (await client.withdrawals
      .createAccountWithdrawal(
        multipart({
          Request: { ...valid, AccountId: undefined },
          SupportingDocuments: ["<binary>", { data: new Blob([]) }],
        }),
      )
      .catch((caught: unknown) => caught)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.issues.map((issue) => [issue.path, issue.keyword])).toEqual([
      ["/Request", "required"],
      ["/SupportingDocuments/0", "type"],
      ["/SupportingDocuments/1", "required"],
    ]);
    expect(server.to("/api/v1/Withdrawals/CreateAccountWithdrawal")).toHaveLength(1);
  });

  it("refuses a multipart body without its required part", async () => {
    const { server, client } = validating();
    const error = (await client.withdrawals
      .createAccountWithdrawal(multipart({ SupportingDocuments: [new Blob(["x"])] }))
      .catch((caught: unknown) => caught)) as RequestValidationError;
    expect(error.issues).toEqual([
      {
        path: "",
        keyword: "required",
        message: "must have required part 'Request'",
        params: { missingProperty: "Request" },
      },
    ]);
    expect(server.requests).toEqual([]);
  });

  it("reports validators that fail to load as an AccountFundsError, sending nothing", async () => {
    const { server, client } = validating({ load: () => Promise.reject(new Error("chunk failed to load")) });
    const error = (await client.transfers
      .createAccountTransfer(valid)
      .catch((caught: unknown) => caught)) as AccountFundsError;
    expect(error).toBeInstanceOf(AccountFundsError);
    expect(error).toMatchObject({
      code: "validators_unavailable",
      message: "The validators could not be loaded: chunk failed to load",
    });
    expect(server.requests).toEqual([]);
  });

  it("leaves bodies no validator describes alone (a FormData body, an operation without validators)", async () => {
    const { server, client } = validating({ load: async () => ({}) });
    await client.transfers.createAccountTransfer({ AccountId: "one" });
    const form = new FormData();
    form.set("Request", "{}");
    await client.withdrawals.createAccountWithdrawal(form);
    expect(
      server.requests.filter((request) => request.method === "POST" && request.path.startsWith("/api/")),
    ).toHaveLength(2);
  });
});
