/**
 * The requests under load: two collection GETs and one command, the same bytes to the sandbox and to Prism,
 * and the command again with 8 clients against the sandbox in memory and with `--data` (the durable store's
 * cost). The command is `POST /api/v1/Alerts/Create`: it needs no funds, so it stays valid however often it
 * runs (a transfer would drain the balance and turn into 400s); the sandbox is reset before every round anyway.
 */
import type { ServerId } from "./servers-measured.js";

export type ScenarioId = "accounts" | "balances" | "create-alert" | "create-alert-durable";

export interface Fixture {
  /** The demo user's first account in the sandbox's seed (Prism accepts any id). */
  readonly accountId: number;
}

export interface Scenario {
  readonly id: ScenarioId;
  /**
   * "list" scenarios count for the ratio target, "command" ones for the absolute one, "durable" ones compare
   * the sandbox with `--data` to the sandbox in memory.
   */
  readonly kind: "list" | "command" | "durable";
  /** The servers measured; default the sandbox (in memory) and Prism. */
  readonly servers?: readonly ServerId[];
  /** Concurrent clients (keep-alive connections); default BENCH_CONNECTIONS. */
  readonly connections?: number;
  readonly title: string;
  readonly method: "GET" | "POST";
  readonly path: (fixture: Fixture) => string;
  readonly body?: string;
  /** The status every response must have. */
  readonly status: number;
  /** A check of one response (smoke test before the load): its parsed body (undefined when empty) and headers. */
  readonly checkResponse: (body: unknown, headers: Headers) => string | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function nonEmptyCollection(body: unknown): string | undefined {
  if (!isRecord(body) || !Array.isArray(body["value"])) return "the body is not an OData collection ({ value: [...] })";
  return body["value"].length === 0 ? "the collection is empty" : undefined;
}

/** The API's document: a 201's id comes from its `Location`; a body, if any, is not described (Prism sends none). */
function isCreated(_body: unknown, headers: Headers): string | undefined {
  return headers.get("location") ? undefined : "the 201 has no Location";
}

export const SCENARIOS: readonly Scenario[] = [
  {
    id: "accounts",
    kind: "list",
    title: "`GET /api/v1/Accounts`",
    method: "GET",
    path: () => "/api/v1/Accounts",
    status: 200,
    checkResponse: nonEmptyCollection,
  },
  {
    id: "balances",
    kind: "list",
    title: "`GET /api/v1/Accounts({id})/Balances`",
    method: "GET",
    path: (fixture) => `/api/v1/Accounts(${fixture.accountId})/Balances`,
    status: 200,
    checkResponse: nonEmptyCollection,
  },
  {
    id: "create-alert",
    kind: "command",
    title: "`POST /api/v1/Alerts/Create`",
    method: "POST",
    path: () => "/api/v1/Alerts/Create",
    body: JSON.stringify({ SourceCurrencyCode: "GBP", TargetCurrencyCode: "EUR", Limit: 1.2 }),
    status: 201,
    checkResponse: isCreated,
  },
  {
    id: "create-alert-durable",
    kind: "durable",
    title: "`POST /api/v1/Alerts/Create`, 8 clients",
    servers: ["sandbox", "sandbox-data"],
    connections: 8,
    method: "POST",
    path: () => "/api/v1/Alerts/Create",
    body: JSON.stringify({ SourceCurrencyCode: "GBP", TargetCurrencyCode: "EUR", Limit: 1.2 }),
    status: 201,
    checkResponse: isCreated,
  },
];

/** The servers a scenario is measured on. */
export const serversOf = (scenario: Scenario): readonly ServerId[] => scenario.servers ?? ["sandbox", "prism"];

export const SCENARIO_IDS = SCENARIOS.map((scenario) => scenario.id);

/** Headers of every request: the bearer token, and the JSON content type when there is a body. */
export function headersOf(scenario: Scenario, token: string): Record<string, string> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: "application/json" };
  if (scenario.body !== undefined) headers["content-type"] = "application/json";
  return headers;
}
