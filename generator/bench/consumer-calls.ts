/**
 * The consumer file whose type-checking cost instantiations.ts measures: 50 typed calls of the client (lists with
 * OData options and the filter builder, keyed GETs, creates, a command, `withResponse` narrowing), 25 methods
 * twice with different arguments. The mistyped variant differs in one call only: a wrong field name (`Amout`) in
 * the body of a create.
 */

/** One call; `i` varies the arguments. Each expression is awaited and kept in a typed result. */
const calls: readonly ((i: number) => string)[] = [
  (i) => `client.accounts.listAccounts({ $select: ["Id", "Name"], $top: ${i} })`,
  (i) => `client.accounts.getAccount(${i}, { $select: ["Id", "Status"] })`,
  (i) =>
    `client.accounts.listBalances(${i}, { $filter: filter.gt("Available", ${i}).and(filter.eq("CurrencyCode", "GBP")), $orderby: "Available desc" })`,
  (i) => `client.accounts.getBalance(${i}, "GBP", { $select: ["Available", "CurrencyCode"] })`,
  (i) => `client.accounts.listBalanceStatement(${i}, "EUR", { $top: 20, $count: true })`,
  (i) => `client.accounts.listWithdrawals(${i}, { $select: ["Id", "Amount"], $skip: ${i} })`,
  (i) => `client.accounts.listDeposits(${i}, { $top: 5 })`,
  (i) => `client.entities.listEntities({ $top: ${i} })`,
  (i) => `client.entities.getEntity(${i})`,
  (i) => `client.transfers.listTransfers({ $filter: "Amount gt ${i}", $count: true })`,
  (i) => `client.transfers.getTransfer(${i})`,
  (i) =>
    `client.transfers.createAccountTransfer({ AccountId: ${i}, CurrencyCode: "GBP", BeneficiaryId: 2, Amount: 10, Reference: "R${i}" })`,
  (i) => `client.transfers.approveTransfer(${i})`,
  (i) => `client.withdrawals.listWithdrawals({ $orderby: ["Amount desc"], $top: ${i} })`,
  (i) => `client.withdrawals.getWithdrawal(${i})`,
  (i) =>
    `client.withdrawals.createAccountWithdrawal({ AccountId: ${i}, CurrencyCode: "USD", BeneficiaryId: 3, Amount: 25, PaymentChargesCode: "SHA" })`,
  (i) => `client.beneficiaries.listBeneficiaries({ $top: ${i} })`,
  (i) => `client.beneficiaries.getBeneficiary(${i})`,
  (i) =>
    `client.exchanges.createExchange({ AccountId: ${i}, SourceCurrencyCode: "GBP", TargetCurrencyCode: "EUR", Goal: 100, GoalType: "Buy" })`,
  (i) => `client.exchanges.getExchange(${i})`,
  (i) => `client.exchanges.listExchanges({ $count: true, $skip: ${i} })`,
  (i) => `client.alerts.createAlert({ SourceCurrencyCode: "GBP", TargetCurrencyCode: "USD", Limit: ${i}.5 })`,
  () => `client.alerts.listAlerts()`,
  () => `client.currencies.listCurrencies({ $top: 200 })`,
  (i) => `client.withResponse.accounts.getAccount(${i}).then((raw) => (raw.ok ? raw.data.Id : raw.status))`,
];

export const CALL_COUNT = 50;

/** The file's source; `mistyped` misspells `Amount` in the first createAccountTransfer call. */
export function consumerSource(clientModule: string, mistyped: boolean): string {
  const lines: string[] = [];
  for (let n = 0; n < CALL_COUNT; n++) {
    let call = calls[n % calls.length]!(n + 1);
    if (mistyped && n === 11) call = call.replace("Amount:", "Amout:");
    lines.push(`  const r${n} = await ${call};`);
  }
  if (mistyped && !lines.some((line) => line.includes("Amout:")))
    throw new Error("consumer-calls: the mistake was not placed");
  return [
    `import { createAccountFundsClient, filter } from ${JSON.stringify(clientModule)};`,
    "",
    `const client = createAccountFundsClient({ baseUrl: "https://api.example.com", tokenProvider: () => "token" });`,
    "",
    "export async function calls(): Promise<unknown[]> {",
    ...lines,
    `  return [${Array.from({ length: CALL_COUNT }, (_, n) => `r${n}`).join(", ")}];`,
    "}",
    "",
  ].join("\n");
}

/** Only the import and the client: what importing the package costs before any call. */
export function baselineSource(clientModule: string): string {
  return [
    `import { createAccountFundsClient } from ${JSON.stringify(clientModule)};`,
    "",
    `export const client = createAccountFundsClient({ baseUrl: "https://api.example.com", tokenProvider: () => "token" });`,
    "",
  ].join("\n");
}
