/**
 * What the stand-in answers where the reference says "not shown", and what the client must make of it: each case is
 * one call of the generated client (with `validateResponses: true`), the stand-in's answer to it, as an ASP.NET Core
 * OData API and the gateway before it plausibly send it, and the outcome — a success that stays a success, or the
 * typed error. `needsSpec` marks a case the API document must allow first (the i20-spec change: open 201 bodies,
 * ISO 8601 date-times in every form, `default`/`4XX`/`5XX` responses, `Retry-After` as an HTTP-date).
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
  type AccountFundsClient,
  type AccountFundsError,
} from "../../../generated/src/index.js";
import {
  html,
  odataJson,
  type StandIn,
  type StandInAnswer,
  type StandInRequest,
  type StandInRoute,
} from "./stand-in.js";

export type ErrorClass = abstract new (...args: never[]) => AccountFundsError;

export interface StandInCase {
  readonly name: string;
  /** The route the stand-in answers the call on. */
  readonly route: StandInRoute;
  /** The client to call with: the one with the right credentials, or the one whose client secret is refused. */
  readonly client?: "refused-credentials";
  readonly call: (client: AccountFundsClient) => Promise<unknown>;
  /** A success: what it resolves to. */
  readonly success?: (result: unknown, standIn: StandIn) => void;
  /** An error: its class, and what else must hold. */
  readonly error?: {
    readonly class: ErrorClass;
    readonly check?: (error: AccountFundsError, standIn: StandIn) => void;
  };
  /** What the API document must say first, when the current one does not. */
  readonly needsSpec?: string;
}

const TRANSFER = { AccountId: 2001, CurrencyCode: "EUR", Amount: 125, BeneficiaryId: 3001, Reference: "INV-2025-0142" };
const WITHDRAWAL = { AccountId: 2001, CurrencyCode: "EUR", Amount: 80, BeneficiaryId: 4001, Reference: "PO-88251" };
const BENEFICIARY = {
  AccountId: 2001,
  Name: "Atelier Lumière",
  CurrencyCode: "EUR",
  PaymentRouting: { Type: "BicIban", CountryCode: "FR", Bic: "PSSTFRPP", Iban: "FR1420041010050500013M02606" },
  BeneficiaryType: "Company",
  Address: { Street: "Rue du Faubourg Saint-Antoine", Town: "Paris", PostCode: "75012", CountryCode: "FR" },
} as const;
const EXCHANGE = {
  AccountId: 2001,
  SourceCurrencyCode: "GBP",
  TargetCurrencyCode: "EUR",
  Goal: 1000,
  GoalType: "Buy",
} as const;
const ALERT = { SourceCurrencyCode: "GBP", TargetCurrencyCode: "USD", Limit: 1.3 };

/** A route matched by the request body's `field` (so one operation serves a success and an error). */
function byBody(field: string, value: unknown): (request: StandInRequest) => boolean {
  return (request) => {
    try {
      return (JSON.parse(request.body) as Record<string, unknown>)[field] === value;
    } catch {
      return false;
    }
  };
}

const created = (location: string, extra: Partial<StandInAnswer> = {}): StandInAnswer => ({
  status: 201,
  ...extra,
  headers: { location, ...extra.headers },
});

const alert = (id: number, dates: Readonly<Record<string, string | null>>) => ({
  Id: id,
  SourceCurrencyCode: "GBP",
  TargetCurrencyCode: "USD",
  Limit: 1.3,
  Rate: 1.2874,
  Active: true,
  ...dates,
});

const EXTENDED_FORMS = [
  "2024-01-01T09:30:00Z",
  "2024-01-01T09:30:00.1234567",
  "2024-01-01T09:30:00+01:00",
  "2024-01-01T09:30",
  "2024-01-01t09:30:00,5z",
];
const OTHER_FORMS = {
  CreatedDate: "20240101T093000Z",
  ValueDate: "2024-001T00:00:00Z",
  NotifiedDate: "2024-W01-1T09:30:00.5+01:00",
  CancelledDate: "20240101T093000,1234567+0100",
};

/** An HTTP-date `ms` from now (RFC 9110 §5.6.7, IMF-fixdate). */
const httpDate = (ms: number): string => new Date(Date.now() + ms).toUTCString();

const problem = (status: number, title: string, extra: Record<string, unknown> = {}): StandInAnswer => ({
  status,
  headers: { "content-type": "application/problem+json; charset=utf-8" },
  body: JSON.stringify({
    type: "https://tools.ietf.org/html/rfc9110#section-15.5.1",
    title,
    status,
    traceId: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00",
    ...extra,
  }),
});

export const successCases: readonly StandInCase[] = [
  {
    name: "201 with a Location and no body",
    route: {
      method: "POST",
      path: "/api/v1/Transfers/CreateAccountTransfer",
      matches: byBody("BeneficiaryId", TRANSFER.BeneficiaryId),
      answer: (request) => created(`${request.origin}/api/v1/Transfers(5003)`),
    },
    call: (client) => client.transfers.createAccountTransfer(TRANSFER),
    success: (result) => expect(result).toMatchObject({ id: 5003, body: undefined }),
    needsSpec: "201 bodies optional and open (Prism: no media type, and the CreateResultDto body is required)",
  },
  {
    name: "201 with a relative Location and {}",
    route: {
      method: "POST",
      path: "/api/v1/Withdrawals/CreateAccountWithdrawal",
      matches: byBody("BeneficiaryId", WITHDRAWAL.BeneficiaryId),
      answer: () => created("/api/v1/Withdrawals(7001)", odataJson(201, {})),
    },
    call: (client) => client.withdrawals.createAccountWithdrawal(WITHDRAWAL),
    success: (result) =>
      expect(result).toEqual({
        id: 7001,
        location: expect.stringMatching(/\/api\/v1\/Withdrawals\(7001\)$/),
        body: {},
      }),
    needsSpec: "201 bodies open (Prism: `{}` has no Id)",
  },
  {
    name: "201 with a lower-case Location on another host and the created entity",
    route: {
      method: "POST",
      path: "/api/v1/Beneficiaries/CreateWithdrawalBeneficiary",
      answer: () =>
        created(
          "https://api-eu.example.test/api/v1/beneficiaries(8001)",
          odataJson(201, {
            "@odata.context": "https://api-eu.example.test/api/v1/$metadata#Beneficiaries/$entity",
            Id: 8001,
            AccountId: 2001,
            Name: "Atelier Lumière",
            CurrencyCode: "EUR",
            StatusCode: "P",
            Status: "Pending",
          }),
        ),
    },
    call: (client) => client.beneficiaries.createWithdrawalBeneficiary(BENEFICIARY),
    success: (result) => expect(result).toMatchObject({ id: 8001, body: { Id: 8001, Status: "Pending" } }),
  },
  {
    name: "201 with a text body and a Location keyed Id=",
    route: {
      method: "POST",
      path: "/api/v1/Alerts/Create",
      matches: byBody("Limit", ALERT.Limit),
      answer: (request) =>
        created(`${request.origin}/api/v1/Alerts(Id=9001)`, {
          headers: { "content-type": "text/plain; charset=utf-8" },
          body: "Created",
        }),
    },
    call: (client) => client.alerts.createAlert(ALERT),
    success: (result) => expect(result).toMatchObject({ id: 9001, body: "Created" }),
    needsSpec: "201 bodies open, any media type (Prism: text/plain is not application/json)",
  },
  {
    name: "201 with a CreateResultDto as OData JSON",
    route: {
      method: "POST",
      path: "/api/v1/Exchanges/Create",
      matches: byBody("Goal", EXCHANGE.Goal),
      answer: (request) => created(`${request.origin}/api/v1/Exchanges(12)`, odataJson(201, { Id: 12 })),
    },
    call: (client) => client.exchanges.createExchange(EXCHANGE),
    success: (result) => expect(result).toMatchObject({ id: 12, body: { Id: 12 } }),
  },
  {
    name: "200 without a body for a command",
    route: { method: "POST", path: "/api/v1/Transfers/11/Approve", answer: () => ({ status: 200 }) },
    call: (client) => client.transfers.approveTransfer(11),
    success: (result) => expect(result).toBeUndefined(),
  },
  {
    name: "200 with a JSON body for a command the reference shows none of",
    route: {
      method: "POST",
      path: "/api/v1/Withdrawals/11/Approve",
      answer: () => odataJson(200, { Id: 11, StatusCode: "A", Status: "Approved" }),
    },
    call: (client) => client.withdrawals.approveWithdrawal(11),
    success: (result) => expect(result).toEqual({ Id: 11, StatusCode: "A", Status: "Approved" }),
  },
  {
    name: "ISO 8601 date-times in the extended forms .NET and others write",
    route: {
      method: "GET",
      path: "/api/v1/Alerts",
      answer: (request) =>
        odataJson(200, {
          "@odata.context": `${request.origin}/api/v1/$metadata#Alerts`,
          value: EXTENDED_FORMS.map((form, index) => alert(index + 1, { CreatedDate: form, ValueDate: form })),
        }),
    },
    call: (client) => client.alerts.listAlerts(),
    success: (result) =>
      expect((result as { value: { CreatedDate: string }[] }).value.map((entity) => entity.CreatedDate)).toEqual(
        EXTENDED_FORMS,
      ),
  },
  {
    name: "ISO 8601 date-times in the basic format, as ordinal and as week dates",
    route: {
      method: "GET",
      path: "/api/v1/Alerts(20240101)",
      answer: (request) =>
        odataJson(200, {
          "@odata.context": `${request.origin}/api/v1/$metadata#Alerts/$entity`,
          ...alert(20240101, OTHER_FORMS),
        }),
    },
    call: (client) => client.alerts.getAlert(20240101),
    success: (result) => expect(result).toMatchObject(OTHER_FORMS),
    needsSpec:
      "the DateTime pattern admits the basic format, ordinal and week dates (format iso8601-date-time already does; client and Prism)",
  },
  {
    name: "OData server-driven paging with @odata.count and a same-origin next link",
    route: {
      method: "GET",
      path: "/api/v1/Accounts",
      answer: (request) => {
        const second = request.query.get("$skiptoken") === "2";
        const accounts = (second ? [3, 4] : [1, 2]).map((id) => ({
          Id: 2000 + id,
          EntityId: 1001,
          Name: `Account ${id}`,
          AccountNumber: `1000200${id}`,
          StatusCode: "A",
          Status: "Active",
        }));
        return odataJson(200, {
          "@odata.context": `${request.origin}/api/v1/$metadata#Accounts`,
          "@odata.count": 4,
          value: accounts,
          ...(second ? {} : { "@odata.nextLink": `${request.origin}/api/v1/Accounts?$count=true&$skiptoken=2` }),
        });
      },
    },
    call: async (client) => {
      const ids: unknown[] = [];
      for await (const account of client.accounts.listAccounts.paginate({ $count: true })) ids.push(account.Id);
      return ids;
    },
    success: (result) => expect(result).toEqual([2001, 2002, 2003, 2004]),
  },
  {
    name: "text/plain MT103 confirmation",
    route: {
      method: "GET",
      path: "/api/v1/Withdrawals/3/ConfirmationMT103",
      answer: () => ({
        status: 200,
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: "{1:F01PSSTFRPPAXXX0000000000}{2:I103DEUTDEFFXXXXN}{4:\r\n:20:PO-88251\r\n:32A:250311EUR80,00\r\n-}",
      }),
    },
    call: (client) => client.withdrawals.getWithdrawalConfirmationMt103(3),
    success: (result) => expect(result).toMatch(/^\{1:F01PSSTFRPPAXXX/),
  },
  {
    name: "HTML 503 with an HTTP-date Retry-After a second ahead, then 200: waited for and retried",
    route: {
      method: "GET",
      path: "/api/v1/Transfers(5001)",
      answer: (request) =>
        request.seen % 2 === 0
          ? html(503, "503 Service Unavailable", { "retry-after": httpDate(1_000) })
          : odataJson(200, {
              "@odata.context": `${request.origin}/api/v1/$metadata#Transfers/$entity`,
              Id: 5001,
              AccountId: 2001,
              CurrencyCode: "EUR",
              Amount: 12500,
              CreatedDate: "2025-03-11T10:04:12.1234567",
              StatusCode: "C",
              Status: "Completed",
            }),
    },
    call: (client) => client.transfers.getTransfer(5001),
    needsSpec: "503 with an open body (HTML) and Retry-After as an HTTP-date (Prism)",
    success: (result, standIn) => {
      expect(result).toMatchObject({ Id: 5001, Status: "Completed" });
      expect(standIn.to("GET", "/api/v1/Transfers(5001)").length % 2).toBe(0);
    },
  },
];

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

/** The token service (IdentityServer): a JWT for the right credentials, never cached (RFC 6749 §5.1). */
export const tokenRoute: StandInRoute = {
  method: "POST",
  path: "/connect/token",
  answer: () => ({
    status: 200,
    headers: { "content-type": "application/json; charset=UTF-8", "cache-control": "no-store", pragma: "no-cache" },
    body: JSON.stringify({
      access_token: "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzdGFuZC1pbiJ9.c2lnbmF0dXJlLW9mLXRoZS1zdGFuZC1pbg",
      expires_in: 900,
      token_type: "Bearer",
      scope: "serviceFXAPI",
    }),
  }),
};

/** Every route of the stand-in: the cases' (more specific first) and the token service. */
export const routes: readonly StandInRoute[] = [
  ...[...errorCases, ...successCases].map((testCase) => testCase.route),
  tokenRoute,
];

export const credentials = {
  clientId: "stand-in-client",
  clientSecret: "stand-in-secret-0123456789",
  username: "service-user@example.com",
  password: "stand-in-password-0123456789",
};
