import { describe, expect, it } from "vitest";
import {
  AccountFundsError,
  ApiStatusError,
  AuthenticationError,
  BadRequestError,
  GoneError,
  NotFoundError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  TokenRequestError,
} from "../../../runtime/errors/errors.js";
import { errorCodeOf, errorMessageOf, readErrorBody } from "../../../runtime/errors/error-body.js";
import { errorForStatus } from "../../../runtime/errors/status-error.js";

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

describe("error bodies of any shape: code, most useful message, field errors", () => {
  it("reads OData errors with details and OData v3's odata.error", () => {
    expect(
      readErrorBody({
        error: {
          code: "BadArgument",
          message: "The request is invalid.",
          target: "Amount",
          details: [{ code: "Range", message: "must be positive", target: "Amount" }, { message: "no target" }],
        },
      }),
    ).toEqual({
      code: "BadArgument",
      message: "The request is invalid.",
      fieldErrors: { Amount: ["must be positive"] },
    });
    expect(readErrorBody({ error: { code: "c", message: "too small", target: "/Amount" } })).toEqual({
      code: "c",
      message: "too small",
      fieldErrors: { "/Amount": ["too small"] },
    });
    expect(readErrorBody({ "odata.error": { code: "X", message: { lang: "en-US", value: "old style" } } })).toEqual({
      code: "X",
      message: "old style",
    });
  });

  it("reads ASP.NET Core ValidationProblemDetails, RFC 9457 error lists and Web API 2's ModelState", () => {
    expect(
      readErrorBody({
        type: "https://tools.ietf.org/html/rfc9110#section-15.5.1",
        title: "One or more validation errors occurred.",
        status: 400,
        errors: { Reference: ["too long", "bad characters"], "$.Amount": ["not a number"] },
      }),
    ).toEqual({
      message: "One or more validation errors occurred.",
      fieldErrors: { Reference: ["too long", "bad characters"], "$.Amount": ["not a number"] },
    });
    expect(
      readErrorBody({
        title: "t",
        detail: "the detail wins",
        errors: [{ pointer: "#/Amount", detail: "must be > 0" }, { detail: "general" }],
      }),
    ).toEqual({ message: "the detail wins", fieldErrors: { "#/Amount": ["must be > 0"], "": ["general"] } });
    expect(readErrorBody({ Message: "The request is invalid.", ModelState: { "request.Goal": ["too big"] } })).toEqual({
      message: "The request is invalid.",
      fieldErrors: { "request.Goal": ["too big"] },
    });
    expect(readErrorBody([{ propertyName: "Amount", errorMessage: "x" }])).toEqual({});
  });

  it("reads an HTML page's title, else its first heading, else its text; plain text as it is", () => {
    expect(
      readErrorBody(
        "<!DOCTYPE html><html><head><title>503 Service &amp; Co</title></head><body><h1>x</h1></body></html>",
      ),
    ).toEqual({
      message: "503 Service & Co",
    });
    expect(readErrorBody("<html><body><h2>Bad &#x47;ateway</h2><script>alert(1)</script></body></html>")).toEqual({
      message: "Bad Gateway",
    });
    expect(readErrorBody("<html><body><p>only  text\n here</p></body></html>")).toEqual({ message: "only text here" });
    expect(readErrorBody("error code: 520")).toEqual({ message: "error code: 520" });
    expect(readErrorBody("   ")).toEqual({});
    expect(readErrorBody(undefined)).toEqual({});
  });

  it("says each field error once: a summary's repeat left out, a lone message named by its field", () => {
    const sortCode = 'SortCode is written "40-05-15"; the API takes "400515".';
    const summary = errorForStatus({
      status: 400,
      body: {
        error: {
          code: "invalid_body",
          message: `/PaymentRouting/SortCode: ${sortCode}`,
          target: "/PaymentRouting/SortCode",
          details: [
            { code: "presentation_form", message: sortCode, target: "/PaymentRouting/SortCode" },
            {
              code: "invalid_length",
              message: "must have 8 characters, not 7.",
              target: "/PaymentRouting/AccountNumber",
            },
          ],
        },
      },
      request,
      operationId: "op",
    });
    expect(summary.message).toBe(
      `400 invalid_body: /PaymentRouting/SortCode: ${sortCode} — /PaymentRouting/AccountNumber: must have 8 characters, not 7. (GET ${request.url})`,
    );
    expect(summary).toMatchObject({
      fieldErrors: {
        "/PaymentRouting/SortCode": [sortCode],
        "/PaymentRouting/AccountNumber": ["must have 8 characters, not 7."],
      },
    });
    const lone = errorForStatus({
      status: 400,
      body: { error: { code: "invalid_amount", message: "Amount must be above 0.", target: "/Amount" } },
      request,
      operationId: "op",
    });
    expect(lone.message).toBe(`400 invalid_amount: /Amount: Amount must be above 0. (GET ${request.url})`);
    const prefixed = errorForStatus({
      status: 400,
      body: { title: "Invalid.", errors: { Reference: ["Reference: too long", "Reference: too long"] } },
      request,
      operationId: "op",
    });
    expect(prefixed.message).toBe(`400 Invalid. — Reference: too long; too long (GET ${request.url})`);
  });

  it("makes the message: the body's, with the fields it names, else the reason phrase; the class by status", () => {
    const problem = errorForStatus({
      status: 400,
      body: { title: "One or more validation errors occurred.", errors: { Reference: ["too long"] } },
      rawBody: '{"title":"..."}',
      request,
      operationId: "op",
      retryAfterMs: 5_000,
    });
    expect(problem).toBeInstanceOf(BadRequestError);
    expect(problem.message).toBe(
      `400 One or more validation errors occurred. — Reference: too long (GET ${request.url})`,
    );
    expect(problem).toMatchObject({
      fieldErrors: { Reference: ["too long"] },
      rawBody: '{"title":"..."}',
      retryAfterMs: 5_000,
    });
    const classes = [429, 500, 503, 520, 599, 300, 304, 408, 413].map((status) =>
      errorForStatus({ status, body: undefined, request, operationId: "op" }),
    );
    expect(classes.map((error) => error.name)).toEqual([
      "RateLimitError",
      "ServerError",
      "ServerError",
      "ServerError",
      "ServerError",
      "RedirectError",
      "RedirectError",
      "ApiStatusError",
      "ApiStatusError",
    ]);
    expect(classes.map((error) => error.message.replace(/ \(GET .*$/, ""))).toEqual([
      "429 Too Many Requests",
      "500 Internal Server Error",
      "503 Service Unavailable",
      "520 request failed",
      "599 request failed",
      "300 Multiple Choices",
      "304 Not Modified",
      "408 Request Timeout",
      "413 Content Too Large",
    ]);
    expect(classes.every((error) => error instanceof ApiStatusError && error.rawBody === "")).toBe(true);
    expect(new RateLimitError({ message: "m", status: 429 })).toBeInstanceOf(ApiStatusError);
    expect(new ServerError({ message: "m", status: 500 }).toJSON()).toMatchObject({ retryAfterMs: undefined });
  });
});

describe("error bodies: linear, whatever a hostile server sends", () => {
  it("finds a message in pathological HTML of megabytes (finishing at all is the property)", () => {
    for (const page of [
      `<html>${"<title".repeat(400_000)}`,
      `<html><title>${"<".repeat(2_000_000)}`,
      `<html>${"<script>".repeat(300_000)}`,
      `<!doctype html>${"<h1><h2>".repeat(250_000)}`,
    ]) {
      expect(typeof (readErrorBody(page).message ?? "")).toBe("string");
    }
  });
});
