/**
 * Tenant isolation through the typed client: each seeded service user, acting on the other user's ids (taken
 * from the other's own lists), gets for every GET and command with a key in its path the same 404 as for an id
 * that exists for nobody, and for every command naming the other's account, beneficiary or instruction in its
 * body the same 400 on that attribute; no attempt changes anything (the sandbox's whole state, and both users'
 * views through the API); and no list, nested references included, ever holds the other user's rows.
 */
import { filter, type AccountFundsClient } from "@account-funds/client";
import type { Sandbox } from "@account-funds/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foreignIdsOf, ownIdsOf, tenantScopedOperations } from "./support/isolation-ids.js";
import {
  comparableError,
  MISSING_ID,
  missingIds,
  probes,
  type ForeignIds,
  type OwnIds,
  type Probe,
  type ProbeOutcome,
} from "./support/isolation-probes.js";
import { idsOf, viewOf, type EntityKind, type UserView } from "./support/isolation-views.js";
import { clientFor, DEMO_USER, OTHER_USER, startTestSandbox, type SeededUser } from "./support/sandbox-fixture.js";

/** Starting a sandbox loads and compiles the contract, and a view is ~100 validated requests: generous hooks. */
const HOOK_TIMEOUT_MS = 60_000;

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await sandbox?.close();
}, HOOK_TIMEOUT_MS);

const stateOf = (): string => JSON.stringify(sandbox.store.toJSON());

describe("the spec's tenant-scoped operations all have probes", () => {
  const scoped = tenantScopedOperations();

  it("finds the operations with a key in the path and with an account, beneficiary or instruction in the body", () => {
    expect(scoped.filter((operation) => operation.keys.length > 0).length).toBeGreaterThan(50);
    expect(
      scoped
        .filter((operation) => operation.references.length > 0)
        .map((operation) => operation.operationId)
        .sort(),
    ).toEqual(
      expect.arrayContaining(["createAccountTransfer", "createAccountWithdrawal", "createInstructionWithdrawal"]),
    );
  });

  it.each(scoped.map((operation) => [operation.operationId, operation] as const))("%s", (operationId, operation) => {
    const mine = probes.filter((probe) => probe.operationId === operationId);
    if (operation.keys.length > 0)
      expect(
        mine.some((probe) => probe.expected === 404),
        `${operationId} has a key in its path and no 404 probe`,
      ).toBe(true);
    for (const reference of operation.references) {
      expect(
        mine.some((probe) => probe.expected === 400 && probe.target === reference),
        `${operationId} takes ${reference} and has no probe of it`,
      ).toBe(true);
    }
  });
});

const directions: readonly { readonly name: string; readonly actor: SeededUser; readonly owner: SeededUser }[] = [
  { name: `${DEMO_USER.username} on the ids of ${OTHER_USER.username}`, actor: DEMO_USER, owner: OTHER_USER },
  { name: `${OTHER_USER.username} on the ids of ${DEMO_USER.username}`, actor: OTHER_USER, owner: DEMO_USER },
];

describe.each(directions)("$name", ({ actor, owner }) => {
  let actorClient: AccountFundsClient;
  let ownerClient: AccountFundsClient;
  let foreign: ForeignIds;
  let own: OwnIds;
  let ownerBefore: UserView;
  let actorBefore: UserView;

  beforeAll(async () => {
    actorClient = clientFor(sandbox, actor);
    ownerClient = clientFor(sandbox, owner);
    foreign = await foreignIdsOf(ownerClient, sandbox, owner);
    own = await ownIdsOf(actorClient);
    ownerBefore = await viewOf(ownerClient);
    actorBefore = await viewOf(actorClient);
  }, HOOK_TIMEOUT_MS);

  /** Runs a probe and asserts that the sandbox's whole state (events included) did not change. */
  async function attempt(probe: Probe, ids: ForeignIds): Promise<ProbeOutcome> {
    const before = stateOf();
    const outcome = await probe.run(actorClient, ids, own);
    expect(stateOf() === before, `${probe.operationId} changed the sandbox's state`).toBe(true);
    return outcome;
  }

  it.each(
    probes.map(
      (probe) =>
        [
          `${probe.kind}: ${probe.operationId}${probe.target === undefined ? "" : ` (${probe.target})`}`,
          probe,
        ] as const,
    ),
  )("%s answers as for an id that does not exist, and changes nothing", async (_name, probe) => {
    const foreignAttempt = await attempt(probe, foreign);
    expect(foreignAttempt.status, JSON.stringify(foreignAttempt.error)).toBe(probe.expected);
    const error = comparableError(foreignAttempt.error, []);
    // The refused field, as a JSON pointer into the body (the sandbox's one form of a body field's target).
    if (probe.target !== undefined) expect(error.target).toBe(`/${probe.target}`);
    const missingAttempt = await attempt(probe, missingIds(foreign));
    expect(missingAttempt.status).toBe(foreignAttempt.status);
    const ids = [...Object.values(foreign).filter((value): value is number => typeof value === "number"), MISSING_ID];
    expect(comparableError(foreignAttempt.error, ids)).toEqual(comparableError(missingAttempt.error, ids));
  });

  it("leaves the owner's view and the actor's own view as they were", async () => {
    expect(await viewOf(ownerClient)).toEqual(ownerBefore);
    expect(await viewOf(actorClient)).toEqual(actorBefore);
  }, 60_000);

  it("no list of the actor holds a row of the owner, nor refers to one", () => {
    const ownerIds = idsOf(ownerBefore);
    const actorIds = idsOf(actorBefore);
    for (const kind of Object.keys(ownerIds) as EntityKind[]) {
      expect(ownerIds[kind].size, `the owner's lists show no ${kind}`).toBeGreaterThan(0);
      expect(actorIds[kind].size, `the actor's lists show no ${kind}`).toBeGreaterThan(0);
      expect(
        [...actorIds[kind]].filter((id) => ownerIds[kind].has(id)),
        `${kind} ids in both users' lists`,
      ).toEqual([]);
    }
  });

  it("a $filter on the owner's ids finds nothing in the actor's lists", async () => {
    const byId = (id: number) => ({ $filter: filter.eq("Id", id) });
    expect((await actorClient.accounts.listAccounts(byId(foreign.account))).value).toEqual([]);
    expect((await actorClient.entities.listEntities(byId(foreign.entity))).value).toEqual([]);
    expect((await actorClient.transfers.listTransfers(byId(foreign.transfer))).value).toEqual([]);
    expect((await actorClient.withdrawals.listWithdrawals(byId(foreign.withdrawal))).value).toEqual([]);
    expect((await actorClient.beneficiaries.listBeneficiaries(byId(foreign.beneficiary))).value).toEqual([]);
    expect(
      (await actorClient.transferBeneficiaries.listTransferBeneficiaries(byId(foreign.transferBeneficiary))).value,
    ).toEqual([]);
    expect((await actorClient.exchanges.listExchanges(byId(foreign.allocatedExchange))).value).toEqual([]);
    expect((await actorClient.deposits.listDeposits(byId(foreign.deposit))).value).toEqual([]);
    expect((await actorClient.alerts.listAlerts(byId(foreign.alert))).value).toEqual([]);
    // ...while the owner's own filters do find them: the ids are real.
    expect((await ownerClient.transfers.listTransfers(byId(foreign.transfer))).value.map((row) => row.Id)).toEqual([
      foreign.transfer,
    ]);
    expect((await ownerClient.alerts.listAlerts(byId(foreign.alert))).value.map((row) => row.Id)).toEqual([
      foreign.alert,
    ]);
  });
});
