/**
 * The concurrency property of the model-based test: a batch of commands against one account fired at once
 * (Promise.all over the HTTP API). The sandbox runs each command atomically, in some order; whatever the order,
 *   - no figure goes negative and Available = Value − Allocated − Processing, in every balance read during the
 *     batch and after it;
 *   - a refused create is refused for insufficient funds only (the bodies are otherwise valid);
 *   - per entity at most one approve and at most one cancel succeeds, a cancel that was tried succeeded exactly
 *     once, and the final status is the one its successful commands lead to;
 *   - Allocated and Processing are exactly what the entities in holding states hold, on top of the seed's, so a
 *     cancelled entity gave its funds back; Value and the statements do not move;
 *   - every successful create and cancel of a transfer or withdrawal produced exactly one webhook event, Created
 *     before Canceled for each entity, and no other event was raised.
 */
import fc from "fast-check";
import {
  availableOf,
  CURRENCIES,
  heldByEntities,
  type Currency,
  type ExchangeStatus,
  type ModelExchange,
  type ModelPayment,
  type PaymentKind,
  type PaymentStatus,
} from "./model-state.js";
import {
  balanceFunds,
  majorOf,
  minorOf,
  readFunds,
  statementTotal,
  type ModelWorld,
  type RealFunds,
  RECEIVER_LEI,
} from "./model-sandbox.js";

export type EntityKind = PaymentKind | "exchange";

export type ConcurrentOp =
  | { readonly op: "create"; readonly kind: PaymentKind; readonly currency: Currency; readonly perMille: number }
  | { readonly op: "createExchange"; readonly source: Currency; readonly target: Currency; readonly perMille: number }
  | { readonly op: "approve" | "cancel"; readonly kind: EntityKind; readonly index: number }
  | { readonly op: "probe"; readonly currency: Currency };

const currency = fc.constantFrom(...CURRENCIES);
const entityKind = fc.constantFrom<EntityKind>("transfer", "withdrawal", "exchange");

/** The pre-created entities per kind that approve and cancel aim at (duplicates on purpose). */
export const PRE_CREATED_PER_KIND = 3;

export const concurrentOp: fc.Arbitrary<ConcurrentOp> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        kind: fc.constantFrom<PaymentKind>("transfer", "withdrawal"),
        currency,
        perMille: fc.integer({ min: 40, max: 400 }),
      })
      .map((op) => ({ op: "create", ...op }) as const),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ source: currency, shift: fc.integer({ min: 1, max: 2 }), perMille: fc.integer({ min: 40, max: 400 }) })
      .map(
        ({ source, shift, perMille }) =>
          ({
            op: "createExchange",
            source,
            target: CURRENCIES[(CURRENCIES.indexOf(source) + shift) % 3]!,
            perMille,
          }) as const,
      ),
  },
  {
    weight: 5,
    arbitrary: fc
      .record({
        op: fc.constantFrom<"approve" | "cancel">("approve", "cancel"),
        kind: entityKind,
        index: fc.nat({ max: PRE_CREATED_PER_KIND - 1 }),
      })
      .map((op) => op as ConcurrentOp),
  },
  { weight: 1, arbitrary: currency.map((probed) => ({ op: "probe", currency: probed }) as const) },
);

/** The real outcome of one op of the batch. */
interface OpOutcome {
  readonly op: ConcurrentOp;
  readonly status: number;
  readonly body: unknown;
  /** For a create: the new entity (amounts known from the request, status read back afterwards). */
  readonly created?: {
    readonly kind: EntityKind;
    readonly id: number;
    readonly currency: Currency;
    readonly amount: number;
    readonly target?: Currency;
  };
  readonly entityId?: number;
  readonly probed?: RealFunds;
}

interface Tracked {
  readonly payments: Record<PaymentKind, ModelPayment[]>;
  readonly exchanges: ModelExchange[];
}

const show = (value: unknown): string => JSON.stringify(value);

function withdrawalBody(
  world: ModelWorld,
  currencyCode: Currency,
  minor: number,
): Parameters<ModelWorld["client"]["withdrawals"]["createAccountWithdrawal"]>[0] {
  return {
    AccountId: world.accountId,
    CurrencyCode: currencyCode,
    Amount: majorOf(minor, world.decimals[currencyCode]),
    BeneficiaryId: world.withdrawalBeneficiaries[currencyCode][0]!,
    ...(currencyCode === "GBP" ? { BoEPurposeCodeId: world.boePurposeCodeId, ReceiverLei: RECEIVER_LEI } : {}),
  };
}

async function createPayment(
  world: ModelWorld,
  kind: PaymentKind,
  currencyCode: Currency,
  minor: number,
): Promise<{ status: number; body: unknown; id?: number }> {
  const result =
    kind === "transfer"
      ? await world.client.withResponse.transfers.createAccountTransfer({
          AccountId: world.accountId,
          CurrencyCode: currencyCode,
          Amount: majorOf(minor, world.decimals[currencyCode]),
          BeneficiaryId: world.transferBeneficiary[currencyCode],
        })
      : await world.client.withResponse.withdrawals.createAccountWithdrawal(withdrawalBody(world, currencyCode, minor));
  return result.ok ? createdOf(result.status, result.data) : { status: result.status, body: result.error };
}

/**
 * A 201's status, body and id: the sandbox sends a CreateResultDto (its document), which the API's document leaves
 * undescribed (the client types the body as `undefined`).
 */
function createdOf(status: number, data: unknown): { status: number; body: unknown; id?: number } {
  const id = (data as { readonly Id?: unknown } | undefined)?.Id;
  return { status, body: data, ...(typeof id === "number" ? { id } : {}) };
}

/** A Sell exchange from available funds (created Allocated), goal in minor units of the source. */
async function createExchange(
  world: ModelWorld,
  source: Currency,
  target: Currency,
  minor: number,
): Promise<{ status: number; body: unknown; id?: number }> {
  const result = await world.client.withResponse.exchanges.createExchange({
    AccountId: world.accountId,
    SourceCurrencyCode: source,
    TargetCurrencyCode: target,
    Goal: majorOf(minor, world.decimals[source]),
    GoalType: "Sell",
    UseAvailableFunds: true,
  });
  return result.ok ? createdOf(result.status, result.data) : { status: result.status, body: result.error };
}

/** Sequentially, before the batch: PRE_CREATED_PER_KIND entities of each kind, small, one currency after another. */
export async function preCreate(world: ModelWorld): Promise<Tracked> {
  const tracked: Tracked = { payments: { transfer: [], withdrawal: [] }, exchanges: [] };
  const funds = await readFunds(world);
  for (let index = 0; index < PRE_CREATED_PER_KIND; index += 1) {
    const currencyCode = CURRENCIES[index % CURRENCIES.length]!;
    const minor = Math.max(1, Math.floor(availableOf(funds[currencyCode]) / 50));
    for (const kind of ["transfer", "withdrawal"] as const) {
      const created = await createPayment(world, kind, currencyCode, minor);
      if (created.status !== 201 || created.id === undefined)
        throw new Error(`pre-creating a ${kind}: ${created.status} ${show(created.body)}`);
      tracked.payments[kind].push({ kind, id: created.id, currency: currencyCode, amount: minor, status: "P" });
    }
    const target = CURRENCIES[(index + 1) % CURRENCIES.length]!;
    const exchange = await createExchange(world, currencyCode, target, minor);
    if (exchange.status !== 201 || exchange.id === undefined)
      throw new Error(`pre-creating an exchange: ${exchange.status} ${show(exchange.body)}`);
    tracked.exchanges.push({ id: exchange.id, source: currencyCode, target, sold: minor, bought: 0, status: "L" });
  }
  return tracked;
}

function idOf(tracked: Tracked, kind: EntityKind, index: number): number {
  const rows = kind === "exchange" ? tracked.exchanges : tracked.payments[kind];
  const row = rows[index % rows.length];
  if (row === undefined) throw new Error(`no pre-created ${kind} ${index}`);
  return row.id;
}

async function runOp(
  world: ModelWorld,
  tracked: Tracked,
  initial: Record<Currency, RealFunds>,
  op: ConcurrentOp,
): Promise<OpOutcome> {
  const api = world.client.withResponse;
  switch (op.op) {
    case "create": {
      const amount = Math.max(1, Math.floor((initial[op.currency].available * op.perMille) / 1000));
      const answer = await createPayment(world, op.kind, op.currency, amount);
      return answer.id === undefined
        ? { op, ...answer }
        : { op, ...answer, created: { kind: op.kind, id: answer.id, currency: op.currency, amount } };
    }
    case "createExchange": {
      const amount = Math.max(1, Math.floor((initial[op.source].available * op.perMille) / 1000));
      const answer = await createExchange(world, op.source, op.target, amount);
      return answer.id === undefined
        ? { op, ...answer }
        : {
            op,
            ...answer,
            created: { kind: "exchange", id: answer.id, currency: op.source, amount, target: op.target },
          };
    }
    case "approve":
    case "cancel": {
      const id = idOf(tracked, op.kind, op.index);
      const calls = {
        transfer: { approve: api.transfers.approveTransfer, cancel: api.transfers.cancelTransfer },
        withdrawal: { approve: api.withdrawals.approveWithdrawal, cancel: api.withdrawals.cancelWithdrawal },
        exchange: { approve: api.exchanges.approveExchange, cancel: api.exchanges.cancelExchange },
      };
      const result = await calls[op.kind][op.op](id);
      return { op, status: result.status, body: result.ok ? result.data : result.error, entityId: id };
    }
    case "probe": {
      const balance = await world.client.accounts.getBalance(world.accountId, op.currency);
      return {
        op,
        status: 200,
        body: balance,
        probed: balanceFunds(balance, world.decimals[op.currency], op.currency),
      };
    }
  }
}

export interface BatchResult {
  readonly outcomes: readonly OpOutcome[];
  readonly tracked: Tracked;
}

/** Fires the batch at once; a throw of any op (an undeclared status, a broken body) fails the property. */
export async function fireBatch(
  world: ModelWorld,
  tracked: Tracked,
  ops: readonly ConcurrentOp[],
): Promise<BatchResult> {
  const initial = await readFunds(world);
  const outcomes = await Promise.all(ops.map((op) => runOp(world, tracked, initial, op)));
  return { outcomes, tracked };
}

/** The checks of the module comment on the outcomes of one batch; `seed` are the balances before pre-creating. */
export async function checkBatch(
  world: ModelWorld,
  seed: Record<Currency, RealFunds>,
  seedStatements: Record<Currency, number>,
  batch: BatchResult,
): Promise<ExpectedRunEvent[]> {
  const { outcomes, tracked } = batch;
  const entities: Tracked = {
    payments: { transfer: [...tracked.payments.transfer], withdrawal: [...tracked.payments.withdrawal] },
    exchanges: [...tracked.exchanges],
  };

  for (const outcome of outcomes) {
    const { op, status, body } = outcome;
    const where = `${show(op)} → ${status} ${show(body)}`;
    if (op.op === "create" || op.op === "createExchange") {
      if (status === 400) {
        const error = (body as { error?: { code?: string; target?: string } }).error;
        // The refused field, as a JSON pointer into the body (the sandbox's one form of a body field's target).
        const field = op.op === "create" ? "/Amount" : "/Goal";
        if (error?.code !== "insufficient_funds" || error.target !== field)
          throw new Error(`a valid create refused for another reason than funds: ${where}`);
      } else if (status !== 201 || outcome.created === undefined) {
        throw new Error(`unexpected create answer: ${where}`);
      }
    } else if (op.op === "approve" || op.op === "cancel") {
      if (status !== 200 && status !== 410) throw new Error(`unexpected ${op.op} answer: ${where}`);
    }
    const created = outcome.created;
    if (created === undefined) continue;
    if (created.kind === "exchange") {
      entities.exchanges.push({
        id: created.id,
        source: created.currency,
        target: created.target ?? created.currency,
        sold: created.amount,
        bought: 0,
        status: "L",
      });
    } else {
      entities.payments[created.kind].push({
        kind: created.kind,
        id: created.id,
        currency: created.currency,
        amount: created.amount,
        status: "P",
      });
    }
  }

  await readBackStatuses(world, entities);
  checkPerEntity(outcomes, entities);

  const final = await readFunds(world);
  const held = heldByEntities(entities);
  for (const currencyCode of CURRENCIES) {
    const before = seed[currencyCode];
    const after = final[currencyCode];
    const expected = {
      value: before.value,
      allocated: before.allocated + held[currencyCode].allocated,
      processing: before.processing + held[currencyCode].processing,
    };
    if (
      after.value !== expected.value ||
      after.allocated !== expected.allocated ||
      after.processing !== expected.processing
    ) {
      throw new Error(
        `${currencyCode} after the batch: ${show(after)}, the entities' states make it ${show(expected)} (minor units)`,
      );
    }
    const total = await statementTotal(world, currencyCode);
    if (total !== seedStatements[currencyCode] || total !== after.value)
      throw new Error(`${currencyCode} statement moved during the batch: ${seedStatements[currencyCode]} → ${total}`);
  }
  return expectedEvents(outcomes, tracked);
}

async function readBackStatuses(world: ModelWorld, entities: Tracked): Promise<void> {
  const { client } = world;
  await Promise.all([
    ...entities.payments.transfer.map(async (row) => {
      row.status = (await client.transfers.getTransfer(row.id)).StatusCode as PaymentStatus;
    }),
    ...entities.payments.withdrawal.map(async (row) => {
      row.status = (await client.withdrawals.getWithdrawal(row.id)).StatusCode as PaymentStatus;
    }),
    ...entities.exchanges.map(async (row) => {
      const exchange = await client.exchanges.getExchange(row.id);
      row.status = exchange.StatusCode as ExchangeStatus;
      const sold = minorOf(exchange.Sold ?? Number.NaN, world.decimals[row.source], `exchange ${row.id} Sold`);
      if (sold !== row.sold)
        throw new Error(`exchange ${row.id} sells ${sold}, the request asked ${row.sold} (minor units)`);
    }),
  ]);
}

/** Successful approves and cancels per entity, against its final status. */
function checkPerEntity(outcomes: readonly OpOutcome[], entities: Tracked): void {
  const all: { kind: EntityKind; id: number; status: string }[] = [
    ...entities.payments.transfer.map((row) => ({ kind: "transfer" as const, id: row.id, status: row.status })),
    ...entities.payments.withdrawal.map((row) => ({ kind: "withdrawal" as const, id: row.id, status: row.status })),
    ...entities.exchanges.map((row) => ({ kind: "exchange" as const, id: row.id, status: row.status })),
  ];
  for (const entity of all) {
    const aimed = outcomes.filter(
      (outcome) =>
        outcome.entityId === entity.id &&
        (outcome.op.op === "approve" || outcome.op.op === "cancel") &&
        outcome.op.kind === entity.kind,
    );
    const tried = (action: string) => aimed.filter((outcome) => outcome.op.op === action);
    const succeeded = (action: string) => tried(action).filter((outcome) => outcome.status === 200).length;
    const where = `${entity.kind} ${entity.id} (final ${entity.status}; ${aimed.map((outcome) => `${outcome.op.op}→${outcome.status}`).join(", ") || "untouched"})`;
    const pending = entity.kind === "exchange" ? "L" : "P";
    if (succeeded("approve") > 1 || succeeded("cancel") > 1)
      throw new Error(`more than one approve or cancel succeeded: ${where}`);
    if (tried("cancel").length > 0 && succeeded("cancel") !== 1)
      throw new Error(`a cancel of a movable entity must succeed exactly once: ${where}`);
    if (tried("approve").length > 0 && succeeded("approve") === 0 && succeeded("cancel") === 0)
      throw new Error(`every approve was refused, yet nothing cancelled it: ${where}`);
    const expected = succeeded("cancel") === 1 ? "X" : succeeded("approve") === 1 ? "A" : pending;
    if (entity.status !== expected)
      throw new Error(`final status ${entity.status}, its successful commands lead to ${expected}: ${where}`);
  }
}

export interface ExpectedRunEvent {
  readonly Reason: string;
  readonly EntityType: string;
  readonly EntityId: number;
}

/** Created for every pre-created and successfully created transfer/withdrawal, Canceled for every successful cancel. */
function expectedEvents(outcomes: readonly OpOutcome[], tracked: Tracked): ExpectedRunEvent[] {
  const type = (kind: PaymentKind) => (kind === "transfer" ? "Transfer" : "Withdrawal");
  const events: ExpectedRunEvent[] = [];
  for (const kind of ["transfer", "withdrawal"] as const) {
    for (const row of tracked.payments[kind])
      events.push({ Reason: `${type(kind)}Created`, EntityType: type(kind), EntityId: row.id });
  }
  for (const outcome of outcomes) {
    const { op, created } = outcome;
    if (created !== undefined && created.kind !== "exchange")
      events.push({ Reason: `${type(created.kind)}Created`, EntityType: type(created.kind), EntityId: created.id });
    if (op.op === "cancel" && op.kind !== "exchange" && outcome.status === 200 && outcome.entityId !== undefined) {
      events.push({ Reason: `${type(op.kind)}Canceled`, EntityType: type(op.kind), EntityId: outcome.entityId });
    }
  }
  return events;
}

/** Same events as a multiset, and for each entity Created before Canceled. */
export function checkEventsUnordered(
  label: string,
  actual: readonly ExpectedRunEvent[],
  expected: readonly ExpectedRunEvent[],
): void {
  const key = (event: ExpectedRunEvent) => `${event.EntityType}:${event.EntityId}:${event.Reason}`;
  const sorted = (events: readonly ExpectedRunEvent[]) => events.map(key).sort();
  const got = sorted(actual);
  const want = sorted(expected);
  if (show(got) !== show(want)) {
    const missing = want.filter((entry) => !got.includes(entry));
    const extra = got.filter((entry) => !want.includes(entry));
    throw new Error(
      `${label}: events differ; missing ${show(missing)}, unexpected ${show(extra)} (received ${got.length}, expected ${want.length})`,
    );
  }
  const positions = new Map<string, number>();
  actual.forEach((event, index) => positions.set(key(event), index));
  for (const event of actual) {
    if (!event.Reason.endsWith("Canceled")) continue;
    const created = positions.get(key({ ...event, Reason: event.Reason.replace("Canceled", "Created") }));
    if (created === undefined || created > (positions.get(key(event)) ?? -1))
      throw new Error(`${label}: ${key(event)} arrived before its Created event`);
  }
}
