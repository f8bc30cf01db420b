/**
 * Errors the real API and its gateway plausibly send where the reference says "not shown" — ProblemDetails and Web
 * API 2 HttpErrors naming fields, OData errors, empty 401s and 408s, HTML 502, 503 and 413 pages, an unknown 520, a
 * 429 with `Retry-After`, a refused token request — each of which the client must make its typed error.
 */
import { expect } from "vitest";
import {
  ApiStatusError,
  AuthenticationError,
  BadRequestError,
  GoneError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TokenRequestError,
} from "../../../generated/src/index.js";
import { html, odataJson } from "./stand-in.js";
import { ALERT, EXCHANGE, TRANSFER, WITHDRAWAL, byBody, httpDate, problem, type StandInCase } from "./stand-in-case.js";

export const errorCases: readonly StandInCase[] = [
  {
    name: "400 ASP.NET Core ValidationProblemDetails naming a field",
    route: {
      method: "POST",
      path: "/api/v1/Transfers/CreateAccountTransfer",
      matches: byBody("BeneficiaryId", 400),
      answer: () =>
        problem(400, "One or more validation errors occurred.", {
          errors: { BeneficiaryId: ["The transfer beneficiary 400 does not exist or is not enabled."] },
        }),
    },
    call: (client) => client.transfers.createAccountTransfer({ ...TRANSFER, BeneficiaryId: 400 }),
    error: {
      class: BadRequestError,
      check: (error) => {
        expect(error.message).toContain("BeneficiaryId: The transfer beneficiary 400 does not exist");
        expect((error as BadRequestError).fieldErrors).toEqual({
          BeneficiaryId: ["The transfer beneficiary 400 does not exist or is not enabled."],
        });
        expect((error as BadRequestError).rawBody).toContain('"traceId"');
      },
    },
    needsSpec: "400 with an open body: ProblemDetails is no ODataError (Prism: required property 'error')",
  },
  {
    name: "400 ASP.NET Web API HttpError with ModelState",
    route: {
      method: "POST",
      path: "/api/v1/Exchanges/Create",
      matches: byBody("Goal", 400),
      answer: () =>
        odataJson(400, {
          Message: "The request is invalid.",
          ModelState: { "request.Goal": ["Goal exceeds the daily limit."] },
        }),
    },
    call: (client) => client.exchanges.createExchange({ ...EXCHANGE, Goal: 400 }),
    error: {
      class: BadRequestError,
      check: (error) => {
        expect(error.message).toMatch(/^400 The request is invalid\. — request\.Goal: Goal exceeds the daily limit\./);
        expect((error as BadRequestError).fieldErrors).toEqual({ "request.Goal": ["Goal exceeds the daily limit."] });
      },
    },
    needsSpec: "400 with an open body: an HttpError is no ODataError (Prism: required property 'error')",
  },
  {
    name: "404 OData error",
    route: {
      method: "GET",
      path: "/api/v1/Accounts(404)",
      answer: () => odataJson(404, { error: { code: "NotFound", message: "No account with key 404." } }),
    },
    call: (client) => client.accounts.getAccount(404),
    error: { class: NotFoundError, check: (error) => expect(error.code).toBe("NotFound") },
  },
  {
    name: "410 OData error",
    route: {
      method: "POST",
      path: "/api/v1/Transfers/410/Cancel",
      answer: () => odataJson(410, { error: { code: "Gone", message: "The transfer can no longer be cancelled." } }),
    },
    call: (client) => client.transfers.cancelTransfer(410),
    error: { class: GoneError, check: (error) => expect(error.message).toContain("can no longer be cancelled") },
  },
  {
    name: "empty 401 with WWW-Authenticate, after one fresh token",
    route: {
      method: "GET",
      path: "/api/v1/Accounts(401)",
      answer: () => ({ status: 401, headers: { "www-authenticate": 'Bearer error="invalid_token"' } }),
    },
    call: (client) => client.accounts.getAccount(401),
    error: {
      class: AuthenticationError,
      check: (error, standIn) => {
        expect((error as AuthenticationError).rawBody).toBe("");
        expect(error.message).toMatch(/^401 Unauthorized/);
        expect(standIn.to("GET", "/api/v1/Accounts(401)")).toHaveLength(2);
      },
    },
    needsSpec: "401 body optional (Prism: no media type, body must be object)",
  },
  {
    name: "empty 408 from the gateway on a command: not repeated",
    route: { method: "POST", path: "/api/v1/Withdrawals/408/Approve", answer: () => ({ status: 408 }) },
    call: (client) => client.withdrawals.approveWithdrawal(408),
    error: {
      class: ApiStatusError,
      check: (error, standIn) => {
        expect(error.status).toBe(408);
        expect(error.message).toMatch(/^408 Request Timeout/);
        expect(standIn.to("POST", "/api/v1/Withdrawals/408/Approve")).toHaveLength(1);
      },
    },
    needsSpec: "408 as 4XX/default with an optional, open body (Prism: no media type, body must be object)",
  },
  {
    name: "HTML 503 with an HTTP-date Retry-After hours ahead: fails fast with retryAfterMs",
    route: {
      method: "GET",
      path: "/api/v1/Transfers(503)",
      answer: () => html(503, "503 Service Unavailable", { "retry-after": httpDate(2 * 3_600_000) }),
    },
    call: (client) => client.transfers.getTransfer(503),
    error: {
      class: ServerError,
      check: (error, standIn) => {
        expect(error.message).toMatch(/^503 503 Service Unavailable \(GET /);
        expect((error as ServerError).retryAfterMs).toBeGreaterThan(3_600_000);
        expect((error as ServerError).rawBody).toContain("<title>503 Service Unavailable</title>");
        expect(standIn.to("GET", "/api/v1/Transfers(503)")).toHaveLength(1);
      },
    },
    needsSpec:
      "503 as 5XX/default with an open body (Prism: text/html) and Retry-After as an HTTP-date (Prism: must be integer)",
  },
  {
    name: "unknown 5xx (520) with a text body",
    route: {
      method: "GET",
      path: "/api/v1/Alerts(520)",
      answer: () => ({ status: 520, headers: { "content-type": "text/plain" }, body: "error code: 520" }),
    },
    call: (client) => client.alerts.getAlert(520),
    error: { class: ServerError, check: (error) => expect(error.message).toMatch(/^520 error code: 520/) },
    needsSpec: "5XX/default responses (Prism: unable to match the status 520)",
  },
  {
    name: "HTML 502 from the gateway on a command: not repeated",
    route: {
      method: "POST",
      path: "/api/v1/Alerts/Create",
      matches: byBody("Limit", 502),
      answer: () => html(502, "502 Bad Gateway"),
    },
    call: (client) => client.alerts.createAlert({ ...ALERT, Limit: 502 }),
    error: {
      class: ServerError,
      check: (error, standIn) => {
        expect(error.message).toMatch(/^502 502 Bad Gateway/);
        expect(standIn.to("POST", "/api/v1/Alerts/Create").filter(byBody("Limit", 502))).toHaveLength(1);
      },
    },
    needsSpec: "5XX/default responses (Prism: 502 not declared)",
  },
  {
    name: "429 with Retry-After seconds on a command: not repeated, retryAfterMs given",
    route: {
      method: "POST",
      path: "/api/v1/Exchanges/Create",
      matches: byBody("Goal", 429),
      answer: () => {
        const answer = problem(429, "Too Many Requests", { detail: "Rate limit exceeded. Try again in 30 seconds." });
        return { ...answer, headers: { ...answer.headers, "retry-after": "30" } };
      },
    },
    call: (client) => client.exchanges.createExchange({ ...EXCHANGE, Goal: 429 }),
    error: {
      class: RateLimitError,
      check: (error, standIn) => {
        expect(error.message).toContain("Rate limit exceeded");
        expect((error as RateLimitError).retryAfterMs).toBe(30_000);
        expect(standIn.to("POST", "/api/v1/Exchanges/Create").filter(byBody("Goal", 429))).toHaveLength(1);
      },
    },
    needsSpec: "4XX/default responses (Prism: 429 not declared)",
  },
  {
    name: "413 HTML from the gateway",
    route: {
      method: "POST",
      path: "/api/v1/Withdrawals/CreateAccountWithdrawal",
      matches: byBody("BeneficiaryId", 413),
      answer: () => html(413, "413 Request Entity Too Large"),
    },
    call: (client) => client.withdrawals.createAccountWithdrawal({ ...WITHDRAWAL, BeneficiaryId: 413 }),
    error: { class: ApiStatusError, check: (error) => expect(error.status).toBe(413) },
    needsSpec: "413 as 4XX/default with an open body (Prism: text/html is not application/json)",
  },
  {
    name: "500 ProblemDetails without field errors",
    route: {
      method: "POST",
      path: "/api/v1/Transfers/500/Reject",
      answer: () => problem(500, "An error occurred while processing your request.", { detail: "Timeout expired." }),
    },
    call: (client) => client.transfers.rejectTransfer(500),
    error: { class: ServerError, check: (error) => expect(error.message).toMatch(/^500 Timeout expired\./) },
    needsSpec: "5XX/default responses (Prism: 500 not declared)",
  },
  {
    name: "token request refused: 400 invalid_client",
    client: "refused-credentials",
    route: {
      method: "POST",
      path: "/connect/token",
      matches: (request) => new URLSearchParams(request.body).get("client_secret") === "refused-secret",
      answer: () => ({
        status: 400,
        headers: { "content-type": "application/json; charset=UTF-8", "cache-control": "no-store", pragma: "no-cache" },
        body: JSON.stringify({ error: "invalid_client", error_description: "The client secret is wrong." }),
      }),
    },
    call: (client) => client.accounts.getAccount(1),
    error: {
      class: TokenRequestError,
      check: (error) => {
        expect(error.code).toBe("invalid_client");
        expect(error.message).not.toContain("refused-secret");
      },
    },
  },
];
