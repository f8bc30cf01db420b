/**
 * The README's promise, site by site: every error the client throws is an `AccountFundsError` with `request`
 * (method and redacted URL), `operationId` and `clientMethod` (the method called), whatever failed (a RangeError in a
 * `$filter` callback included). Each
 * scenario reaches one construction site of the runtime; a scan
 * of the runtime's sources lists the sites, so a new site without a scenario fails here.
 */
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { CompiledValidator } from "../../../runtime/validation/compiled-validator.js";
import { AccountFundsError } from "../../../runtime/errors/errors.js";
import { hang, json, odataError } from "../fake-fetch.js";
import { BASE_URL } from "../fixtures.js";
import { harness, type Harness, type HarnessOptions } from "../harness.js";

interface Scenario {
  /** The construction site it reaches: `file:Class` (`errors.ts:errorForStatus` for the status classes). */
  readonly site: string;
  readonly name: string;
  readonly options?: HarnessOptions;
  /** Routes the fake API, then makes the call that fails. */
  readonly run: (h: Harness) => Promise<unknown>;
  readonly operationId: string;
  /** The method called, when the operation is not its own (a token request): else the operation's method. */
  readonly clientMethod?: string;
  /** The request the error names. */
  readonly request: { readonly method: string; readonly url: string | RegExp };
}

const rejectAll: CompiledValidator = Object.assign(
  (data: unknown) => {
    rejectAll.errors = [
      {
        instancePath: "",
        schemaPath: "#/type",
        keyword: "type",
        params: { type: "object" },
        message: "must be object",
      },
    ];
    return data === "never";
  },
  { errors: null },
);
const allValidators = {
  getAccount: { responses: { "200": { "application/json": rejectAll } } },
  createAccountTransfer: { request: { "application/json": rejectAll } },
};

/** The method of each operation the scenarios call. */
const methodOf: Readonly<Record<string, string>> = {
  getAccount: "accounts.getAccount",
  listAccounts: "accounts.listAccounts",
  listAccountBalances: "accounts.listBalances",
  createAccountTransfer: "transfers.createAccountTransfer",
};

const transfer = { AccountId: 1, CurrencyCode: "GBP", BeneficiaryId: 2 };
const createTransfer = { method: "POST", url: `${BASE_URL}/api/v1/Transfers/CreateAccountTransfer` };
const getAccount = { method: "GET", url: `${BASE_URL}/api/v1/Accounts(1)` };
const listAccounts = { method: "GET", url: `${BASE_URL}/api/v1/Accounts` };

/** Drains a paginate iterator. */
async function drain(iterator: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of iterator) void _;
}

const scenarios: readonly Scenario[] = [
  {
    site: "status-error.ts:errorForStatus",
    name: "a 404",
    run: ({ server, client }) => (
      server.on("GET", "/api/v1/Accounts(1)", () => odataError(404, "NotFound", "no")),
      client.accounts.getAccount(1)
    ),
    operationId: "getAccount",
    request: getAccount,
  },
  {
    site: "status-error.ts:errorForStatus",
    name: "a 404 of a method named otherwise than its operation",
    run: ({ server, client }) => (
      server.on("GET", "/api/v1/Accounts(1)/Balances", () => odataError(404, "NotFound", "no")),
      client.accounts.listBalances(1)
    ),
    operationId: "listAccountBalances",
    request: { method: "GET", url: `${BASE_URL}/api/v1/Accounts(1)/Balances` },
  },
  {
    site: "status-error.ts:errorForStatus",
    name: "a 300 (a redirect fetch never follows)",
    run: ({ server, client }) => (
      server.on("GET", "/api/v1/Accounts(1)", () => new Response(null, { status: 300 })),
      client.accounts.getAccount(1)
    ),
    operationId: "getAccount",
    request: getAccount,
  },
  {
    site: "redirect.ts:RedirectError",
    name: "a command answered by a 307",
    run: ({ server, client }) => (
      server.on(
        "POST",
        "/api/v1/Transfers/CreateAccountTransfer",
        () => new Response(null, { status: 307, headers: { location: "https://elsewhere.test/x" } }),
      ),
      client.transfers.createAccountTransfer(transfer)
    ),
    operationId: "createAccountTransfer",
    request: createTransfer,
  },
  {
    site: "response-text.ts:ResponseTooLargeError",
    name: "a body past maxResponseBytes",
    options: { maxResponseBytes: 10, auth: { credentials: undefined, tokenProvider: () => "a-token-from-elsewhere" } },
    run: ({ server, client }) => (
      server.on("GET", "/api/v1/Accounts(1)", () => json(200, { Id: 1, Name: "long enough" })),
      client.accounts.getAccount(1)
    ),
    operationId: "getAccount",
    request: getAccount,
  },
  {
    site: "transport.ts:InvalidArgumentError",
    name: "a header value fetch refuses",
    run: ({ client }) => client.accounts.getAccount(1, undefined, { headers: { "x-id": "a\u0000b" } }),
    operationId: "getAccount",
    request: getAccount,
  },
  {
    site: "call-errors.ts:InvalidArgumentError",
    name: "an argument refused deep down ($top of -1)",
    run: ({ client }) => client.accounts.listAccounts({ $top: -1 }),
    operationId: "listAccounts",
    request: listAccounts,
  },
  {
    site: "call-errors.ts:InvalidArgumentError",
    name: "a $filter callback throwing a TypeError",
    run: ({ client }) =>
      client.accounts.listAccounts({
        $filter: () => {
          throw new TypeError("not a filter");
        },
      }),
    operationId: "listAccounts",
    request: listAccounts,
  },
  {
    site: "call-errors.ts:AccountFundsError",
    name: "a $filter callback throwing something else",
    run: ({ client }) =>
      client.accounts.listAccounts({
        $filter: () => {
          throw new RangeError("out of range");
        },
      }),
    operationId: "listAccounts",
    request: listAccounts,
  },
  {
    site: "call-validation.ts:RequestValidationError",
    name: "a request body that does not match the spec",
    options: { validateRequests: true, config: { loadOperationValidators: async () => allValidators } },
    run: ({ client }) => client.transfers.createAccountTransfer(transfer),
    operationId: "createAccountTransfer",
    request: createTransfer,
  },
  {
    site: "call-validation.ts:ResponseValidationError",
    name: "a response body that does not match the spec",
    options: { validateResponses: true, config: { loadOperationValidators: async () => allValidators } },
    run: ({ server, client }) => (
      server.on("GET", "/api/v1/Accounts(1)", () => json(200, { Id: 1 })),
      client.accounts.getAccount(1)
    ),
    operationId: "getAccount",
    request: getAccount,
  },
  {
    site: "call-validation.ts:AccountFundsError",
    name: "validators that cannot be loaded",
    options: {
      validateResponses: true,
      config: { loadOperationValidators: () => Promise.reject(new Error("chunk missing")) },
    },
    run: ({ server, client }) => (
      server.on("GET", "/api/v1/Accounts(1)", () => json(200, { Id: 1 })),
      client.accounts.getAccount(1)
    ),
    operationId: "getAccount",
    request: getAccount,
  },
  {
    site: "response-body.ts:AccountFundsError",
    name: "a success body that is not JSON",
    run: ({ server, client }) => (
      server.on("GET", "/api/v1/Accounts(1)", () => new Response("<html>", { status: 200 })),
      client.accounts.getAccount(1)
    ),
    operationId: "getAccount",
    request: getAccount,
  },
  {
    site: "created.ts:InvalidLocationError",
    name: "a 201 without Location",
    run: ({ server, client }) => (
      server.on("POST", "/api/v1/Transfers/CreateAccountTransfer", () => json(201, { Id: 1 })),
      client.transfers.createAccountTransfer(transfer)
    ),
    operationId: "createAccountTransfer",
    request: createTransfer,
  },
  {
    site: "paging.ts:PagingError",
    name: "a next link to another origin",
    run: ({ server, client }) => (
      server.on("GET", "/api/v1/Accounts", () =>
        json(200, { value: [], "@odata.nextLink": "https://elsewhere.test/api/v1/Accounts?$skip=1" }),
      ),
      drain(client.accounts.listAccounts.paginate())
    ),
    operationId: "listAccounts",
    request: listAccounts,
  },
  {
    site: "transport.ts:AbortError",
    name: "an aborted call",
    run: ({ client }) => client.accounts.getAccount(1, undefined, { signal: AbortSignal.abort() }),
    operationId: "getAccount",
    request: getAccount,
  },
  {
    site: "transport.ts:TimeoutError",
    name: "a timeout",
    options: { timeoutMs: 5, maxRetries: 0 },
    run: ({ server, client }) => (server.on("GET", "/api/v1/Accounts(1)", () => hang()), client.accounts.getAccount(1)),
    operationId: "getAccount",
    request: getAccount,
  },
  {
    site: "transport.ts:ConnectionError",
    name: "a network failure",
    options: { maxRetries: 0 },
    run: ({ server, client }) => (
      server.on("GET", "/api/v1/Accounts(1)", () => Promise.reject(new TypeError("fetch failed"))),
      client.accounts.getAccount(1)
    ),
    operationId: "getAccount",
    request: getAccount,
  },
  {
    site: "transport.ts:TokenRequestError",
    name: "a token provider that fails",
    options: { auth: { credentials: undefined, tokenProvider: () => Promise.reject(new Error("vault sealed")) } },
    run: ({ client }) => client.accounts.getAccount(1),
    operationId: "getAccount",
    request: getAccount,
  },
  {
    site: "transport.ts:TokenRequestError",
    name: "a token provider that returns no token",
    options: { auth: { credentials: undefined, tokenProvider: () => "" } },
    run: ({ client }) => client.accounts.getAccount(1),
    operationId: "getAccount",
    request: getAccount,
  },
  {
    site: "transport.ts:TokenRequestError",
    name: "a token with a control character (never sent)",
    options: { auth: { credentials: undefined, tokenProvider: () => "a-token\r\nX-Injected: 1" } },
    run: ({ client }) => client.accounts.getAccount(1),
    operationId: "getAccount",
    request: getAccount,
  },
  {
    site: "auth.ts:TokenRequestError",
    name: "a refused token request",
    run: ({ server, client }) => (
      server.on("POST", "/connect/token", () => json(400, { error: "invalid_client" })),
      client.accounts.getAccount(1)
    ),
    operationId: "requestPasswordToken",
    clientMethod: "accounts.getAccount",
    request: { method: "POST", url: /\/connect\/token$/ },
  },
];

/**
 * `file:Class` of every `new XError({` in the runtime, the status classes of status-error.ts as one site
 * (`errorForStatus`). errors.ts's `invalidArgument` builds the errors of arguments checked deep down, which a call
 * wraps with its request (call-errors.ts), and of client options, which belong to no call.
 */
function constructionSites(): string[] {
  const directory = fileURLToPath(new URL("../../../runtime/", import.meta.url));
  return readdirSync(directory)
    .filter((file) => file.endsWith(".ts") && file !== "errors.ts")
    .flatMap((file) => {
      const source = readFileSync(`${directory}${file}`, "utf8");
      if (file === "status-error.ts") return ["status-error.ts:errorForStatus"];
      return [...source.matchAll(/new (\w*Error)\(\{/g)].map((match) => `${file}:${match[1]}`);
    });
}

describe("the error contract: request, operationId and clientMethod on every error", () => {
  it("has a scenario for every construction site of the runtime", () => {
    const covered = new Set(scenarios.map((scenario) => scenario.site));
    expect([...new Set(constructionSites())].filter((site) => !covered.has(site))).toEqual([]);
    // Sites that build several errors of one class have a scenario each.
    for (const site of new Set(constructionSites())) {
      const count = constructionSites().filter((found) => found === site).length;
      expect(scenarios.filter((scenario) => scenario.site === site).length, site).toBeGreaterThanOrEqual(count);
    }
  });

  it.each(scenarios.map((scenario) => [`${scenario.site}: ${scenario.name}`, scenario] as const))(
    "%s",
    async (_name, scenario) => {
      const h = harness(scenario.options);
      const error = await scenario.run(h).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(AccountFundsError);
      const { request, operationId, clientMethod } = error as AccountFundsError;
      expect(operationId).toBe(scenario.operationId);
      expect(clientMethod).toBe(scenario.clientMethod ?? methodOf[scenario.operationId]);
      expect((error as AccountFundsError).toJSON()).toMatchObject({ operationId, clientMethod });
      expect(request?.method).toBe(scenario.request.method);
      if (typeof scenario.request.url === "string") expect(request?.url).toBe(scenario.request.url);
      else expect(request?.url).toMatch(scenario.request.url);
    },
  );

  it("gives each call waiting on one failed token request its own error, naming the method it called", async () => {
    const { server, client } = harness();
    server.on("POST", "/connect/token", () => json(400, { error: "invalid_client" }));
    const [account, accounts] = await Promise.all([
      client.accounts.getAccount(1).catch((error: unknown) => error),
      client.accounts.listAccounts().catch((error: unknown) => error),
    ]);
    expect(server.to("/connect/token")).toHaveLength(1);
    expect(account).toBeInstanceOf(AccountFundsError);
    expect(account).toMatchObject({ operationId: "requestPasswordToken", clientMethod: "accounts.getAccount" });
    expect(accounts).toMatchObject({ operationId: "requestPasswordToken", clientMethod: "accounts.listAccounts" });
    expect((account as Error).message).toBe((accounts as Error).message);
    expect((account as Error).stack).toBe((accounts as Error).stack);
  });
});
