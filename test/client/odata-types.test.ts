/**
 * The OData query, typed all the way, through the client's own methods: `$filter` literals checked against each
 * property's type (numbers, text, date-times as `Date` or ISO text, booleans, `null` only where the value may be
 * null), `in`, paths into complex values, both with `filter` and with a `$filter` callback; `$select` narrowing
 * the result of a list, of `.paginate(...)` and of a keyed GET; `maxPageSize` on lists only; `Created.id` a number.
 * Each case compiles, or fails with the error its mistake should cause.
 */
import { describe, it } from "vitest";
import { compileCases, expectCase, type Case } from "./compile-cases.js";

/** TypeScript's message when `value` (a type's text) does not fit where `target` is expected. */
const notAssignable = (value: string, target: string): RegExp =>
  new RegExp(`Type '${value}' is not assignable to type '${target}'`);
const argumentNot = (value: string): RegExp =>
  new RegExp(`Argument of type '${value}' is not assignable to parameter of type`);
const noProperty = (name: string): RegExp => new RegExp(`Property '${name}' does not exist on type`);

const balances = (query: string): string => `await client.accounts.listBalances(1, ${query});`;
const outbound = (query: string): string => `await client.accounts.listOutboundTransfers(1, ${query});`;
const withdrawals = (query: string): string => `await client.withdrawals.listWithdrawals(${query});`;

const filterCases: readonly Case[] = [
  // Numbers, text, booleans.
  { name: "a number for a numeric property", code: balances(`{ $filter: filter.gt("Value", 0) }`) },
  {
    name: "text for a numeric property",
    code: balances(`{ $filter: filter.gt("Value", "zero") }`),
    error: notAssignable(`"zero"`, "number \\| bigint \\| null"),
  },
  {
    name: "text for a numeric property, in a callback",
    code: balances(`{ $filter: (f) => f.gt("Value", "zero") }`),
    error: argumentNot(`"zero"`),
  },
  {
    name: "a number for a text property",
    code: balances(`{ $filter: filter.eq("CurrencyCode", 1) }`),
    error: /\["CurrencyCode", string\][\s\S]*Type 'number' is not assignable to type 'string'/,
  },
  { name: "a boolean for a boolean property", code: withdrawals(`{ $filter: filter.eq("IsCrossCurrency", true) }`) },
  {
    name: "text for a boolean property",
    code: withdrawals(`{ $filter: (f) => f.eq("IsCrossCurrency", "true") }`),
    error: argumentNot(`"true"`),
  },
  { name: "an unknown property", code: balances(`{ $filter: filter.eq("Nope", 1) }`), error: /"Nope"/ },
  {
    name: "an unknown property, in a callback",
    code: balances(`{ $filter: (f) => f.eq("Nope", 1) }`),
    error: argumentNot(`"Nope"`),
  },
  // Date-times.
  { name: "a Date for a date-time", code: outbound(`{ $filter: filter.ge("CreatedDate", new Date()) }`) },
  { name: "ISO text for a date-time", code: outbound(`{ $filter: (f) => f.lt("ValueDate", "2025-01-31T00:00:00Z") }`) },
  {
    name: "a Date for a text property",
    code: outbound(`{ $filter: filter.eq("Reference", new Date()) }`),
    error: notAssignable("Date", "string"),
  },
  {
    name: "a Date for a text property, in a callback",
    code: outbound(`{ $filter: (f) => f.eq("Reference", new Date()) }`),
    error: argumentNot("Date"),
  },
  {
    name: "a number for a date-time",
    code: outbound(`{ $filter: (f) => f.gt("CreatedDate", 20250131) }`),
    error: /Argument of type '20250131' is not assignable to parameter of type 'string \| Date \| null'/,
  },
  {
    name: "contains on a date-time",
    code: outbound(`{ $filter: (f) => f.contains("CreatedDate", "2025") }`),
    error: argumentNot(`"CreatedDate"`),
  },
  { name: "contains on a number", code: balances(`{ $filter: filter.contains("Value", "1") }`), error: /"text"/ },
  {
    name: "startsWith on text",
    code: outbound(`{ $filter: filter.startsWith("Reference", "INV-").or(filter.endsWith("Reference", "-X")) }`),
  },
  // null only where the value may be null.
  { name: "null for a nullable property", code: outbound(`{ $filter: filter.eq("Reference", null) }`) },
  {
    name: "null for a property that is never null",
    code: outbound(`{ $filter: filter.eq("Id", null) }`),
    error: notAssignable("null", "number \\| bigint"),
  },
  {
    name: "null for a property that is never null, in a callback",
    code: outbound(`{ $filter: (f) => f.ne("Id", null) }`),
    error: argumentNot("null"),
  },
  // in.
  { name: "in with numbers for a numeric property", code: outbound(`{ $filter: filter.in("Id", [1, 2]) }`) },
  {
    name: "in with text for a numeric property",
    code: outbound(`{ $filter: filter.in("Id", ["a", "b"]) }`),
    error: /\["Id", number \| bigint\][\s\S]*Type 'string' is not assignable to type 'number \| bigint'/,
  },
  {
    name: "in with a wrong element, in a callback",
    code: outbound(`{ $filter: (f) => f.in("CurrencyCode", ["GBP", 1]) }`),
    error: notAssignable("number", "string"),
  },
  // Paths into complex values.
  {
    name: "a nested path",
    code: withdrawals(`{ $filter: filter.eq("Beneficiary/Name", "Acme").and(filter.gt("Account/Id", 0)) }`),
  },
  {
    name: "a nested path, in a callback",
    code: withdrawals(`{ $filter: (f) => f.startsWith("Beneficiary/PaymentRouting/AccountHolderName", "A") }`),
  },
  {
    name: "a wrong literal on a nested path",
    code: withdrawals(`{ $filter: filter.eq("Beneficiary/Name", 1) }`),
    error: /\["Beneficiary\/Name", string \| null\][\s\S]*Type 'number' is not assignable to type 'string'/,
  },
  {
    name: "null on a nested path through a nullable value",
    code: withdrawals(`{ $filter: (f) => f.eq("Beneficiary/Id", null) }`),
  },
  {
    name: "an unknown nested property",
    code: withdrawals(`{ $filter: (f) => f.eq("Beneficiary/Nope", "x") }`),
    error: argumentNot(`"Beneficiary/Nope"`),
  },
  {
    name: "a path through a collection",
    code: withdrawals(`{ $filter: (f) => f.eq("Fees/Amount", 1) }`),
    error: argumentNot(`"Fees/Amount"`),
  },
  // Combinations keep every part's check.
  {
    name: "a wrong part in a combination",
    code: balances(`{ $filter: filter.eq("CurrencyCode", "GBP").and(filter.gt("Value", "x")) }`),
    error: /"x"/,
  },
  {
    name: "raw is taken as is",
    code: balances(`{ $filter: filter.raw("year(ValueDate) eq 2025").and(filter.gt("Value", 0)) }`),
  },
  { name: "a string $filter is taken as is", code: balances(`{ $filter: "Value gt 0" }`) },
  // $orderby takes primitive paths only.
  { name: "$orderby on a nested path", code: withdrawals(`{ $orderby: ["Beneficiary/Name desc", "Id"] }`) },
  {
    name: "$orderby on a complex value",
    code: withdrawals(`{ $orderby: "Beneficiary desc" }`),
    error: /"Beneficiary desc"/,
  },
];

const selectCases: readonly Case[] = [
  {
    name: "a list's selected property",
    code: `const page = await client.accounts.listBalances(1, { $select: ["CurrencyCode", "Value"] }); const value: number | null | undefined = page.value[0]?.Value; void value;`,
  },
  {
    name: "a list's unselected property",
    code: `const page = await client.accounts.listBalances(1, { $select: ["CurrencyCode", "Value"] }); void page.value[0]?.Available;`,
    error: noProperty("Available"),
  },
  {
    name: "a list keeps its control information",
    code: `const page = await client.accounts.listBalances(1, { $select: "Value" }); const next: string | undefined = page["@odata.nextLink"]; void next;`,
  },
  {
    name: "a list without $select has every property",
    code: `const page = await client.accounts.listBalances(1); void page.value[0]?.Available;`,
  },
  {
    name: "$select * has every property",
    code: `const page = await client.accounts.listBalances(1, { $select: "*" }); void page.value[0]?.Available;`,
  },
  {
    name: "a selected entity's @odata.id",
    code: `const page = await client.beneficiaries.listBeneficiaries({ $select: ["Name"] }); const id: string | undefined = page.value[0]?.["@odata.id"]; void id;`,
  },
  {
    name: "the unselected key",
    code: `const page = await client.beneficiaries.listBeneficiaries({ $select: ["Name"] }); void page.value[0]?.Id;`,
    error: noProperty("Id"),
  },
  {
    name: "paginate's selected property",
    code: `for await (const b of client.beneficiaries.listBeneficiaries.paginate({ $select: ["Name", "CurrencyCode"] })) void b.CurrencyCode;`,
  },
  {
    name: "paginate's unselected property",
    code: `for await (const b of client.beneficiaries.listBeneficiaries.paginate({ $select: ["Name"] })) void b.PaymentRouting;`,
    error: noProperty("PaymentRouting"),
  },
  {
    name: "paginate without $select",
    code: `for await (const b of client.beneficiaries.listBeneficiaries.paginate({ maxPageSize: 5 })) void b.PaymentRouting;`,
  },
  {
    name: "a keyed GET's selected property",
    code: `const account = await client.accounts.getAccount(1, { $select: ["Name"] }); const name: string | null | undefined = account.Name; void name; void account["@odata.context"];`,
  },
  {
    name: "a keyed GET's unselected property",
    code: `const account = await client.accounts.getAccount(1, { $select: ["Name"] }); void account.AccountNumber;`,
    error: noProperty("AccountNumber"),
  },
  {
    name: "withResponse narrows too",
    code: `const r = await client.withResponse.accounts.getAccount(1, { $select: ["Name"] }); if (r.ok) void r.data.AccountNumber;`,
    error: noProperty("AccountNumber"),
  },
  {
    name: "a nested $select keeps the selected member",
    code: `for await (const w of client.withdrawals.listWithdrawals.paginate({ $select: ["Beneficiary/Name", "Amount"] })) void [w.Amount, w.Beneficiary?.Name];`,
  },
  {
    name: "a nested $select drops the others",
    code: `for await (const w of client.withdrawals.listWithdrawals.paginate({ $select: ["Beneficiary/Name"] })) void w.Beneficiary?.Id;`,
    error: noProperty("Id"),
  },
  {
    name: "$select of an unknown property",
    code: `await client.accounts.getAccount(1, { $select: ["Nope"] });`,
    error: /"Nope"/,
  },
];

const pagingAndCreatedCases: readonly Case[] = [
  {
    name: "maxPageSize on a list",
    code: `await client.beneficiaries.listBeneficiaries({ maxPageSize: 5, $top: 100 });`,
  },
  {
    name: "maxPageSize is a number",
    code: `await client.beneficiaries.listBeneficiaries({ maxPageSize: "5" });`,
    error: notAssignable("string", "number"),
  },
  {
    name: "maxPageSize is not for a keyed GET",
    code: `await client.accounts.getAccount(1, { maxPageSize: 5 });`,
    error: /'maxPageSize' does not exist/,
  },
  {
    name: "Created.id is a number: the created transfer can be read back",
    code: `const created = await client.transfers.createAccountTransfer({ AccountId: 1, CurrencyCode: "EUR", BeneficiaryId: 2, Amount: 1 }); const id: number = created.id; await client.transfers.getTransfer(created.id); void id;`,
  },
  {
    name: "Created.location is a string",
    code: `const created = await client.alerts.createAlert({ SourceCurrencyCode: "GBP", TargetCurrencyCode: "EUR", Limit: 1.2 }); const url: string = created.location; void url;`,
  },
];

describe("the OData query and the results, typed", () => {
  const cases = [...filterCases, ...selectCases, ...pagingAndCreatedCases];
  const diagnostics = compileCases("odata-type-cases.generated.ts", cases);

  it.each(cases.map((testCase, index) => [testCase.name, testCase, index] as const))("%s", (_name, testCase, index) => {
    expectCase(testCase, diagnostics[index] ?? []);
  });
});
