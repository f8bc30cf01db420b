/**
 * One realistic successful call per operation of the spec, keyed by operationId, through the typed client's
 * `withResponse` methods (so each asserts the exact status the spec declares for success). Ids come from the
 * caller's own lists; a command gets a fresh entity made for it, so the calls do not depend on each other's order.
 * operations.test.ts runs one test per operationId of `operationMetadata` and fails for an operation missing here.
 */
import { filter, multipart, type AccountFundsClient, type OperationId } from "@account-funds/client";
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEMO_USER, type Sandbox } from "@account-funds/sandbox";
import { expect } from "vitest";
import { createdId, expectStatus } from "./operation-calls-clients.js";
import type { ControlApi } from "./operation-calls-control.js";
import {
  accountsOf,
  beneficiaryBody,
  cents,
  createBeneficiary,
  createExchange,
  createTransfer,
  createWithdrawal,
  expectStatementMatchesBalance,
  figures,
  first,
  primaryAccount,
  transferBeneficiaryFor,
  withdrawalBeneficiaryFor,
} from "./operation-calls-data.js";

export interface OperationCallContext {
  readonly sandbox: Sandbox;
  /** The demo user, client secret; its responses are recorded by operationId. */
  readonly client: AccountFundsClient;
  /** The demo user, token over mTLS. */
  readonly mtlsClient: AccountFundsClient;
  readonly control: ControlApi;
}

export type OperationCall = (context: OperationCallContext) => Promise<void>;

/** A 201's Location: an absolute URL on the sandbox naming the created key. */
function expectCreatedLocation(response: Response, sandbox: Sandbox, id: number): void {
  const location = response.headers.get("location") ?? "";
  expect(new URL(location).origin).toBe(new URL(sandbox.url).origin);
  expect(decodeURIComponent(new URL(location).pathname)).toMatch(new RegExp(`^/api/v1/\\w+\\(${id}\\)$`));
}

const EUR_PAYMENT = { currencyCode: "EUR", amount: 25 } as const;

async function firstTransfer(client: AccountFundsClient) {
  return first((await client.transfers.listTransfers({ $orderby: "Id" })).value, "transfer");
}

async function firstWithdrawal(client: AccountFundsClient) {
  return first((await client.withdrawals.listWithdrawals({ $orderby: "Id" })).value, "withdrawal");
}

async function firstExchange(client: AccountFundsClient, statusCode?: string) {
  const query =
    statusCode === undefined
      ? { $orderby: "Id" as const }
      : { $orderby: "Id" as const, $filter: filter.eq("StatusCode", statusCode) };
  return first(
    (await client.exchanges.listExchanges(query)).value,
    `exchange${statusCode === undefined ? "" : ` in state ${statusCode}`}`,
  );
}

async function firstDeposit(client: AccountFundsClient) {
  return first((await client.deposits.listDeposits({ $orderby: "Id" })).value, "deposit");
}

async function firstEntity(client: AccountFundsClient) {
  return first((await client.entities.listEntities({ $orderby: "Id" })).value, "entity");
}

async function firstAlert(client: AccountFundsClient) {
  return first((await client.alerts.listAlerts({ $orderby: "Id" })).value, "alert");
}

async function countryIds(client: AccountFundsClient): Promise<Set<unknown>> {
  return new Set((await client.countries.listCountries()).value.map((country) => country["Id"]));
}

const accountCalls = {
  listAccounts: async ({ client }) => {
    const { data } = expectStatus(await client.withResponse.accounts.listAccounts({ $orderby: "Id" }), 200);
    expect(data["@odata.context"]).toMatch(/\/api\/v1\/\$metadata#Accounts$/);
    expect(data.value.length).toBeGreaterThan(1);
    for (const account of data.value) expect(account).toMatchObject({ StatusCode: "A", Status: "Active" });
  },
  getAccount: async ({ client }) => {
    const listed = await primaryAccount(client);
    const { data } = expectStatus(await client.withResponse.accounts.getAccount(listed.Id), 200);
    expect(data).toMatchObject({
      Id: listed.Id,
      Name: listed.Name,
      AccountNumber: listed.AccountNumber,
      EntityId: listed.EntityId,
    });
    expect(data["@odata.context"]).toMatch(/#Accounts\/\$entity$/);
  },
  listAccountSubaccounts: async ({ client }) => {
    const accounts = await accountsOf(client);
    const parent = first(accounts, "account");
    const { data } = expectStatus(await client.withResponse.accounts.listSubaccounts(parent.Id), 200);
    expect(data.value.length).toBeGreaterThan(0);
    const ids = accounts.map((account) => account.Id);
    for (const subaccount of data.value) {
      expect(ids).toContain(subaccount.Id);
      expect(subaccount.Id).not.toBe(parent.Id);
    }
  },
  listAccountBalances: async ({ client }) => {
    const account = await primaryAccount(client);
    const { data } = expectStatus(await client.withResponse.accounts.listBalances(account.Id), 200);
    const currencies = data.value.map((balance) => balance.CurrencyCode);
    expect(currencies.length).toBeGreaterThan(1);
    expect(new Set(currencies).size).toBe(currencies.length);
    for (const balance of data.value) {
      expect(cents(balance.Available)).toBe(
        cents(balance.Value) - cents(balance.Allocated) - cents(balance.Processing),
      );
      expect(balance.Currency?.Id).toBe(balance.CurrencyCode);
    }
  },
  getAccountBalance: async ({ client }) => {
    const account = await primaryAccount(client);
    const listed = first((await client.accounts.listBalances(account.Id)).value, "balance");
    const currencyCode = listed.CurrencyCode ?? "";
    const { data } = expectStatus(await client.withResponse.accounts.getBalance(account.Id, currencyCode), 200);
    expect(data).toMatchObject({ CurrencyCode: currencyCode, Value: listed.Value, Available: listed.Available });
  },
  listAccountBalanceStatement: async ({ client }) => {
    const account = await primaryAccount(client);
    const balance = first((await client.accounts.listBalances(account.Id)).value, "balance");
    const currencyCode = balance.CurrencyCode ?? "";
    const { data } = expectStatus(
      await client.withResponse.accounts.listBalanceStatement(account.Id, currencyCode),
      200,
    );
    expect(data.value.length).toBeGreaterThan(0);
    for (const item of data.value) expect(item.CurrencyCode).toBe(currencyCode);
    await expectStatementMatchesBalance(client, account.Id, currencyCode);
  },
  listAccountInboundTransfers: async ({ client }) => {
    const transfer = await firstTransfer(client);
    const accountId = transfer.Beneficiary?.BeneficiaryAccountId ?? -1;
    const { data } = expectStatus(await client.withResponse.accounts.listInboundTransfers(accountId), 200);
    expect(data.value.map((row) => row.Id)).toContain(transfer.Id);
    for (const row of data.value) expect(row.Beneficiary?.BeneficiaryAccountId).toBe(accountId);
  },
  listAccountOutboundTransfers: async ({ client }) => {
    const transfer = await firstTransfer(client);
    const accountId = transfer.AccountId ?? -1;
    const { data } = expectStatus(await client.withResponse.accounts.listOutboundTransfers(accountId), 200);
    expect(data.value.map((row) => row.Id)).toContain(transfer.Id);
    for (const row of data.value) expect(row.AccountId).toBe(accountId);
  },
  listAccountWithdrawals: async ({ client }) => {
    const withdrawal = await firstWithdrawal(client);
    const accountId = withdrawal.AccountId ?? -1;
    const { data } = expectStatus(await client.withResponse.accounts.listWithdrawals(accountId), 200);
    expect(data.value.map((row) => row.Id)).toContain(withdrawal.Id);
    for (const row of data.value) expect(row.AccountId).toBe(accountId);
  },
  listAccountBeneficiaries: async ({ client }) => {
    const account = await primaryAccount(client);
    const { data } = expectStatus(await client.withResponse.accounts.listBeneficiaries(account.Id), 200);
    expect(data.value.length).toBeGreaterThan(0);
    for (const row of data.value) expect(row.AccountId).toBe(account.Id);
  },
  listAccountTransferBeneficiaries: async ({ client }) => {
    const account = await primaryAccount(client);
    const { data } = expectStatus(await client.withResponse.accounts.listTransferBeneficiaries(account.Id), 200);
    expect(data.value.length).toBeGreaterThan(0);
    for (const row of data.value) {
      expect(row.AccountId).toBe(account.Id);
      expect(row.BeneficiaryAccountId).not.toBe(account.Id);
    }
  },
  listAccountExchanges: async ({ client }) => {
    const exchange = await firstExchange(client);
    const accountId = exchange.AccountId ?? -1;
    const { data } = expectStatus(await client.withResponse.accounts.listExchanges(accountId), 200);
    expect(data.value.map((row) => row.Id)).toContain(exchange.Id);
    for (const row of data.value) expect(row.AccountId).toBe(accountId);
  },
  listAccountDeposits: async ({ client }) => {
    const deposit = await firstDeposit(client);
    const accountId = deposit.AccountId ?? -1;
    const { data } = expectStatus(await client.withResponse.accounts.listDeposits(accountId), 200);
    expect(data.value.map((row) => row.Id)).toContain(deposit.Id);
    for (const row of data.value) expect(row.AccountId).toBe(accountId);
  },
  listAccountDepositInformation: async ({ client }) => {
    const account = await primaryAccount(client);
    const { data } = expectStatus(await client.withResponse.accounts.listDepositInformation(account.Id), 200);
    expect(data.value.length).toBeGreaterThan(0);
    for (const row of data.value) expect(row.Routings?.length).toBeGreaterThan(0);
  },
  listAccountDepositRoutingInformation: async ({ client }) => {
    const account = await primaryAccount(client);
    const { data } = expectStatus(await client.withResponse.accounts.listDepositRoutingInformation(account.Id), 200);
    expect(data.value.length).toBeGreaterThan(0);
    for (const row of data.value) expect(row.Routings?.length).toBeGreaterThan(0);
  },
  listAccountDepositors: async ({ client }) => {
    const deposit = first(
      (await client.deposits.listDeposits({ $filter: "ClientDepositor ne null", $orderby: "Id" })).value,
      "deposit with a depositor",
    );
    const { data } = expectStatus(await client.withResponse.accounts.listDepositors(deposit.AccountId ?? -1), 200);
    expect(data.value.map((row) => row.Id)).toContain(deposit.ClientDepositor?.DepositorId);
  },
  listAccountCountries: async ({ client }) => {
    const account = await primaryAccount(client);
    const { data } = expectStatus(await client.withResponse.accounts.listCountries(account.Id, "All"), 200);
    expect(data.value.length).toBeGreaterThan(0);
    const known = await countryIds(client);
    for (const country of data.value) expect(known.has(country["Id"])).toBe(true);
  },
} satisfies Partial<Record<OperationId, OperationCall>>;

const entityCalls = {
  listEntities: async ({ client }) => {
    const { data } = expectStatus(await client.withResponse.entities.listEntities(), 200);
    expect(data.value.length).toBeGreaterThan(0);
    const accounts = await accountsOf(client);
    for (const entity of data.value) expect(accounts.map((account) => account.EntityId)).toContain(entity.Id);
  },
  getEntity: async ({ client }) => {
    const listed = await firstEntity(client);
    const { data } = expectStatus(await client.withResponse.entities.getEntity(listed.Id), 200);
    expect(data.Id).toBe(listed.Id);
  },
  listEntityAccounts: async ({ client }) => {
    const entity = await firstEntity(client);
    const { data } = expectStatus(await client.withResponse.entities.listAccounts(entity.Id, { $orderby: "Id" }), 200);
    const expected = (await accountsOf(client))
      .filter((account) => account.EntityId === entity.Id)
      .map((account) => account.Id);
    expect(expected.length).toBeGreaterThan(0);
    expect(data.value.map((account) => account.Id)).toEqual(expected);
  },
  listEntityCountries: async ({ client }) => {
    const entity = await firstEntity(client);
    const { data } = expectStatus(await client.withResponse.entities.listCountries(entity.Id, "All"), 200);
    expect(data.value.length).toBeGreaterThan(0);
    const known = await countryIds(client);
    for (const country of data.value) expect(known.has(country["Id"])).toBe(true);
  },
} satisfies Partial<Record<OperationId, OperationCall>>;

const transferCalls = {
  listTransfers: async ({ client }) => {
    const { data } = expectStatus(await client.withResponse.transfers.listTransfers(), 200);
    expect(data.value.length).toBeGreaterThan(0);
    for (const transfer of data.value) expect(["P", "A", "C", "R", "X"]).toContain(transfer.StatusCode);
  },
  getTransfer: async ({ client }) => {
    const listed = await firstTransfer(client);
    const { data } = expectStatus(await client.withResponse.transfers.getTransfer(listed.Id), 200);
    expect(data).toMatchObject({
      Id: listed.Id,
      Amount: listed.Amount,
      CurrencyCode: listed.CurrencyCode,
      StatusCode: listed.StatusCode,
    });
  },
  listTransferFees: async ({ client }) => {
    const listed = await firstTransfer(client);
    const { data } = expectStatus(await client.withResponse.transfers.listFees(listed.Id), 200);
    expect(Array.isArray(data.value)).toBe(true);
  },
  getInboundTransfer: async ({ client }) => {
    const listed = await firstTransfer(client);
    const { data } = expectStatus(await client.withResponse.inboundTransfers.getInboundTransfer(listed.Id), 200);
    expect(data).toMatchObject({ Id: listed.Id, Amount: listed.Amount });
    expect(data.Beneficiary?.BeneficiaryAccountId).toBe(listed.Beneficiary?.BeneficiaryAccountId);
  },
  listInboundTransferFees: async ({ client }) => {
    const listed = await firstTransfer(client);
    const { data } = expectStatus(await client.withResponse.inboundTransfers.listFees(listed.Id), 200);
    expect(Array.isArray(data.value)).toBe(true);
  },
  getOutboundTransfer: async ({ client }) => {
    const listed = await firstTransfer(client);
    const { data } = expectStatus(await client.withResponse.outboundTransfers.getOutboundTransfer(listed.Id), 200);
    expect(data).toMatchObject({ Id: listed.Id, AccountId: listed.AccountId, Amount: listed.Amount });
    expect(data.Beneficiary?.StatusCode).toBe("E");
  },
  listOutboundTransferFees: async ({ client }) => {
    const listed = await firstTransfer(client);
    const { data } = expectStatus(await client.withResponse.outboundTransfers.listFees(listed.Id), 200);
    expect(Array.isArray(data.value)).toBe(true);
  },
  createAccountTransfer: async ({ client, sandbox }) => {
    const account = await primaryAccount(client);
    const beneficiary = await transferBeneficiaryFor(client, account.Id, "EUR");
    const result = await client.withResponse.transfers.createAccountTransfer({
      AccountId: account.Id,
      CurrencyCode: "EUR",
      Amount: 12.34,
      BeneficiaryId: beneficiary.Id,
      Reference: "INV-2026-0001",
    });
    const { response } = expectStatus(result, 201);
    const id = createdId(result);
    expectCreatedLocation(response, sandbox, id);
    const created = await client.transfers.getTransfer(id);
    expect(created).toMatchObject({
      AccountId: account.Id,
      CurrencyCode: "EUR",
      Amount: 12.34,
      Reference: "INV-2026-0001",
      StatusCode: "P",
    });
  },
  approveTransfer: async ({ client }) => {
    const id = await createTransfer(client, { accountId: (await primaryAccount(client)).Id, ...EUR_PAYMENT });
    expectStatus(await client.withResponse.transfers.approveTransfer(id), 200);
    expect((await client.transfers.getTransfer(id)).StatusCode).toBe("A");
  },
  rejectTransfer: async ({ client }) => {
    const id = await createTransfer(client, { accountId: (await primaryAccount(client)).Id, ...EUR_PAYMENT });
    expectStatus(await client.withResponse.transfers.rejectTransfer(id), 200);
    expect((await client.transfers.getTransfer(id)).StatusCode).toBe("R");
  },
  cancelTransfer: async ({ client }) => {
    const id = await createTransfer(client, { accountId: (await primaryAccount(client)).Id, ...EUR_PAYMENT });
    expectStatus(await client.withResponse.transfers.cancelTransfer(id), 200);
    expect((await client.transfers.getTransfer(id)).StatusCode).toBe("X");
  },
} satisfies Partial<Record<OperationId, OperationCall>>;

const withdrawalCalls = {
  listWithdrawals: async ({ client }) => {
    const { data } = expectStatus(await client.withResponse.withdrawals.listWithdrawals(), 200);
    expect(data.value.length).toBeGreaterThan(0);
    for (const withdrawal of data.value) expect(withdrawal.Beneficiary?.Id).toBeTypeOf("number");
  },
  getWithdrawal: async ({ client }) => {
    const listed = await firstWithdrawal(client);
    const { data } = expectStatus(await client.withResponse.withdrawals.getWithdrawal(listed.Id), 200);
    expect(data).toMatchObject({
      Id: listed.Id,
      Amount: listed.Amount,
      StatusCode: listed.StatusCode,
      Reference: listed.Reference,
    });
  },
  listWithdrawalFees: async ({ client }) => {
    const listed = await firstWithdrawal(client);
    const { data } = expectStatus(await client.withResponse.withdrawals.listFees(listed.Id), 200);
    expect(Array.isArray(data.value)).toBe(true);
  },
  getWithdrawalPaymentConfirmationDetails: async ({ client }) => {
    const listed = await firstWithdrawal(client);
    const { data } = expectStatus(await client.withResponse.withdrawals.getPaymentConfirmationDetails(listed.Id), 200);
    expect(data).toBeTypeOf("object");
  },
  createAccountWithdrawal: async ({ client, sandbox }) => {
    const account = await primaryAccount(client);
    const beneficiary = await withdrawalBeneficiaryFor(client, account.Id, "EUR");
    const invoice = new TextEncoder().encode("%PDF-1.4\n% pro-forma invoice PF-2026-044\n");
    const result = await client.withResponse.withdrawals.createAccountWithdrawal(
      multipart({
        Request: {
          AccountId: account.Id,
          CurrencyCode: "EUR",
          Amount: 78,
          BeneficiaryId: beneficiary.Id,
          Reference: "PF-2026-044",
          Description: "Pro-forma invoice attached",
        },
        SupportingDocuments: [
          { data: invoice, filename: "proforma.pdf", contentType: "application/pdf" },
          { data: "line,amount\n1,78.00\n", filename: "lines.csv", contentType: "text/csv" },
        ],
      }),
    );
    const { response } = expectStatus(result, 201);
    const id = createdId(result);
    expectCreatedLocation(response, sandbox, id);
    const created = await client.withdrawals.getWithdrawal(id);
    expect(created).toMatchObject({
      AccountId: account.Id,
      CurrencyCode: "EUR",
      Amount: 78,
      Reference: "PF-2026-044",
      StatusCode: "P",
    });
    expect(created.Beneficiary?.Id).toBe(beneficiary.Id);
    // The API shows no documents; the sandbox keeps what it received of each part.
    expect(sandbox.store.withdrawals.get(id)?.supportingDocuments).toEqual([
      { fileName: "proforma.pdf", contentType: "application/pdf", size: invoice.byteLength },
      { fileName: "lines.csv", contentType: "text/csv", size: 20 },
    ]);
  },
  createInstructionWithdrawal: async ({ client, sandbox }) => {
    const account = await primaryAccount(client);
    const beneficiary = await withdrawalBeneficiaryFor(client, account.Id, "USD");
    const exchangeId = await createExchange(client, {
      accountId: account.Id,
      sourceCurrencyCode: "EUR",
      targetCurrencyCode: "USD",
      goal: 40,
      goalType: "Buy",
      useAvailableFunds: false,
    });
    const result = await client.withResponse.withdrawals.createInstructionWithdrawal({
      InstructionId: exchangeId,
      BeneficiaryId: beneficiary.Id,
    });
    const { response } = expectStatus(result, 201);
    const id = createdId(result);
    expectCreatedLocation(response, sandbox, id);
    expect(await client.withdrawals.getWithdrawal(id)).toMatchObject({
      InstructionId: exchangeId,
      CurrencyCode: "USD",
      Amount: 40,
      StatusCode: "P",
    });
    expect((await client.exchanges.listWithdrawals(exchangeId)).value.map((row) => row.Id)).toEqual([id]);
  },
  approveWithdrawal: async ({ client }) => {
    const id = await createWithdrawal(client, { accountId: (await primaryAccount(client)).Id, ...EUR_PAYMENT });
    expectStatus(await client.withResponse.withdrawals.approveWithdrawal(id), 200);
    expect((await client.withdrawals.getWithdrawal(id)).StatusCode).toBe("A");
  },
  rejectWithdrawal: async ({ client }) => {
    const id = await createWithdrawal(client, { accountId: (await primaryAccount(client)).Id, ...EUR_PAYMENT });
    expectStatus(await client.withResponse.withdrawals.rejectWithdrawal(id), 200);
    expect((await client.withdrawals.getWithdrawal(id)).StatusCode).toBe("R");
  },
  cancelWithdrawal: async ({ client }) => {
    const id = await createWithdrawal(client, { accountId: (await primaryAccount(client)).Id, ...EUR_PAYMENT });
    expectStatus(await client.withResponse.withdrawals.cancelWithdrawal(id), 200);
    expect((await client.withdrawals.getWithdrawal(id)).StatusCode).toBe("X");
  },
  getWithdrawalConfirmationMt103: async ({ client, sandbox }) => {
    // Whether MT103 is enabled is account setup the API does not show; the sandbox's store knows it.
    const completed = (
      await client.withdrawals.listWithdrawals({ $filter: filter.eq("StatusCode", "C"), $orderby: "Id" })
    ).value;
    const withdrawal = first(
      completed.filter((row) => sandbox.store.accounts.get(row.AccountId ?? -1)?.setup.mt103Enabled === true),
      "completed withdrawal on an MT103-enabled account",
    );
    const { data } = expectStatus(
      await client.withResponse.withdrawals.getWithdrawalConfirmationMt103(withdrawal.Id),
      200,
    );
    expect(data).toContain(`:32A:`);
    expect(data).toContain(`${withdrawal.CurrencyCode}${(withdrawal.Amount ?? 0).toFixed(2).replace(".", ",")}`);
    expect(data).toContain(`:70:${(withdrawal.Reference ?? "").toUpperCase()}`);
  },
  listBoEPaymentPurposes: async ({ client }) => {
    const { data } = expectStatus(await client.withResponse.withdrawals.listBoEPaymentPurposes(), 200);
    expect(data.value.length).toBeGreaterThan(0);
  },
  listCountryPaymentPurposes: async ({ client }) => {
    // A country whose bank accounts need a payment purpose (reference: the United Arab Emirates), as a seeded
    // beneficiary's routing names it.
    const beneficiary = first(
      (await client.beneficiaries.listBeneficiaries({ $filter: filter.eq("CurrencyCode", "AED") })).value,
      "AED beneficiary",
    );
    const countryCode = String(beneficiary.PaymentRouting?.PartyIdentification?.Properties?.["CountryCode"]);
    expect(countryCode).toBe("AE");
    const { data } = expectStatus(await client.withResponse.withdrawals.listCountryPaymentPurposes(countryCode), 200);
    expect(data.value.length).toBeGreaterThan(0);
  },
  listGenericPaymentPurposes: async ({ client }) => {
    const { data } = expectStatus(await client.withResponse.withdrawals.listGenericPaymentPurposes(), 200);
    expect(data.value.length).toBeGreaterThan(0);
    const boe = new Set((await client.withdrawals.listBoEPaymentPurposes()).value.map((purpose) => purpose.Id));
    for (const purpose of data.value) expect(boe.has(purpose.Id)).toBe(false);
  },
} satisfies Partial<Record<OperationId, OperationCall>>;

const beneficiaryCalls = {
  listBeneficiaries: async ({ client }) => {
    const { data } = expectStatus(await client.withResponse.beneficiaries.listBeneficiaries(), 200);
    expect(data.value.length).toBeGreaterThan(0);
    for (const row of data.value) expect(["E", "S", "X"]).toContain(row.StatusCode);
  },
  getBeneficiary: async ({ client }) => {
    const listed = first((await client.beneficiaries.listBeneficiaries({ $orderby: "Id" })).value, "beneficiary");
    const { data } = expectStatus(await client.withResponse.beneficiaries.getBeneficiary(listed.Id), 200);
    expect(data).toMatchObject({
      Id: listed.Id,
      Name: listed.Name,
      CurrencyCode: listed.CurrencyCode,
      AccountId: listed.AccountId,
    });
  },
  listTransferBeneficiaries: async ({ client }) => {
    const { data } = expectStatus(await client.withResponse.transferBeneficiaries.listTransferBeneficiaries(), 200);
    expect(data.value.length).toBeGreaterThan(0);
  },
  getTransferBeneficiary: async ({ client }) => {
    const listed = first(
      (await client.transferBeneficiaries.listTransferBeneficiaries({ $orderby: "Id" })).value,
      "transfer beneficiary",
    );
    const { data } = expectStatus(
      await client.withResponse.transferBeneficiaries.getTransferBeneficiary(listed.Id),
      200,
    );
    // The one status the reference shows: StatusCode E is Status Enabled.
    expect(data).toMatchObject({
      Id: listed.Id,
      AccountId: listed.AccountId,
      BeneficiaryAccountId: listed.BeneficiaryAccountId,
      StatusCode: "E",
      Status: "Enabled",
    });
    expect(data["@odata.context"]).toMatch(/#TransferBeneficiaries\/\$entity$/);
  },
  createWithdrawalBeneficiary: async ({ client, sandbox }) => {
    const account = await primaryAccount(client);
    const result = await client.withResponse.beneficiaries.createWithdrawalBeneficiary(
      beneficiaryBody(account.Id, "Lena Fischer"),
    );
    const { response } = expectStatus(result, 201);
    const id = createdId(result);
    expectCreatedLocation(response, sandbox, id);
    const created = await client.beneficiaries.getBeneficiary(id);
    expect(created).toMatchObject({
      AccountId: account.Id,
      Name: "Lena Fischer",
      CurrencyCode: "EUR",
      StatusCode: "E",
    });
    // "AccountHolderName: when empty it equals Name."
    expect(created.PaymentRouting?.AccountHolderName).toBe("Lena Fischer");
  },
  cancelBeneficiary: async ({ client }) => {
    const id = await createBeneficiary(client, (await primaryAccount(client)).Id);
    expectStatus(await client.withResponse.beneficiaries.cancelBeneficiary(id), 200);
    expect((await client.beneficiaries.getBeneficiary(id)).StatusCode).toBe("X");
  },
  enableBeneficiary: async ({ client }) => {
    const suspended = first(
      (await client.beneficiaries.listBeneficiaries({ $filter: filter.eq("StatusCode", "S") })).value,
      "suspended beneficiary",
    );
    expectStatus(await client.withResponse.beneficiaries.enableBeneficiary(suspended.Id), 200);
    expect((await client.beneficiaries.getBeneficiary(suspended.Id)).StatusCode).toBe("E");
  },
  suspendBeneficiary: async ({ client }) => {
    const id = await createBeneficiary(client, (await primaryAccount(client)).Id);
    expectStatus(await client.withResponse.beneficiaries.suspendBeneficiary(id), 200);
    expect((await client.beneficiaries.getBeneficiary(id)).StatusCode).toBe("S");
  },
  getRequiredAdditionalInformation: async ({ client }) => {
    // A seeded beneficiary that needed AdditionalInformation (Mexico: the RFC tax id) gives the query's values.
    const beneficiary = first(
      (await client.beneficiaries.listBeneficiaries({ $filter: filter.eq("CurrencyCode", "MXN") })).value,
      "MXN beneficiary",
    );
    const bankCountry = String(beneficiary.PaymentRouting?.PartyIdentification?.Properties?.["CountryCode"]);
    const result = await client.withResponse.beneficiaries.getRequiredAdditionalInformation(
      beneficiary.CurrencyCode ?? "",
      {
        beneficiaryCountryCode: bankCountry,
        beneficiaryBankCountry: bankCountry,
        beneficiaryType: "Company",
      },
    );
    const fields = expectStatus(result, 200).data.RequiredAdditionalInformation ?? [];
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      expect(field.Field).toBeTypeOf("string");
      for (const rule of field.Rule ?? []) expect(() => new RegExp(rule.RegEx ?? "")).not.toThrow();
    }
  },
} satisfies Partial<Record<OperationId, OperationCall>>;

const exchangeCalls = {
  listExchanges: async ({ client }) => {
    const { data } = expectStatus(await client.withResponse.exchanges.listExchanges(), 200);
    expect(data.value.length).toBeGreaterThan(0);
    for (const row of data.value) expect(["P", "L", "A", "C", "R", "X"]).toContain(row.StatusCode);
  },
  getExchange: async ({ client }) => {
    const listed = await firstExchange(client);
    const { data } = expectStatus(await client.withResponse.exchanges.getExchange(listed.Id), 200);
    expect(data).toMatchObject({
      Id: listed.Id,
      Sold: listed.Sold,
      Bought: listed.Bought,
      StatusCode: listed.StatusCode,
    });
  },
  listExchangeAllocations: async ({ client }) => {
    const allocated = await firstExchange(client, "L");
    const { data } = expectStatus(await client.withResponse.exchanges.listAllocations(allocated.Id), 200);
    expect(data.value.length).toBeGreaterThan(0);
  },
  listExchangeDeposits: async ({ client }) => {
    const allocated = await firstExchange(client, "L");
    const { data } = expectStatus(await client.withResponse.exchanges.listDeposits(allocated.Id), 200);
    expect(data.value.length).toBeGreaterThan(0);
    for (const deposit of data.value) expect(deposit.Reference).toBe(allocated.DepositReference);
  },
  listExchangeFees: async ({ client }) => {
    const listed = await firstExchange(client);
    const { data } = expectStatus(await client.withResponse.exchanges.listFees(listed.Id), 200);
    expect(Array.isArray(data.value)).toBe(true);
  },
  listExchangeWithdrawals: async ({ client }) => {
    const withdrawal = first(
      (await client.withdrawals.listWithdrawals({ $filter: "InstructionId ne null" })).value,
      "instruction withdrawal",
    );
    const { data } = expectStatus(
      await client.withResponse.exchanges.listWithdrawals(withdrawal.InstructionId ?? -1),
      200,
    );
    expect(data.value.map((row) => row.Id)).toContain(withdrawal.Id);
  },
  createExchange: async ({ client, sandbox }) => {
    const account = await primaryAccount(client);
    const result = await client.withResponse.exchanges.createExchange({
      AccountId: account.Id,
      SourceCurrencyCode: "GBP",
      TargetCurrencyCode: "EUR",
      Goal: 100,
      GoalType: "Sell",
      UseAvailableFunds: false,
    });
    const { response } = expectStatus(result, 201);
    const id = createdId(result);
    expectCreatedLocation(response, sandbox, id);
    const created = await client.exchanges.getExchange(id);
    expect(created).toMatchObject({
      AccountId: account.Id,
      SourceCurrencyCode: "GBP",
      TargetCurrencyCode: "EUR",
      Goal: 100,
      GoalType: "Sell",
      Sold: 100,
      StatusCode: "P",
    });
    expect(created.Bought).toBeGreaterThan(0);
  },
  allocateExchange: async ({ client }) => {
    const account = await primaryAccount(client);
    const id = await createExchange(client, {
      accountId: account.Id,
      sourceCurrencyCode: "GBP",
      targetCurrencyCode: "USD",
      goal: 60,
      goalType: "Sell",
      useAvailableFunds: false,
    });
    const before = await figures(client, account.Id, "GBP");
    expectStatus(await client.withResponse.exchanges.allocateExchange(id), 200);
    expect((await client.exchanges.getExchange(id)).StatusCode).toBe("L");
    expect((await figures(client, account.Id, "GBP")).allocated - before.allocated).toBe(6000);
  },
  approveExchange: async ({ client }) => {
    const id = await createExchange(client, {
      accountId: (await primaryAccount(client)).Id,
      sourceCurrencyCode: "GBP",
      targetCurrencyCode: "USD",
      goal: 50,
      goalType: "Buy",
      useAvailableFunds: true,
    });
    expectStatus(await client.withResponse.exchanges.approveExchange(id), 200);
    expect((await client.exchanges.getExchange(id)).StatusCode).toBe("A");
  },
  rejectExchange: async ({ client }) => {
    const id = await createExchange(client, {
      accountId: (await primaryAccount(client)).Id,
      sourceCurrencyCode: "USD",
      targetCurrencyCode: "EUR",
      goal: 50,
      goalType: "Sell",
      useAvailableFunds: false,
    });
    expectStatus(await client.withResponse.exchanges.rejectExchange(id), 200);
    expect((await client.exchanges.getExchange(id)).StatusCode).toBe("R");
  },
  cancelExchange: async ({ client }) => {
    const id = await createExchange(client, {
      accountId: (await primaryAccount(client)).Id,
      sourceCurrencyCode: "EUR",
      targetCurrencyCode: "GBP",
      goal: 50,
      goalType: "Sell",
      useAvailableFunds: true,
    });
    expectStatus(await client.withResponse.exchanges.cancelExchange(id), 200);
    expect((await client.exchanges.getExchange(id)).StatusCode).toBe("X");
  },
  getMidRate: async ({ client }) => {
    const exchange = await firstExchange(client);
    const source = exchange.SourceCurrencyCode ?? "";
    const target = exchange.TargetCurrencyCode ?? "";
    const { data } = expectStatus(await client.withResponse.exchangeRates.getMidRate(source, target), 200);
    expect(data).toMatchObject({ SourceCurrencyCode: source, TargetCurrencyCode: target });
    expect(data.MidRate).toBeGreaterThan(0);
  },
  requestQuote: async ({ client }) => {
    const account = await primaryAccount(client);
    const result = await client.withResponse.quotes.requestQuote({
      AccountId: account.Id,
      GoalType: "Buy",
      Amount: 1000,
      SourceCurrencyCode: "GBP",
      TargetCurrencyCode: "EUR",
    });
    expect(Object.keys(expectStatus(result, 200).data).length).toBeGreaterThan(0);
  },
} satisfies Partial<Record<OperationId, OperationCall>>;

const depositCalls = {
  listDeposits: async ({ client }) => {
    const { data } = expectStatus(await client.withResponse.deposits.listDeposits(), 200);
    expect(data.value.length).toBeGreaterThan(0);
    for (const row of data.value) expect(["P", "C"]).toContain(row.StatusCode);
  },
  getDeposit: async ({ client }) => {
    const listed = await firstDeposit(client);
    const { data } = expectStatus(await client.withResponse.deposits.getDeposit(listed.Id), 200);
    expect(data).toMatchObject({ Id: listed.Id, Amount: listed.Amount, Reference: listed.Reference });
  },
  listDepositFees: async ({ client }) => {
    const listed = await firstDeposit(client);
    const { data } = expectStatus(await client.withResponse.deposits.listFees(listed.Id), 200);
    expect(Array.isArray(data.value)).toBe(true);
  },
  requestDepositRequirement: async ({ client }) => {
    const account = await primaryAccount(client);
    const result = await client.withResponse.deposits.requestDepositRequirement({
      AccountId: account.Id,
      NetDepositRequirement: 5000,
      CurrencyCode: "GBP",
    });
    expect(expectStatus(result, 200).data).toBeTypeOf("object");
  },
  assignDepositor: async ({ client }) => {
    const deposit = await firstDeposit(client);
    const accountId = deposit.AccountId ?? -1;
    const before = new Set((await client.accounts.listDepositors(accountId)).value.map((row) => row.Id));
    const result = await client.withResponse.deposits.assignDepositor(deposit.Id, {
      IsThirdParty: true,
      Individual: {
        FirstName: "Ada",
        LastName: "Lovelace",
        PhoneNumber: "+44 20 7946 0123",
        Address: {
          Street: "St James's Square",
          HouseNumber: "12",
          Town: "London",
          PostCode: "SW1Y 4JH",
          CountryCode: "GB",
        },
      },
    });
    expectStatus(result, 200);
    const added = (await client.accounts.listDepositors(accountId)).value.filter((row) => !before.has(row.Id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ Name: "Ada Lovelace", EntityType: "Individual", IsThirdParty: true });
    expect((await client.deposits.getDeposit(deposit.Id)).ClientDepositor?.DepositorId).toBe(added[0]?.Id);
  },
  assignExistingDepositor: async ({ client }) => {
    const deposit = await firstDeposit(client);
    const depositors = (await client.accounts.listDepositors(deposit.AccountId ?? -1, { $orderby: "Id" })).value;
    const other = first(
      depositors.filter((row) => row.Id !== deposit.ClientDepositor?.DepositorId),
      "depositor not yet on the deposit",
    );
    expectStatus(await client.withResponse.deposits.assignExistingDepositor(deposit.Id, other.Id), 200);
    expect((await client.deposits.getDeposit(deposit.Id)).ClientDepositor?.DepositorId).toBe(other.Id);
  },
} satisfies Partial<Record<OperationId, OperationCall>>;

const alertCalls = {
  listAlerts: async ({ client }) => {
    const { data } = expectStatus(await client.withResponse.alerts.listAlerts(), 200);
    expect(data.value.length).toBeGreaterThan(0);
  },
  getAlert: async ({ client }) => {
    const listed = await firstAlert(client);
    const { data } = expectStatus(await client.withResponse.alerts.getAlert(listed.Id), 200);
    expect(data).toMatchObject({ Id: listed.Id, Limit: listed.Limit, Active: listed.Active });
  },
  createAlert: async ({ client, sandbox }) => {
    const pair = await firstAlert(client);
    const body = {
      SourceCurrencyCode: pair.SourceCurrencyCode ?? "",
      TargetCurrencyCode: pair.TargetCurrencyCode ?? "",
      Limit: 1.5,
    };
    const result = await client.withResponse.alerts.createAlert(body);
    const { response } = expectStatus(result, 201);
    const id = createdId(result);
    expectCreatedLocation(response, sandbox, id);
    expect(await client.alerts.getAlert(id)).toMatchObject({ ...body, Active: true, CancelledDate: null });
  },
  cancelAlert: async ({ client }) => {
    const created = await client.alerts.createAlert({
      SourceCurrencyCode: "EUR",
      TargetCurrencyCode: "USD",
      Limit: 1.2,
    });
    const id = created.id ?? -1;
    expectStatus(await client.withResponse.alerts.cancelAlert(id), 200);
    const cancelled = await client.alerts.getAlert(id);
    expect(cancelled.Active).toBe(false);
    expect(cancelled.CancelledDate).toBeTypeOf("string");
  },
} satisfies Partial<Record<OperationId, OperationCall>>;

const referenceDataCalls = {
  listCountries: async ({ client }) => {
    const { data } = expectStatus(await client.withResponse.countries.listCountries(), 200);
    expect(data.value.length).toBeGreaterThan(0);
  },
  listCurrencies: async ({ client }) => {
    const { data } = expectStatus(await client.withResponse.currencies.listCurrencies(), 200);
    expect(data.value.map((currency) => currency.Id)).toEqual(expect.arrayContaining(["GBP", "EUR", "USD"]));
  },
  getCurrency: async ({ client }) => {
    const listed = first((await client.currencies.listCurrencies()).value, "currency");
    const { data } = expectStatus(await client.withResponse.currencies.getCurrency(listed.Id ?? ""), 200);
    expect(data).toMatchObject({ Id: listed.Id, Name: listed.Name, SignificantDigits: listed.SignificantDigits });
  },
  listSectors: async ({ client }) => {
    const { data } = expectStatus(await client.withResponse.sectors.listSectors(), 200);
    expect(data.value.length).toBeGreaterThan(0);
    for (const sector of data.value) expect(sector.Id).toBeTypeOf("number");
  },
  getJobStatus: async ({ client, sandbox }) => {
    // The reference shows neither job listing nor the token's origin: the sandbox's store holds the seeded job.
    const job = first(
      sandbox.store.jobs.filter((row) => row.tenant === DEMO_USER.id),
      "job",
    );
    const { data } = expectStatus(await client.withResponse.jobs.getJobStatus(job.Id, { token: job.token }), 200);
    expect(data).toBeTypeOf("object");
  },
} satisfies Partial<Record<OperationId, OperationCall>>;

/** The token's access works: a raw API call with it answers 200. */
async function expectUsableToken(sandbox: Sandbox, token: string): Promise<void> {
  const response = await fetch(`${sandbox.url}/api/v1/Accounts`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
}

const authCalls = {
  requestPasswordToken: async ({ client, sandbox }) => {
    const result = await client.withResponse.auth.requestPasswordToken({
      grant_type: "password",
      scope: "serviceFXAPI",
      client_id: DEFAULT_CLIENT_ID,
      client_secret: DEFAULT_CLIENT_SECRET,
      username: DEMO_USER.username,
      password: DEMO_USER.password,
    });
    const { data } = expectStatus(result, 200);
    expect(data).toMatchObject({ expires_in: 900, token_type: "Bearer", scope: "serviceFXAPI" });
    await expectUsableToken(sandbox, data.access_token);
  },
  requestMtlsPasswordToken: async ({ mtlsClient, sandbox }) => {
    const result = await mtlsClient.withResponse.auth.requestMtlsPasswordToken({
      grant_type: "password",
      scope: "serviceFXAPI",
      client_id: DEFAULT_CLIENT_ID,
      username: DEMO_USER.username,
      password: DEMO_USER.password,
    });
    const { data } = expectStatus(result, 200);
    expect(data).toMatchObject({ expires_in: 900, token_type: "Bearer", scope: "serviceFXAPI" });
    await expectUsableToken(sandbox, data.access_token);
  },
} satisfies Partial<Record<OperationId, OperationCall>>;

/** Every operation's call; `satisfies` makes a missing operationId a type error too, not only a failing test. */
export const operationCalls = {
  ...accountCalls,
  ...entityCalls,
  ...transferCalls,
  ...withdrawalCalls,
  ...beneficiaryCalls,
  ...exchangeCalls,
  ...depositCalls,
  ...alertCalls,
  ...referenceDataCalls,
  ...authCalls,
} satisfies Record<OperationId, OperationCall>;

/** The table as the runner reads it: by any operationId string, so a missing entry is `undefined`. */
export const callOf = (operationId: string): OperationCall | undefined =>
  (operationCalls as Partial<Record<string, OperationCall>>)[operationId];
