/**
 * The generated client (@account-funds/client) against the running sandbox, for every operation of the spec:
 * one realistic successful call per operationId (support/operation-calls.ts; the list of operations comes from
 * `operationMetadata`, so a new operation without a call fails here), then what the calls do together: 201
 * results, OData query options and paging, the commands' state machines with their effect on balances and
 * statements, multipart uploads, MT103 confirmations and webhook deliveries. Both sides validate every body
 * against the spec (the sandbox answers 500, the client throws, on a mismatch).
 * @module-tag node-lines: every operation through the client's fetch (undici) and the sandbox's node:http adapter.
 */
import {
  filter,
  multipart,
  operationMetadata,
  type AccountFundsClient,
  type ODataError,
  type OperationMetadata,
} from "@account-funds/client";
import { createClientCertificate, defaultCredentials, type Sandbox } from "@account-funds/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callOf, operationCalls, type OperationCallContext } from "./support/operation-calls.js";
import {
  createdId,
  expectStatus,
  mtlsClient,
  recordingClient,
  ResponseLog,
  type MtlsClient,
} from "./support/operation-calls-clients.js";
import { controlOf, startWebhookReceiver, type WebhookReceiver } from "./support/operation-calls-control.js";
import {
  beneficiaryBody,
  cents,
  createBeneficiary,
  createExchange,
  createTransfer,
  createWithdrawal,
  delta,
  expectStatementMatchesBalance,
  figures,
  first,
  primaryAccount,
  transferBeneficiaryFor,
  withdrawalBeneficiaryFor,
} from "./support/operation-calls-data.js";
import { clientFor, DEMO_USER, OTHER_USER, startTestSandbox, tokenFor } from "./support/sandbox-fixture.js";

/** Starting a sandbox loads and compiles the contract: generous on a busy 2-core machine. */
const HOOK_TIMEOUT_MS = 60_000;

const log = new ResponseLog();
let sandbox: Sandbox;
let mtls: MtlsClient;
let receiver: WebhookReceiver;
let context: OperationCallContext;
let client: AccountFundsClient;

beforeAll(async () => {
  const certificate = await createClientCertificate("operations-test");
  sandbox = await startTestSandbox({
    tlsPort: 0,
    credentials: defaultCredentials({ certificateThumbprints: [certificate.thumbprint] }),
  });
  receiver = await startWebhookReceiver();
  const control = controlOf(sandbox);
  // Registered before any call: every event the calls raise for the demo user is delivered here.
  await control.registerWebhook(receiver.url, DEMO_USER.username);
  mtls = mtlsClient(sandbox, certificate, log);
  client = recordingClient(sandbox, log);
  context = { sandbox, client, mtlsClient: mtls.client, control };
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await mtls?.close();
  await sandbox?.close();
  await receiver?.close();
}, HOOK_TIMEOUT_MS);

const metadataOf = (operationId: string): OperationMetadata | undefined =>
  (operationMetadata as Readonly<Record<string, OperationMetadata>>)[operationId];
const operationIds = Object.keys(operationMetadata);

describe("every operation of the spec, called through the typed client", () => {
  it("has a call for each operationId of operationMetadata, and none for an operation the spec lacks", () => {
    expect(operationIds.length).toBeGreaterThan(0);
    expect(operationIds.filter((operationId) => callOf(operationId) === undefined)).toEqual([]);
    expect(Object.keys(operationCalls).filter((operationId) => !operationIds.includes(operationId))).toEqual([]);
  });

  it.each(operationIds)("%s", async (operationId) => {
    const call = callOf(operationId);
    if (call === undefined) throw new Error(`support/operation-calls.ts has no call for ${operationId}`);
    log.clear();
    await call(context);
    // The call reached the operation it is filed under, and the operation answered a success status.
    const success = (metadataOf(operationId)?.successStatuses ?? []).map(Number);
    const answered = log.statusesOf(operationId);
    expect(
      answered.some((status) => success.includes(status)),
      `${operationId} answered ${answered.join(", ") || "nothing"}`,
    ).toBe(true);
  });
});

describe("a 201 resolves to Created: the new Id and an absolute Location that a GET resolves to the entity", () => {
  type Create = (
    client: AccountFundsClient,
    accountId: number,
  ) => Promise<{ id?: number; location: string; body: unknown }>;
  const creations: readonly [string, Create, Readonly<Record<string, unknown>>][] = [
    [
      "createAccountTransfer",
      async (client, accountId) => {
        const beneficiary = await transferBeneficiaryFor(client, accountId, "GBP");
        return client.transfers.createAccountTransfer({
          AccountId: accountId,
          CurrencyCode: "GBP",
          Amount: 10,
          BeneficiaryId: beneficiary.Id,
          Reference: "Created shape",
        });
      },
      { CurrencyCode: "GBP", Amount: 10, Reference: "Created shape", StatusCode: "P" },
    ],
    [
      "createAccountWithdrawal",
      async (client, accountId) => {
        const beneficiary = await withdrawalBeneficiaryFor(client, accountId, "EUR");
        return client.withdrawals.createAccountWithdrawal({
          AccountId: accountId,
          CurrencyCode: "EUR",
          Amount: 10,
          BeneficiaryId: beneficiary.Id,
          Reference: "Created shape",
        });
      },
      { CurrencyCode: "EUR", Amount: 10, Reference: "Created shape", StatusCode: "P" },
    ],
    [
      "createWithdrawalBeneficiary",
      (client, accountId) =>
        client.beneficiaries.createWithdrawalBeneficiary(beneficiaryBody(accountId, "Created Shape")),
      { Name: "Created Shape", CurrencyCode: "EUR", StatusCode: "E" },
    ],
    [
      "createExchange",
      (client, accountId) =>
        client.exchanges.createExchange({
          AccountId: accountId,
          SourceCurrencyCode: "USD",
          TargetCurrencyCode: "GBP",
          Goal: 10,
          GoalType: "Buy",
          UseAvailableFunds: false,
        }),
      { SourceCurrencyCode: "USD", TargetCurrencyCode: "GBP", Goal: 10, GoalType: "Buy", StatusCode: "P" },
    ],
    [
      "createAlert",
      (client) => client.alerts.createAlert({ SourceCurrencyCode: "USD", TargetCurrencyCode: "EUR", Limit: 0.95 }),
      { SourceCurrencyCode: "USD", TargetCurrencyCode: "EUR", Limit: 0.95, Active: true },
    ],
  ];

  it.each(creations)("%s", async (_operationId, create, expected) => {
    const account = await primaryAccount(client);
    const created = await create(client, account.Id);
    expect(created.id).toEqual(expect.any(Number));
    expect(created.body).toEqual({ Id: created.id });
    expect(created.location.startsWith(`${sandbox.url}/api/v1/`), created.location).toBe(true);
    const response = await fetch(created.location, { headers: { authorization: `Bearer ${await tokenFor(sandbox)}` } });
    expect(response.status).toBe(200);
    const entity = (await response.json()) as { readonly Id?: unknown; readonly "@odata.context"?: unknown };
    expect(entity).toMatchObject({ Id: created.id, ...expected });
    expect(entity["@odata.context"]).toMatch(/\/\$entity$/);
  });
});

describe("OData query options on lists", () => {
  it("$filter keeps exactly the matching rows, with the builder, a string and a path into a nested object", async () => {
    const all = (await client.transfers.listTransfers({ $orderby: "Id" })).value;
    const statusCode = first(all, "transfer").StatusCode ?? "";
    const byStatus = await client.transfers.listTransfers({
      $filter: filter.eq("StatusCode", statusCode),
      $orderby: "Id",
    });
    expect(byStatus.value.map((row) => row.Id)).toEqual(
      all.filter((row) => row.StatusCode === statusCode).map((row) => row.Id),
    );
    expect(byStatus.value.length).toBeLessThan(all.length);

    const large = await client.transfers.listTransfers({
      $filter: "Amount ge 1000 and CurrencyCode ne 'EUR'",
      $orderby: "Id",
    });
    const expected = all.filter((row) => (row.Amount ?? 0) >= 1000 && row.CurrencyCode !== "EUR").map((row) => row.Id);
    expect(expected.length).toBeGreaterThan(0);
    expect(large.value.map((row) => row.Id)).toEqual(expected);

    const receiverId = first(all, "transfer").Beneficiary?.BeneficiaryAccountId ?? -1;
    const toReceiver = await client.transfers.listTransfers({
      $filter: filter.eq("Beneficiary/BeneficiaryAccountId", receiverId),
      $orderby: "Id",
    });
    expect(toReceiver.value.map((row) => row.Id)).toEqual(
      all.filter((row) => row.Beneficiary?.BeneficiaryAccountId === receiverId).map((row) => row.Id),
    );
  });

  it("$select returns only the selected properties, on lists and on single entities", async () => {
    const page = await client.withdrawals.listWithdrawals({ $select: ["Id", "Amount", "StatusCode"] });
    expect(page.value.length).toBeGreaterThan(0);
    for (const row of page.value) expect(Object.keys(row).sort()).toEqual(["Amount", "Id", "StatusCode"]);
    const account = await primaryAccount(client);
    const selected = await client.accounts.getAccount(account.Id, { $select: ["Id", "Name"] });
    expect(
      Object.keys(selected)
        .filter((key) => !key.startsWith("@"))
        .sort(),
    ).toEqual(["Id", "Name"]);
    expect(selected).toMatchObject({ Id: account.Id, Name: account.Name });
  });

  it("$orderby sorts ascending and descending, by several keys", async () => {
    const names = (await client.beneficiaries.listBeneficiaries({ $orderby: "Name desc" })).value.map(
      (row) => row.Name ?? "",
    );
    expect(names.length).toBeGreaterThan(2);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const rows = (await client.beneficiaries.listBeneficiaries({ $orderby: ["CurrencyCode", "Id desc"] })).value;
    const keys = rows.map((row) => [row.CurrencyCode ?? "", row.Id] as const);
    const sorted = [...keys].sort(([currencyA, idA], [currencyB, idB]) =>
      currencyA < currencyB ? -1 : currencyA > currencyB ? 1 : idB - idA,
    );
    expect(keys).toEqual(sorted);
  });

  it("$top and $skip take a window of the ordered rows; $count counts every matching row whatever the window", async () => {
    const all = (await client.transferBeneficiaries.listTransferBeneficiaries({ $orderby: "Id" })).value.map(
      (row) => row.Id,
    );
    expect(all.length).toBeGreaterThan(7);
    const window = await client.transferBeneficiaries.listTransferBeneficiaries({
      $orderby: "Id",
      $skip: 3,
      $top: 4,
      $count: true,
    });
    expect(window.value.map((row) => row.Id)).toEqual(all.slice(3, 7));
    expect(window["@odata.count"]).toBe(all.length);
    const eur = await client.transferBeneficiaries.listTransferBeneficiaries({
      $filter: filter.eq("CurrencyCode", "EUR"),
      $top: 1,
      $count: true,
    });
    expect(eur.value).toHaveLength(1);
    expect(eur["@odata.count"]).toBe(
      (await client.transferBeneficiaries.listTransferBeneficiaries({ $filter: filter.eq("CurrencyCode", "EUR") }))
        .value.length,
    );
  });

  it("a $filter naming an unknown property is a 400 with an error body", async () => {
    const result = await client.withResponse.transfers.listTransfers({ $filter: "NoSuchProperty eq 1" });
    expect(expectStatus(result, 400).error).toBeDefined();
  });
});

describe("paging: .paginate() follows @odata.nextLink (a sandbox with maxPageSize 2)", () => {
  const pagedLog = new ResponseLog();
  let paged: Sandbox;
  let pagedClient: AccountFundsClient;

  beforeAll(async () => {
    paged = await startTestSandbox({ maxPageSize: 2 });
    pagedClient = recordingClient(paged, pagedLog);
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await paged?.close();
  }, HOOK_TIMEOUT_MS);

  it("a page holds at most maxPageSize rows and links the next page on the same origin", async () => {
    const page = await pagedClient.transferBeneficiaries.listTransferBeneficiaries({ $orderby: "Id", $count: true });
    expect(page.value).toHaveLength(2);
    expect(page["@odata.count"]).toBeGreaterThan(2);
    expect(new URL(page["@odata.nextLink"] ?? "").origin).toBe(new URL(paged.url).origin);
  });

  it("yields every row exactly once, in order, one request per page", async () => {
    const total =
      (await pagedClient.transferBeneficiaries.listTransferBeneficiaries({ $count: true, $top: 0 }))["@odata.count"] ??
      0;
    pagedLog.clear();
    const ids: number[] = [];
    for await (const row of pagedClient.transferBeneficiaries.listTransferBeneficiaries.paginate({ $orderby: "Id" }))
      ids.push(row.Id);
    expect(ids).toHaveLength(total);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    expect(pagedLog.statusesOf("listTransferBeneficiaries")).toEqual(
      Array.from({ length: Math.ceil(total / 2) }, () => 200),
    );
  });

  it("keeps $filter, $orderby and $select on every page", async () => {
    const expected = (
      await pagedClient.transferBeneficiaries.listTransferBeneficiaries({
        $filter: filter.eq("CurrencyCode", "EUR"),
        $count: true,
        $top: 0,
      })
    )["@odata.count"];
    const rows = [];
    const query = {
      $filter: filter.eq("CurrencyCode", "EUR"),
      $orderby: "Id desc",
      $select: ["Id", "CurrencyCode"],
    } as const;
    for await (const row of pagedClient.transferBeneficiaries.listTransferBeneficiaries.paginate(query)) rows.push(row);
    expect(rows.length).toBe(expected);
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect(row).toEqual({ Id: expect.any(Number), CurrencyCode: "EUR" });
    const ids = rows.map((row) => row.Id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("stops after $top rows across pages", async () => {
    const ids: number[] = [];
    for await (const row of pagedClient.accounts.listTransferBeneficiaries.paginate(
      (await primaryAccount(pagedClient)).Id,
      { $orderby: "Id", $top: 5 },
    ))
      ids.push(row.Id);
    const all = [];
    for await (const row of pagedClient.accounts.listTransferBeneficiaries.paginate(
      (await primaryAccount(pagedClient)).Id,
      { $orderby: "Id" },
    ))
      all.push(row.Id);
    expect(all.length).toBeGreaterThan(5);
    expect(ids).toEqual(all.slice(0, 5));
  });
});

describe("transfer commands: states, 410 once final, balances and statements", () => {
  it("create allocates; approve moves the funds to processing; completion debits the payer and credits the receiving account", async () => {
    const account = await primaryAccount(client);
    const beneficiary = await transferBeneficiaryFor(client, account.Id, "EUR");
    const receiverId = beneficiary.BeneficiaryAccountId ?? -1;
    const payerBefore = await figures(client, account.Id, "EUR");
    const receiverBefore = await figures(client, receiverId, "EUR");

    const id = await createTransfer(
      client,
      { accountId: account.Id, currencyCode: "EUR", amount: 150.25 },
      "Lifecycle",
    );
    expect(await client.transfers.getTransfer(id)).toMatchObject({ StatusCode: "P", Status: "Pending" });
    expect(delta(payerBefore, await figures(client, account.Id, "EUR"))).toEqual({
      value: 0,
      allocated: 15025,
      processing: 0,
      available: -15025,
    });

    expectStatus(await client.withResponse.transfers.approveTransfer(id), 200);
    expect(await client.transfers.getTransfer(id)).toMatchObject({ StatusCode: "A", Status: "Approved" });
    expect(delta(payerBefore, await figures(client, account.Id, "EUR"))).toEqual({
      value: 0,
      allocated: 0,
      processing: 15025,
      available: -15025,
    });
    expectStatus(await client.withResponse.transfers.approveTransfer(id), 410);

    const completion = await context.control.complete("transfers", id);
    expect(completion).toMatchObject({ id, statusCode: "C", status: "Completed" });
    expect(await client.outboundTransfers.getOutboundTransfer(id)).toMatchObject({
      StatusCode: "C",
      Status: "Completed",
    });
    expect(await client.inboundTransfers.getInboundTransfer(id)).toMatchObject({ StatusCode: "C", Amount: 150.25 });
    expect(delta(payerBefore, await figures(client, account.Id, "EUR"))).toEqual({
      value: -15025,
      allocated: 0,
      processing: 0,
      available: -15025,
    });
    expect(delta(receiverBefore, await figures(client, receiverId, "EUR"))).toEqual({
      value: 15025,
      allocated: 0,
      processing: 0,
      available: 15025,
    });

    const payerStatement = (await client.accounts.listBalanceStatement(account.Id, "EUR")).value;
    expect(payerStatement.filter((item) => item.Transfer?.Id === id).map((item) => cents(item.DeltaBalance))).toEqual([
      -15025,
    ]);
    const receiverStatement = (await client.accounts.listBalanceStatement(receiverId, "EUR")).value;
    expect(
      receiverStatement.filter((item) => item.Transfer?.Id === id).map((item) => cents(item.DeltaBalance)),
    ).toEqual([15025]);
    await expectStatementMatchesBalance(client, account.Id, "EUR");
    await expectStatementMatchesBalance(client, receiverId, "EUR");

    expectStatus(await client.withResponse.transfers.approveTransfer(id), 410);
    expectStatus(await client.withResponse.transfers.rejectTransfer(id), 410);
    expectStatus(await client.withResponse.transfers.cancelTransfer(id), 410);
    expect((await context.control.tryComplete("transfers", id)).status).toBe(410);
  });

  it("reject returns the allocated funds, and a rejected transfer can no longer be moved (410)", async () => {
    const account = await primaryAccount(client);
    const before = await figures(client, account.Id, "USD");
    const id = await createTransfer(client, { accountId: account.Id, currencyCode: "USD", amount: 99.99 });
    expectStatus(await client.withResponse.transfers.rejectTransfer(id), 200);
    expect(await client.transfers.getTransfer(id)).toMatchObject({ StatusCode: "R", Status: "Rejected" });
    expect(await figures(client, account.Id, "USD")).toEqual(before);
    expectStatus(await client.withResponse.transfers.approveTransfer(id), 410);
    expectStatus(await client.withResponse.transfers.rejectTransfer(id), 410);
    expectStatus(await client.withResponse.transfers.cancelTransfer(id), 410);
  });

  it("cancel returns the funds, allocated while pending and processing once approved; then 410", async () => {
    const account = await primaryAccount(client);
    const before = await figures(client, account.Id, "GBP");
    const pending = await createTransfer(client, { accountId: account.Id, currencyCode: "GBP", amount: 40 });
    const approved = await createTransfer(client, { accountId: account.Id, currencyCode: "GBP", amount: 60 });
    expectStatus(await client.withResponse.transfers.approveTransfer(approved), 200);
    expect(delta(before, await figures(client, account.Id, "GBP"))).toEqual({
      value: 0,
      allocated: 4000,
      processing: 6000,
      available: -10000,
    });
    for (const id of [pending, approved]) {
      expectStatus(await client.withResponse.transfers.cancelTransfer(id), 200);
      expect(await client.transfers.getTransfer(id)).toMatchObject({ StatusCode: "X", Status: "Cancelled" });
      expectStatus(await client.withResponse.transfers.cancelTransfer(id), 410);
      expectStatus(await client.withResponse.transfers.approveTransfer(id), 410);
    }
    expect(await figures(client, account.Id, "GBP")).toEqual(before);
  });

  it("a transfer without Amount requests the maximum transferable amount: all that is available", async () => {
    const parent = await primaryAccount(client);
    const subaccount = first(
      (await client.accounts.listSubaccounts(parent.Id, { $orderby: "Id" })).value,
      "subaccount",
    );
    const currencyCode =
      first((await client.accounts.listBalances(subaccount.Id)).value, "balance of the subaccount").CurrencyCode ?? "";
    const beneficiary = await transferBeneficiaryFor(client, subaccount.Id, currencyCode);
    const before = await figures(client, subaccount.Id, currencyCode);
    expect(before.available).toBeGreaterThan(0);
    const result = await client.withResponse.transfers.createAccountTransfer({
      AccountId: subaccount.Id,
      CurrencyCode: currencyCode,
      BeneficiaryId: beneficiary.Id,
    });
    const id = createdId(result);
    expect(cents((await client.transfers.getTransfer(id)).Amount)).toBe(before.available);
    expect(await figures(client, subaccount.Id, currencyCode)).toEqual({
      ...before,
      allocated: before.allocated + before.available,
      available: 0,
    });
    expectStatus(await client.withResponse.transfers.cancelTransfer(id), 200);
    expect(await figures(client, subaccount.Id, currencyCode)).toEqual(before);
  });

  it("a transfer of more than the available balance is a 400 and changes nothing", async () => {
    const account = await primaryAccount(client);
    const beneficiary = await transferBeneficiaryFor(client, account.Id, "EUR");
    const before = await figures(client, account.Id, "EUR");
    const count = (await client.transfers.listTransfers()).value.length;
    const result = await client.withResponse.transfers.createAccountTransfer({
      AccountId: account.Id,
      CurrencyCode: "EUR",
      Amount: (before.available + 1) / 100,
      BeneficiaryId: beneficiary.Id,
    });
    expectStatus(result, 400);
    expect(await figures(client, account.Id, "EUR")).toEqual(before);
    expect((await client.transfers.listTransfers()).value).toHaveLength(count);
  });
});

describe("withdrawal commands: states, 410 once final, balances, statements and MT103", () => {
  it("create allocates, approve moves to processing, completion debits the account; the MT103 confirmation follows completion", async () => {
    const account = await primaryAccount(client);
    // MT103 is "a feature enabled for the account": account setup the API does not show, read from the store.
    expect(sandbox.store.accounts.get(account.Id)?.setup.mt103Enabled).toBe(true);
    const before = await figures(client, account.Id, "EUR");
    const id = await createWithdrawal(
      client,
      { accountId: account.Id, currencyCode: "EUR", amount: 321.5 },
      "INV-77-MT103",
    );
    expect(await client.withdrawals.getWithdrawal(id)).toMatchObject({
      StatusCode: "P",
      Status: "Pending",
      OutstandingAmount: 321.5,
    });
    expect(delta(before, await figures(client, account.Id, "EUR"))).toEqual({
      value: 0,
      allocated: 32150,
      processing: 0,
      available: -32150,
    });
    expectStatus(await client.withResponse.withdrawals.getWithdrawalConfirmationMt103(id), 400);

    expectStatus(await client.withResponse.withdrawals.approveWithdrawal(id), 200);
    expect(delta(before, await figures(client, account.Id, "EUR"))).toEqual({
      value: 0,
      allocated: 0,
      processing: 32150,
      available: -32150,
    });
    expectStatus(await client.withResponse.withdrawals.getWithdrawalConfirmationMt103(id), 400);

    expect(await context.control.complete("withdrawals", id)).toMatchObject({
      id,
      statusCode: "C",
      status: "Completed",
    });
    expect(await client.withdrawals.getWithdrawal(id)).toMatchObject({ StatusCode: "C", Status: "Completed" });
    expect(delta(before, await figures(client, account.Id, "EUR"))).toEqual({
      value: -32150,
      allocated: 0,
      processing: 0,
      available: -32150,
    });
    const statement = (await client.accounts.listBalanceStatement(account.Id, "EUR")).value;
    expect(statement.filter((item) => item.Withdrawal?.Id === id).map((item) => cents(item.DeltaBalance))).toEqual([
      -32150,
    ]);
    await expectStatementMatchesBalance(client, account.Id, "EUR");

    const mt103 = expectStatus(await client.withResponse.withdrawals.getWithdrawalConfirmationMt103(id), 200).data;
    expect(mt103).toContain(":23B:CRED");
    expect(mt103).toContain("EUR321,50");
    expect(mt103).toContain(":70:INV-77-MT103");

    for (const command of [
      client.withResponse.withdrawals.approveWithdrawal,
      client.withResponse.withdrawals.rejectWithdrawal,
      client.withResponse.withdrawals.cancelWithdrawal,
    ]) {
      expectStatus(await command(id), 410);
    }
  });

  it("the MT103 confirmation of a completed withdrawal is a 400 on an account without the feature", async () => {
    const accounts = (await client.accounts.listAccounts({ $orderby: "Id" })).value;
    const candidates = [];
    for (const account of accounts.filter((row) => sandbox.store.accounts.get(row.Id)?.setup.mt103Enabled === false)) {
      const beneficiaries = (
        await client.accounts.listBeneficiaries(account.Id, { $filter: filter.eq("StatusCode", "E") })
      ).value;
      candidates.push(...beneficiaries.map((beneficiary) => ({ account, beneficiary })));
    }
    const { account, beneficiary } = first(candidates, "enabled beneficiary of an account without MT103");
    const boe = first((await client.withdrawals.listBoEPaymentPurposes()).value, "BoE purpose code");
    const created = await client.withResponse.withdrawals.createAccountWithdrawal({
      AccountId: account.Id,
      CurrencyCode: beneficiary.CurrencyCode ?? "",
      Amount: 10,
      BeneficiaryId: beneficiary.Id,
      // The reference: BoEPurposeCodeId is required when CurrencyCode is GBP.
      ...(beneficiary.CurrencyCode === "GBP" ? { BoEPurposeCodeId: boe.Id } : {}),
    });
    const id = createdId(created);
    await context.control.complete("withdrawals", id);
    expectStatus(await client.withResponse.withdrawals.getWithdrawalConfirmationMt103(id), 400);
  });

  it("reject and cancel return the funds (allocated, or processing once approved); then 410", async () => {
    const account = await primaryAccount(client);
    const before = await figures(client, account.Id, "EUR");
    const rejected = await createWithdrawal(client, { accountId: account.Id, currencyCode: "EUR", amount: 11 });
    const cancelledPending = await createWithdrawal(client, { accountId: account.Id, currencyCode: "EUR", amount: 22 });
    const cancelledApproved = await createWithdrawal(client, {
      accountId: account.Id,
      currencyCode: "EUR",
      amount: 33,
    });
    expectStatus(await client.withResponse.withdrawals.approveWithdrawal(cancelledApproved), 200);
    expect(delta(before, await figures(client, account.Id, "EUR"))).toEqual({
      value: 0,
      allocated: 3300,
      processing: 3300,
      available: -6600,
    });

    expectStatus(await client.withResponse.withdrawals.rejectWithdrawal(rejected), 200);
    expect(await client.withdrawals.getWithdrawal(rejected)).toMatchObject({
      StatusCode: "R",
      Status: "Rejected",
      OutstandingAmount: 0,
    });
    for (const id of [cancelledPending, cancelledApproved]) {
      expectStatus(await client.withResponse.withdrawals.cancelWithdrawal(id), 200);
      expect(await client.withdrawals.getWithdrawal(id)).toMatchObject({ StatusCode: "X", Status: "Cancelled" });
    }
    expect(await figures(client, account.Id, "EUR")).toEqual(before);
    for (const id of [rejected, cancelledPending, cancelledApproved]) {
      expectStatus(await client.withResponse.withdrawals.approveWithdrawal(id), 410);
      expectStatus(await client.withResponse.withdrawals.rejectWithdrawal(id), 410);
      expectStatus(await client.withResponse.withdrawals.cancelWithdrawal(id), 410);
    }
  });

  it("a withdrawal without Amount requests the maximum withdrawable amount: all that is available", async () => {
    const account = await primaryAccount(client);
    const before = await figures(client, account.Id, "USD");
    expect(before.available).toBeGreaterThan(0);
    const beneficiary = await withdrawalBeneficiaryFor(client, account.Id, "USD");
    const result = await client.withResponse.withdrawals.createAccountWithdrawal({
      AccountId: account.Id,
      CurrencyCode: "USD",
      BeneficiaryId: beneficiary.Id,
    });
    const id = createdId(result);
    expect(cents((await client.withdrawals.getWithdrawal(id)).Amount)).toBe(before.available);
    expect((await figures(client, account.Id, "USD")).available).toBe(0);
    expectStatus(await client.withResponse.withdrawals.cancelWithdrawal(id), 200);
    expect(await figures(client, account.Id, "USD")).toEqual(before);
  });

  it("an exchange funding a GBP withdrawal needs its own BoEPurposeCodeId, and its own ReceiverLei for a bank", async () => {
    const account = await primaryAccount(client);
    const boe = first((await client.withdrawals.listBoEPaymentPurposes()).value, "BoE payment purpose").Id;
    const lei = "5493001KJTIIGC8Y1R12";
    const banks = await client.accounts.listBeneficiaries(account.Id, { $filter: filter.eq("Name", "Woodgrove Bank") });
    const bank = first(banks.value, "the seeded GBP beneficiary in Banks (vertical FI)");
    const exchangeWith = async (extra: { BoEPurposeCodeId?: number; ReceiverLei?: string }) => {
      const body = {
        AccountId: account.Id,
        SourceCurrencyCode: "EUR",
        TargetCurrencyCode: "GBP",
        Goal: 10,
        GoalType: "Buy",
      } as const;
      return createdId(await client.withResponse.exchanges.createExchange({ ...body, ...extra }));
    };
    const fund = (InstructionId: number) =>
      client.withResponse.withdrawals.createInstructionWithdrawal({
        InstructionId,
        BeneficiaryId: bank.Id,
        BoEPurposeCodeId: boe,
        ReceiverLei: lei,
      });
    for (const [exchange, missing] of [
      [await exchangeWith({}), /BoEPurposeCodeId/],
      [await exchangeWith({ BoEPurposeCodeId: boe }), /ReceiverLei/],
    ] as const) {
      // The sandbox answers the OData error (its document); the API's document admits problem details too.
      const refused = (expectStatus(await fund(exchange), 400).error as ODataError).error;
      expect(refused).toMatchObject({ code: "instruction_incomplete", target: "/InstructionId" });
      expect(refused.message).toMatch(missing);
    }
    expectStatus(await fund(await exchangeWith({ BoEPurposeCodeId: boe, ReceiverLei: lei })), 201);
  });

  it("an instruction withdrawal pays what its exchange buys, once the exchange has completed", async () => {
    const account = await primaryAccount(client);
    const beneficiary = await withdrawalBeneficiaryFor(client, account.Id, "USD");
    const usdBefore = await figures(client, account.Id, "USD");
    const exchangeId = await createExchange(client, {
      accountId: account.Id,
      sourceCurrencyCode: "EUR",
      targetCurrencyCode: "USD",
      goal: 40,
      goalType: "Buy",
      useAvailableFunds: false,
    });
    const created = await client.withResponse.withdrawals.createInstructionWithdrawal({
      InstructionId: exchangeId,
      BeneficiaryId: beneficiary.Id,
    });
    const id = createdId(created);
    expect(await client.withdrawals.getWithdrawal(id)).toMatchObject({
      InstructionId: exchangeId,
      CurrencyCode: "USD",
      Amount: 40,
      StatusCode: "P",
    });
    // Nothing is reserved for it while the instruction is open, and it cannot complete before the instruction does.
    expect(await figures(client, account.Id, "USD")).toEqual(usdBefore);
    expect((await context.control.tryComplete("withdrawals", id)).status).not.toBe(200);
    expect((await client.withdrawals.getWithdrawal(id)).StatusCode).toBe("P");

    expectStatus(await client.withResponse.exchanges.allocateExchange(exchangeId), 200);
    expectStatus(await client.withResponse.exchanges.approveExchange(exchangeId), 200);
    await context.control.complete("exchanges", exchangeId);
    expect(delta(usdBefore, await figures(client, account.Id, "USD"))).toEqual({
      value: 4000,
      allocated: 0,
      processing: 0,
      available: 4000,
    });
    await context.control.complete("withdrawals", id);
    expect(await client.withdrawals.getWithdrawal(id)).toMatchObject({ StatusCode: "C", OutstandingAmount: 0 });
    expect(await figures(client, account.Id, "USD")).toEqual(usdBefore);
    expect((await client.exchanges.getExchange(exchangeId)).Withdrawals?.map((row) => row.Id)).toEqual([id]);
    await expectStatementMatchesBalance(client, account.Id, "USD");
  });

  it("multipart with supporting documents creates the same withdrawal as JSON, allocating its amount", async () => {
    const account = await primaryAccount(client);
    const beneficiary = await withdrawalBeneficiaryFor(client, account.Id, "USD");
    const before = await figures(client, account.Id, "USD");
    const created = await client.withdrawals.createAccountWithdrawal(
      multipart({
        Request: {
          AccountId: account.Id,
          CurrencyCode: "USD",
          Amount: 7800,
          BeneficiaryId: beneficiary.Id,
          Reference: "PO-88251",
          PaymentChargesCode: "SHA",
        },
        SupportingDocuments: [
          new Blob(["%PDF-1.7 order TS-4471"], { type: "application/pdf" }),
          { data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), filename: "stamp.png", contentType: "image/png" },
        ],
      }),
    );
    const id = created.id ?? -1;
    expect(await client.withdrawals.getWithdrawal(id)).toMatchObject({
      AccountId: account.Id,
      CurrencyCode: "USD",
      Amount: 7800,
      Reference: "PO-88251",
      StatusCode: "P",
    });
    expect(delta(before, await figures(client, account.Id, "USD"))).toEqual({
      value: 0,
      allocated: 780000,
      processing: 0,
      available: -780000,
    });
    const documents = sandbox.store.withdrawals.get(id)?.supportingDocuments ?? [];
    expect(documents.map((document) => [document.contentType, document.size])).toEqual([
      ["application/pdf", 22],
      ["image/png", 4],
    ]);
    expect(documents[1]?.fileName).toBe("stamp.png");
  });
});

describe("exchange commands: states, 410 once final, balances and statements", () => {
  it("allocate reserves the sold amount, approve keeps it, completion sells the source and buys the target currency", async () => {
    const account = await primaryAccount(client);
    const gbpBefore = await figures(client, account.Id, "GBP");
    const usdBefore = await figures(client, account.Id, "USD");
    const id = await createExchange(client, {
      accountId: account.Id,
      sourceCurrencyCode: "GBP",
      targetCurrencyCode: "USD",
      goal: 200,
      goalType: "Sell",
      useAvailableFunds: false,
    });
    const created = await client.exchanges.getExchange(id);
    expect(created).toMatchObject({ StatusCode: "P", Status: "Pending", Sold: 200 });
    expect(await figures(client, account.Id, "GBP")).toEqual(gbpBefore);

    expectStatus(await client.withResponse.exchanges.allocateExchange(id), 200);
    expect(await client.exchanges.getExchange(id)).toMatchObject({ StatusCode: "L", Status: "Allocated" });
    expect(delta(gbpBefore, await figures(client, account.Id, "GBP"))).toEqual({
      value: 0,
      allocated: 20000,
      processing: 0,
      available: -20000,
    });

    expectStatus(await client.withResponse.exchanges.approveExchange(id), 200);
    expect(await client.exchanges.getExchange(id)).toMatchObject({ StatusCode: "A", Status: "Approved" });
    expectStatus(await client.withResponse.exchanges.approveExchange(id), 410);
    expectStatus(await client.withResponse.exchanges.rejectExchange(id), 410);

    expect(await context.control.complete("exchanges", id)).toMatchObject({ id, statusCode: "C", status: "Completed" });
    expect(await client.exchanges.getExchange(id)).toMatchObject({ StatusCode: "C", Status: "Completed" });
    const bought = cents(created.Bought);
    expect(bought).toBeGreaterThan(0);
    expect(delta(gbpBefore, await figures(client, account.Id, "GBP"))).toEqual({
      value: -20000,
      allocated: 0,
      processing: 0,
      available: -20000,
    });
    expect(delta(usdBefore, await figures(client, account.Id, "USD"))).toEqual({
      value: bought,
      allocated: 0,
      processing: 0,
      available: bought,
    });
    const usdStatement = (await client.accounts.listBalanceStatement(account.Id, "USD")).value;
    expect(usdStatement.filter((item) => item.Exchange?.Id === id).map((item) => cents(item.DeltaBalance))).toEqual([
      bought,
    ]);
    await expectStatementMatchesBalance(client, account.Id, "GBP");
    await expectStatementMatchesBalance(client, account.Id, "USD");

    for (const command of [
      client.withResponse.exchanges.approveExchange,
      client.withResponse.exchanges.rejectExchange,
      client.withResponse.exchanges.cancelExchange,
    ]) {
      expectStatus(await command(id), 410);
    }
  });

  it("reject (allocated) and cancel (approved) return the allocated funds; then 410", async () => {
    const account = await primaryAccount(client);
    const before = await figures(client, account.Id, "EUR");
    const order = {
      accountId: account.Id,
      sourceCurrencyCode: "EUR",
      targetCurrencyCode: "GBP",
      goal: 70,
      goalType: "Sell",
      useAvailableFunds: true,
    } as const;
    const rejected = await createExchange(client, order);
    const cancelled = await createExchange(client, order);
    expect(delta(before, await figures(client, account.Id, "EUR"))).toEqual({
      value: 0,
      allocated: 14000,
      processing: 0,
      available: -14000,
    });
    expectStatus(await client.withResponse.exchanges.rejectExchange(rejected), 200);
    expect(await client.exchanges.getExchange(rejected)).toMatchObject({ StatusCode: "R", Status: "Rejected" });
    expectStatus(await client.withResponse.exchanges.approveExchange(cancelled), 200);
    expectStatus(await client.withResponse.exchanges.cancelExchange(cancelled), 200);
    expect(await client.exchanges.getExchange(cancelled)).toMatchObject({ StatusCode: "X", Status: "Cancelled" });
    expect(await figures(client, account.Id, "EUR")).toEqual(before);
    for (const id of [rejected, cancelled]) {
      expectStatus(await client.withResponse.exchanges.approveExchange(id), 410);
      expectStatus(await client.withResponse.exchanges.rejectExchange(id), 410);
      expectStatus(await client.withResponse.exchanges.cancelExchange(id), 410);
    }
  });
});

describe("beneficiary and alert commands", () => {
  it("a withdrawal beneficiary moves Enabled → Suspended → Enabled → Cancelled, and stays Cancelled", async () => {
    const id = await createBeneficiary(client, (await primaryAccount(client)).Id, "Mia Schneider");
    const statusOf = async () => (await client.beneficiaries.getBeneficiary(id)).StatusCode;
    expect(await statusOf()).toBe("E");
    expectStatus(await client.withResponse.beneficiaries.suspendBeneficiary(id), 200);
    expect(await statusOf()).toBe("S");
    expectStatus(await client.withResponse.beneficiaries.enableBeneficiary(id), 200);
    expect(await statusOf()).toBe("E");
    expectStatus(await client.withResponse.beneficiaries.cancelBeneficiary(id), 200);
    expect(await client.beneficiaries.getBeneficiary(id)).toMatchObject({ StatusCode: "X", Status: "Cancelled" });
    expectStatus(await client.withResponse.beneficiaries.enableBeneficiary(id), 200);
    expect(await statusOf()).toBe("X");
  });

  it("a cancelled alert is inactive with a CancelledDate, and cancelling it again is still 200", async () => {
    const created = await client.alerts.createAlert({
      SourceCurrencyCode: "GBP",
      TargetCurrencyCode: "USD",
      Limit: 1.4,
    });
    const id = created.id ?? -1;
    expect(await client.alerts.getAlert(id)).toMatchObject({ Active: true, CancelledDate: null });
    expectStatus(await client.withResponse.alerts.cancelAlert(id), 200);
    const cancelled = await client.alerts.getAlert(id);
    expect(cancelled.Active).toBe(false);
    expect(cancelled.CancelledDate).toBeTypeOf("string");
    expectStatus(await client.withResponse.alerts.cancelAlert(id), 200);
    expect(await client.alerts.getAlert(id)).toEqual(cancelled);
  });
});

describe("webhooks: a local receiver registered through /_sandbox/webhooks", () => {
  it("receives the reference's events for the user's transfers and withdrawals, each ApiUrl resolving to its entity", async () => {
    const account = await primaryAccount(client);
    const completedTransfer = await createTransfer(
      client,
      { accountId: account.Id, currencyCode: "EUR", amount: 5 },
      "Webhook complete",
    );
    await context.control.complete("transfers", completedTransfer);
    const cancelledTransfer = await createTransfer(
      client,
      { accountId: account.Id, currencyCode: "EUR", amount: 6 },
      "Webhook cancel",
    );
    expectStatus(await client.withResponse.transfers.cancelTransfer(cancelledTransfer), 200);
    const completedWithdrawal = await createWithdrawal(
      client,
      { accountId: account.Id, currencyCode: "EUR", amount: 7 },
      "Webhook complete",
    );
    await context.control.complete("withdrawals", completedWithdrawal);
    const cancelledWithdrawal = await createWithdrawal(
      client,
      { accountId: account.Id, currencyCode: "EUR", amount: 8 },
      "Webhook cancel",
    );
    expectStatus(await client.withResponse.withdrawals.cancelWithdrawal(cancelledWithdrawal), 200);
    // The other user's transfer raises events for the other user only.
    const other = clientFor(sandbox, OTHER_USER);
    const otherTransfer = await createTransfer(other, {
      accountId: (await primaryAccount(other)).Id,
      currencyCode: "EUR",
      amount: 9,
    });

    expect(await sandbox.webhooks.flush(30_000)).toBe(true);
    expect(receiver.refused).toEqual([]);
    const outbound = (id: number) => `${sandbox.url}/api/v1/OutboundTransfers(${id})`;
    const inbound = (id: number) => `${sandbox.url}/api/v1/InboundTransfers(${id})`;
    const withdrawal = (id: number) => `${sandbox.url}/api/v1/Withdrawals(${id})`;
    const expected = [
      {
        EntityType: "Transfer",
        EntityId: completedTransfer,
        Reason: "TransferCreated",
        ApiUrl: outbound(completedTransfer),
      },
      {
        EntityType: "Transfer",
        EntityId: completedTransfer,
        Reason: "TransferCompleted",
        ApiUrl: outbound(completedTransfer),
      },
      // The receiving account is the demo user's own, so the incoming side is delivered to the same target.
      {
        EntityType: "Transfer",
        EntityId: completedTransfer,
        Reason: "IncomingTransferCompleted",
        ApiUrl: inbound(completedTransfer),
      },
      {
        EntityType: "Transfer",
        EntityId: cancelledTransfer,
        Reason: "TransferCreated",
        ApiUrl: outbound(cancelledTransfer),
      },
      {
        EntityType: "Transfer",
        EntityId: cancelledTransfer,
        Reason: "TransferCanceled",
        ApiUrl: outbound(cancelledTransfer),
      },
      {
        EntityType: "Withdrawal",
        EntityId: completedWithdrawal,
        Reason: "WithdrawalCreated",
        ApiUrl: withdrawal(completedWithdrawal),
      },
      {
        EntityType: "Withdrawal",
        EntityId: completedWithdrawal,
        Reason: "WithdrawalCompleted",
        ApiUrl: withdrawal(completedWithdrawal),
      },
      {
        EntityType: "Withdrawal",
        EntityId: cancelledWithdrawal,
        Reason: "WithdrawalCreated",
        ApiUrl: withdrawal(cancelledWithdrawal),
      },
      {
        EntityType: "Withdrawal",
        EntityId: cancelledWithdrawal,
        Reason: "WithdrawalCanceled",
        ApiUrl: withdrawal(cancelledWithdrawal),
      },
    ];
    for (const event of expected) expect(receiver.events).toContainEqual(event);
    // Each arrives once, in the order the commands raised them.
    const keyOf = (event: { EntityType: string; EntityId: number; Reason: string }) =>
      `${event.EntityType} ${event.EntityId} ${event.Reason}`;
    const arrived = receiver.events.map(keyOf);
    const raised = expected.map(keyOf);
    expect(arrived.filter((key) => raised.includes(key))).toEqual(raised);
    expect(
      receiver.events.filter((event) => event.EntityType === "Transfer" && event.EntityId === otherTransfer),
    ).toEqual([]);

    const token = await tokenFor(sandbox);
    for (const event of expected) {
      const response = await fetch(event.ApiUrl, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, event.ApiUrl).toBe(200);
      expect(((await response.json()) as { Id?: unknown }).Id).toBe(event.EntityId);
    }
  });
});

describe("after every call and command above", () => {
  it.each([DEMO_USER, OTHER_USER])(
    "every balance of $username has Available = Value − Allocated − Processing and a statement that sums to Value",
    async (user) => {
      const owner = clientFor(sandbox, user);
      const accounts = (await owner.accounts.listAccounts()).value;
      expect(accounts.length).toBeGreaterThan(0);
      for (const account of accounts) {
        for (const balance of (await owner.accounts.listBalances(account.Id)).value) {
          expect(cents(balance.Available)).toBe(
            cents(balance.Value) - cents(balance.Allocated) - cents(balance.Processing),
          );
          expect(cents(balance.Allocated)).toBeGreaterThanOrEqual(0);
          expect(cents(balance.Processing)).toBeGreaterThanOrEqual(0);
          await expectStatementMatchesBalance(owner, account.Id, balance.CurrencyCode ?? "");
        }
      }
    },
  );
});
