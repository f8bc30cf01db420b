/**
 * Per-call overhead: the same GET (`/api/v1/Accounts(2001)/Balances`, a canned three-item OData collection from a
 * stubbed `fetch`, parsed as JSON) made by bare `fetch`, by bare openapi-fetch and by our client (built
 * generated/dist: a static `tokenProvider`, response validation off, defaults otherwise). Every contender runs
 * for `timeMs` per round, in a rotating order; the result is the median of the rounds' nanoseconds per call.
 *
 * openapi-fetch is the copy the client itself depends on (hoisted to the repository's node_modules).
 */
import createClient from "openapi-fetch";
import { createAccountFundsClient, type paths } from "../../generated/dist/index.js";
import { median } from "./stats.js";

export interface PerCallOptions {
  readonly rounds: number;
  readonly timeMs: number;
  readonly warmupMs: number;
}

export type PerCallContenderId = "fetch" | "openapi-fetch" | "ours" | "ours-lean";

export interface PerCallResult {
  readonly id: PerCallContenderId;
  readonly name: string;
  /** Median over the rounds. */
  readonly nsPerCall: number;
  readonly rounds: readonly number[];
}

const BASE_URL = "https://api.example.com";
const ACCOUNT_ID = 2001;
const CANNED_BODY = JSON.stringify({
  "@odata.context": `${BASE_URL}/api/v1/$metadata#Accounts(${ACCOUNT_ID})/Balances`,
  value: ["GBP", "EUR", "USD"].map((CurrencyCode, i) => ({
    CurrencyCode,
    Value: 100 * i,
    Allocated: 0,
    Processing: 0,
    Available: 100 * i,
  })),
});

/** A new Response per call (a body is read once): what a network-free `fetch` costs at the least. */
export async function stubFetch(_input: Request, _init?: RequestInit): Promise<Response> {
  return new Response(CANNED_BODY, { status: 200, headers: { "content-type": "application/json; charset=utf-8" } });
}

interface Contender {
  readonly id: PerCallContenderId;
  readonly name: string;
  readonly call: () => Promise<unknown>;
}

function contenders(): Contender[] {
  const url = `${BASE_URL}/api/v1/Accounts(${ACCOUNT_ID})/Balances`;
  const headers = { authorization: "Bearer token", accept: "application/json" };
  const openapiFetch = createClient<paths>({ baseUrl: BASE_URL, fetch: stubFetch, headers });
  const ours = createAccountFundsClient({ baseUrl: BASE_URL, fetch: stubFetch, tokenProvider: () => "token" });
  const lean = createAccountFundsClient({
    baseUrl: BASE_URL,
    fetch: stubFetch,
    tokenProvider: () => "token",
    timeoutMs: 0,
    maxRetries: 0,
  });
  return [
    {
      id: "fetch",
      name: "bare `fetch` (the stub) + `json()`",
      call: async () => (await stubFetch(new Request(url, { headers }))).json(),
    },
    {
      id: "openapi-fetch",
      name: "bare openapi-fetch `GET`",
      call: async () =>
        (
          await openapiFetch.GET("/api/v1/Accounts({accountId})/Balances", {
            params: { path: { accountId: ACCOUNT_ID } },
          })
        ).data,
    },
    {
      id: "ours",
      name: "our client `accounts.listBalances` (defaults)",
      call: () => ours.accounts.listBalances(ACCOUNT_ID),
    },
    {
      id: "ours-lean",
      name: "our client, `timeoutMs: 0, maxRetries: 0`",
      call: () => lean.accounts.listBalances(ACCOUNT_ID),
    },
  ];
}

/** Calls `call` for about `ms` milliseconds; nanoseconds per call. */
async function timeFor(call: () => Promise<unknown>, ms: number): Promise<number> {
  const batch = 64;
  let calls = 0;
  const started = performance.now();
  const end = started + ms;
  let now = started;
  while (now < end) {
    for (let i = 0; i < batch; i++) await call();
    calls += batch;
    now = performance.now();
  }
  return ((now - started) * 1e6) / calls;
}

/** Every contender must return the same three balances before it is timed. */
async function checkResults(all: readonly Contender[]): Promise<void> {
  for (const contender of all) {
    const result = (await contender.call()) as { value?: unknown[] } | undefined;
    if (result?.value?.length !== 3)
      throw new Error(`${contender.name} returned ${JSON.stringify(result)}, not the canned balances`);
  }
}

export async function measurePerCall(
  options: PerCallOptions,
  progress: (message: string) => void,
): Promise<PerCallResult[]> {
  const all = contenders();
  await checkResults(all);
  for (const contender of all) await timeFor(contender.call, options.warmupMs);
  const samples = new Map<PerCallContenderId, number[]>(all.map((contender) => [contender.id, []]));
  for (let round = 0; round < options.rounds; round++) {
    progress(`per-call: round ${round + 1}/${options.rounds}`);
    for (let i = 0; i < all.length; i++) {
      const contender = all[(round + i) % all.length]!;
      samples.get(contender.id)!.push(await timeFor(contender.call, options.timeMs));
    }
  }
  return all.map((contender) => {
    const rounds = samples.get(contender.id)!;
    return { id: contender.id, name: contender.name, nsPerCall: median(rounds), rounds };
  });
}
