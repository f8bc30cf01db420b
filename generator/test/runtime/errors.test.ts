import { describe, expect, it } from "vitest";
import {
  AccountFundsError,
  ApiStatusError,
  AuthenticationError,
  BadRequestError,
  GoneError,
  NotFoundError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  TokenRequestError,
} from "../../runtime/errors.js";
import { errorCodeOf, errorMessageOf } from "../../runtime/error-body.js";
import { errorForStatus } from "../../runtime/status-error.js";

const request = { method: "GET", url: "https://api.test/api/v1/Accounts(1)" };

describe("errors", () => {
  it("names every class (survives minification) and keeps instanceof", () => {
    const made = [400, 401, 404, 410, 418].map((status) =>
      errorForStatus({ status, body: undefined, request, operationId: "op" }),
    );
    expect(made.map((error) => error.name)).toEqual([
      "BadRequestError",
      "AuthenticationError",
      "NotFoundError",
      "GoneError",
      "ApiStatusError",
    ]);
    expect(made.map((error) => error.constructor)).toEqual([
      BadRequestError,
      AuthenticationError,
      NotFoundError,
      GoneError,
      ApiStatusError,
    ]);
    expect(new TokenRequestError({ message: "m", code: "invalid_client" }).name).toBe("TokenRequestError");
    expect(new TimeoutError({ message: "m", timeoutMs: 5 }).timeoutMs).toBe(5);
  });

  it("reads codes and messages from OData and token error bodies", () => {
    expect(errorCodeOf({ error: { code: "BadArgument", message: "Amount must be positive" } })).toBe("BadArgument");
    expect(errorMessageOf({ error: { code: "BadArgument", message: "Amount must be positive" } })).toBe(
      "Amount must be positive",
    );
    expect(errorCodeOf({ error: "invalid_client" })).toBe("invalid_client");
    expect(errorMessageOf({ error: "invalid_client", error_description: "unknown client" })).toBe("unknown client");
    expect(errorCodeOf("text")).toBeUndefined();
    expect(errorMessageOf("  ")).toBeUndefined();
    expect(errorMessageOf("x".repeat(400))).toHaveLength(301);
  });

  it("serialises to JSON without a stack", () => {
    const error = errorForStatus({
      status: 404,
      body: { error: { code: "NotFound", message: "no" } },
      request,
      operationId: "getAccount",
    });
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "NotFoundError",
      message: "404 NotFound: no (GET https://api.test/api/v1/Accounts(1))",
      status: 404,
      code: "NotFound",
      operationId: "getAccount",
      request,
      body: { error: { code: "NotFound", message: "no" } },
    });
    expect(String(error)).toBe("NotFoundError: 404 NotFound: no (GET https://api.test/api/v1/Accounts(1))");
    const issues = [{ path: "/Id", message: "x", keyword: "type", params: { type: "integer" } }];
    const invalid = new ResponseValidationError({ message: "m", issues, data: { Id: "1" } });
    expect(invalid.toJSON()).toMatchObject({ issues });
    expect(invalid.toJSON()).not.toHaveProperty("data");
    const refused = new RequestValidationError({ message: "m", code: "invalid_request", issues });
    expect(refused).toBeInstanceOf(AccountFundsError);
    expect(refused.toJSON()).toMatchObject({ name: "RequestValidationError", code: "invalid_request", issues });
  });
});
