/**
 * The real side of the model-based test: the sandbox, the demo user's client, what the test looks up once
 * (account, beneficiaries, rates, ids of the other tenant), the control API, a webhook receiver, and readers that
 * turn balances and statements into minor units and fail on anything the invariants forbid.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AccountFundsClient } from "@account-funds/client";
import type { Sandbox } from "@account-funds/sandbox";
import { clientFor, DEMO_USER, OTHER_USER, startTestSandbox } from "./sandbox-fixture.js";
import { CURRENCIES, exactRate, type Currency, type ExactRate, type Funds } from "./model-state.js";

/** A delivered webhook event, as the body of a delivery carries it. */
export interface ReceivedEvent {
  readonly EntityType: string;
  readonly EntityId: number;
  readonly Reason: string;
  readonly ApiUrl: string;
}

/**
 * Collects deliveries per URL path. Every `failEvery`-th POST is answered 503 and dropped, so the sandbox has to
 * retry it; a batch that was acknowledged must never arrive again.
 */
export interface WebhookReceiver {
  readonly url: string;
  received(path: string): readonly ReceivedEvent[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(failEvery = 0): Promise<WebhookReceiver> {
  const byPath = new Map<string, ReceivedEvent[]>();
  let posts = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      posts += 1;
      if (failEvery > 0 && posts % failEvery === 0) {
        response.writeHead(503).end();
        return;
      }
      const path = request.url ?? "/";
      const events = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ReceivedEvent[];
      byPath.set(path, [...(byPath.get(path) ?? []), ...events]);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received: (path) => byPath.get(path) ?? [],
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error === undefined ? resolve() : reject(error))),
      ),
  };
}

export interface ModelWorld {
  readonly sandbox: Sandbox;
  readonly client: AccountFundsClient;
  readonly receiver: WebhookReceiver;
  /** The demo user's primary account (GBP, EUR and USD). */
  readonly accountId: number;
  readonly decimals: Record<Currency, number>;
  /** A transfer beneficiary of the account in each currency, all paying into `beneficiaryAccountId`. */
  readonly transferBeneficiary: Record<Currency, number>;
  /** The account the transfers pay into: another account of the demo user. */
  readonly beneficiaryAccountId: number;
  /** Enabled withdrawal beneficiaries of the account in each currency. */
  readonly withdrawalBeneficiaries: Record<Currency, readonly number[]>;
  readonly boePurposeCodeId: number;
  readonly rates: ReadonlyMap<string, ExactRate>;
  /** Entities of the other tenant: the demo user must get 404 for them, exactly like for missing ones. */
  readonly otherTenant: { readonly transfer: number; readonly withdrawal: number; readonly exchange: number };
}

export const rateKey = (source: Currency, target: Currency): string => `${source}/${target}`;

/** A valid LEI (ISO 17442 check digits); sent on every GBP withdrawal, since the DTO does not say which need it. */
export const RECEIVER_LEI = "5493001KJTIIGC8Y1R12";

export async function startModelWorld(): Promise<ModelWorld> {
  const sandbox = await startTestSandbox();
  const receiver = await startWebhookReceiver(3);
  const client = clientFor(sandbox, DEMO_USER);
  const other = clientFor(sandbox, OTHER_USER);

  const accounts = (await client.accounts.listAccounts()).value;
  const primary = accounts[0];
  const secondary = accounts[1];
  if (primary?.Id === undefined || secondary?.Id === undefined)
    throw new Error("the demo user has no primary and secondary account");
  const accountId = primary.Id;

  const balances = (await client.accounts.listBalances(accountId)).value;
  const decimals = {} as Record<Currency, number>;
  for (const currency of CURRENCIES) {
    const digits = balances.find((row) => row.CurrencyCode === currency)?.Currency?.SignificantDigits;
    if (digits === undefined || digits === null) throw new Error(`the primary account holds no ${currency}`);
    decimals[currency] = digits;
  }

  const transferBeneficiaries = (await client.accounts.listTransferBeneficiaries(accountId)).value;
  const beneficiaryAccountId = secondary.Id;
  const transferBeneficiary = {} as Record<Currency, number>;
  for (const currency of CURRENCIES) {
    const found = transferBeneficiaries.find(
      (row) =>
        row.CurrencyCode === currency && row.StatusCode === "E" && row.BeneficiaryAccountId === beneficiaryAccountId,
    );
    if (found === undefined)
      throw new Error(`no ${currency} transfer beneficiary paying into account ${beneficiaryAccountId}`);
    transferBeneficiary[currency] = found.Id;
  }

  const beneficiaries = (await client.accounts.listBeneficiaries(accountId)).value;
  const withdrawalBeneficiaries = {} as Record<Currency, readonly number[]>;
  for (const currency of CURRENCIES) {
    const ids = beneficiaries
      .filter((row) => row.CurrencyCode === currency && row.StatusCode === "E")
      .map((row) => row.Id);
    if (ids.length === 0) throw new Error(`no enabled ${currency} withdrawal beneficiary`);
    withdrawalBeneficiaries[currency] = ids;
  }

  const boe = (await client.withdrawals.listBoEPaymentPurposes()).value[0]?.Id;
  if (boe === undefined) throw new Error("no BoE payment purpose");

  const rates = new Map<string, ExactRate>();
  for (const source of CURRENCIES) {
    for (const target of CURRENCIES) {
      if (source === target) continue;
      const rate = await client.exchangeRates.getMidRate(source, target);
      if (typeof rate.MidRate !== "number") throw new Error(`no mid rate ${source}/${target}`);
      rates.set(rateKey(source, target), exactRate(rate.MidRate));
    }
  }

  const firstId = (rows: readonly { Id?: number }[], what: string): number => {
    const id = rows[0]?.Id;
    if (id === undefined) throw new Error(`the other tenant has no ${what}`);
    return id;
  };
  const otherTenant = {
    transfer: firstId((await other.transfers.listTransfers()).value, "transfer"),
    withdrawal: firstId((await other.withdrawals.listWithdrawals()).value, "withdrawal"),
    exchange: firstId((await other.exchanges.listExchanges()).value, "exchange"),
  };

  const world: ModelWorld = {
    sandbox,
    client,
    receiver,
    accountId,
    decimals,
    transferBeneficiary,
    beneficiaryAccountId,
    withdrawalBeneficiaries,
    boePurposeCodeId: boe,
    rates,
    otherTenant,
  };
  // Registered once, on the fresh sandbox: targets survive resets, and registering again after a reset is broken
  // (the second registration reuses target id 1 and answers 500 "duplicate key 1"; see model-based.test.ts).
  await expectControl(world, "POST", "webhooks", 201, {
    url: `${receiver.url}${HOOK_PATH}`,
    username: DEMO_USER.username,
  });
  return world;
}

export async function stopModelWorld(world: ModelWorld | undefined): Promise<void> {
  await world?.receiver.close();
  await world?.sandbox.close();
}

/** A control API call: `/_sandbox/...`, JSON in and out. */
export async function control(
  world: ModelWorld,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${world.sandbox.url}/_sandbox/${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
}

async function expectControl(
  world: ModelWorld,
  method: "GET" | "POST",
  path: string,
  status: number,
  body?: unknown,
): Promise<unknown> {
  const answer = await control(world, method, path, body);
  if (answer.status !== status)
    throw new Error(
      `${method} /_sandbox/${path}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  return answer.body;
}

/** Where the demo user's deliveries arrive: one target for the whole file (see `startModelWorld`). */
export const HOOK_PATH = "/hooks/demo";

export interface RunStart {
  /** How many deliveries the receiver held before the run: the run's are the ones after. */
  readonly receivedBefore: number;
  /** The demo tenant's last event before the run: the run's events are the ones after it. */
  readonly lastSequence: number;
}

/** Back to the seed, after the previous run's deliveries settled. Webhook targets survive a reset. */
export async function startRun(world: ModelWorld): Promise<RunStart> {
  await flushWebhooks(world);
  await expectControl(world, "POST", "reset", 200);
  const events = await demoEventsAfter(world, 0);
  return {
    receivedBefore: world.receiver.received(HOOK_PATH).length,
    lastSequence: events.reduce((last, event) => Math.max(last, event.sequence), 0),
  };
}

/** The deliveries of the run so far. */
export const receivedInRun = (world: ModelWorld, run: RunStart): readonly ReceivedEvent[] =>
  world.receiver.received(HOOK_PATH).slice(run.receivedBefore);

/** Drains the deliveries (the receiver refuses every third POST, so retries are part of it). */
export async function flushWebhooks(world: ModelWorld): Promise<void> {
  const idle = await world.sandbox.webhooks.flush(10_000);
  if (!idle)
    throw new Error(`webhook deliveries did not settle: ${JSON.stringify(world.sandbox.webhooks.deliveries())}`);
}

export interface LoggedEvent extends ReceivedEvent {
  readonly sequence: number;
}

export async function demoEventsAfter(world: ModelWorld, sequence: number): Promise<LoggedEvent[]> {
  const body = (await expectControl(world, "GET", `events?tenant=${DEMO_USER.id}&after=${sequence}`, 200)) as {
    events: LoggedEvent[];
  };
  return body.events;
}

export type CompletionKind = "transfers" | "withdrawals" | "exchanges";

export async function completeThroughControl(
  world: ModelWorld,
  kind: CompletionKind,
  id: number,
): Promise<{ status: number; body: unknown }> {
  return control(world, "POST", `${kind}/${id}/complete`, undefined);
}

/** A decimal amount as minor units; fails on digits finer than the currency has (a balance must never hold them). */
export function minorOf(amount: number, decimals: number, what: string): number {
  const scaled = amount * 10 ** decimals;
  const rounded = Math.round(scaled);
  if (Math.abs(scaled - rounded) > 1e-6 * Math.max(1, Math.abs(scaled)))
    throw new Error(`${what} ${amount} has more than ${decimals} decimals`);
  return rounded;
}

export const majorOf = (minor: number, decimals: number): number => Number((minor / 10 ** decimals).toFixed(decimals));

export interface RealFunds extends Funds {
  readonly available: number;
}

/** The account's balances in minor units; checks Available = Value − Allocated − Processing ≥ 0 on the way. */
export async function readFunds(world: ModelWorld): Promise<Record<Currency, RealFunds>> {
  const rows = (await world.client.accounts.listBalances(world.accountId)).value;
  const funds = {} as Record<Currency, RealFunds>;
  for (const currency of CURRENCIES) {
    const row = rows.find((candidate) => candidate.CurrencyCode === currency);
    if (row === undefined) throw new Error(`the account has no ${currency} balance`);
    funds[currency] = balanceFunds(row, world.decimals[currency], currency);
  }
  return funds;
}

export function balanceFunds(
  row: { Value?: number | null; Allocated?: number | null; Processing?: number | null; Available?: number | null },
  decimals: number,
  currency: string,
): RealFunds {
  const read = (name: "Value" | "Allocated" | "Processing" | "Available"): number => {
    const value = row[name];
    if (typeof value !== "number") throw new Error(`${currency} ${name} is ${String(value)}`);
    return minorOf(value, decimals, `${currency} ${name}`);
  };
  const funds = {
    value: read("Value"),
    allocated: read("Allocated"),
    processing: read("Processing"),
    available: read("Available"),
  };
  if (funds.available !== funds.value - funds.allocated - funds.processing) {
    throw new Error(
      `${currency}: Available ${funds.available} ≠ Value ${funds.value} − Allocated ${funds.allocated} − Processing ${funds.processing} (minor units)`,
    );
  }
  if (funds.available < 0 || funds.allocated < 0 || funds.processing < 0)
    throw new Error(`${currency}: a negative figure ${JSON.stringify(funds)}`);
  return funds;
}

/**
 * The statement of one currency: every RunningTotal is the sum of the deltas so far, and the last one (the sum of
 * all) is the balance's Value. Returns that sum in minor units.
 */
export async function statementTotal(
  world: ModelWorld,
  currency: Currency,
  accountId = world.accountId,
): Promise<number> {
  const decimals = world.decimals[currency];
  let total = 0;
  let items = 0;
  for await (const item of world.client.accounts.listBalanceStatement.paginate(accountId, currency)) {
    items += 1;
    total += minorOf(item.DeltaBalance ?? Number.NaN, decimals, `${currency} statement DeltaBalance`);
    const running = minorOf(item.RunningTotal ?? Number.NaN, decimals, `${currency} statement RunningTotal`);
    if (running !== total)
      throw new Error(
        `${currency} statement item ${item.Id}: RunningTotal ${running} ≠ sum of deltas so far ${total} (minor units)`,
      );
  }
  if (items === 0) throw new Error(`${currency} statement is empty`);
  return total;
}

/**
 * The Value of each currency on the beneficiary account (0 where it holds none yet), after checking that its
 * statement sums to it.
 */
export async function beneficiaryValues(world: ModelWorld): Promise<Record<Currency, number>> {
  const values = {} as Record<Currency, number>;
  for (const currency of CURRENCIES) {
    const result = await world.client.withResponse.accounts.getBalance(world.beneficiaryAccountId, currency);
    if (!result.ok) {
      if (result.status !== 404)
        throw new Error(`beneficiary account ${currency} balance: ${result.status} ${JSON.stringify(result.error)}`);
      values[currency] = 0;
      continue;
    }
    const funds = balanceFunds(result.data, world.decimals[currency], `beneficiary account ${currency}`);
    const total = await statementTotal(world, currency, world.beneficiaryAccountId);
    if (total !== funds.value)
      throw new Error(
        `beneficiary account ${currency} statement sums to ${total}, Value is ${funds.value} (minor units)`,
      );
    values[currency] = funds.value;
  }
  return values;
}
