/**
 * What a consumer's editor shows: the types of the client's results, parameters and errors as the compiler prints
 * them (`typeToString`, as a hover does), read from a consumer module compiled in memory. They must be short and
 * name the spec's types (`Promise<TransferDto & ODataEntityAnnotations>`), never spell out an object literal or an
 * operation's metadata (`{ parameters: { query?: ...; }; responses: ... }`, hundreds of characters).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { clientMethods, printedTypes, type ClientMethod, type PrintedTypes } from "./printed-types.js";

/** One of each kind of method, and what its hover reads. */
const hovers = {
  entity: ["client.transfers.getTransfer(1)", "Promise<TransferDto & ODataEntityAnnotations>"],
  entitySelect: [
    'client.transfers.getTransfer(1, { $select: ["Id", "Amount"] })',
    'Promise<Selected<TransferDto & ODataEntityAnnotations, "Id" | "Amount">>',
  ],
  list: ["client.transfers.listTransfers()", "Promise<TransferDtoCollection>"],
  listSelect: [
    'client.transfers.listTransfers({ $select: ["Id", "Amount"] })',
    'Promise<ODataPage<TransferDtoCollection, Selected<TransferDto, "Id" | "Amount">>>',
  ],
  paginateSelect: [
    'client.accounts.listBalances.paginate(1, { $select: ["CurrencyCode", "Available"] })',
    'AsyncIterableIterator<Selected<AccountBalanceDto, "CurrencyCode" | "Available">>',
  ],
  create: [
    'client.transfers.createAccountTransfer({ AccountId: 1, CurrencyCode: "GBP", BeneficiaryId: 2 })',
    "Promise<Created<unknown>>",
  ],
  command: ["client.transfers.approveTransfer(1)", "Promise<void>"],
  multipart: [
    'client.withdrawals.createAccountWithdrawal({ AccountId: 1, CurrencyCode: "GBP", BeneficiaryId: 2 })',
    "Promise<Created<unknown>>",
  ],
  text: ["client.withdrawals.getWithdrawalConfirmationMt103(1)", "Promise<string>"],
  token: [
    'client.auth.requestPasswordToken({ grant_type: "password", scope: "s", client_id: "c", client_secret: "s", username: "u", password: "p" })',
    "Promise<TokenResponse>",
  ],
  raw: ["client.withResponse.transfers.getTransfer(1)", 'Promise<OperationResponse<"getTransfer">>'],
  rawSelect: [
    'client.withResponse.transfers.listTransfers({ $select: ["Id"] })',
    'Promise<SelectedResponse<OperationResponse<"listTransfers">, ODataPage<TransferDtoCollection, Selected<TransferDto, "Id">>>>',
  ],
  bodyParameter: ["null! as Parameters<typeof client.transfers.createAccountTransfer>[0]", "CreateAccountTransfer"],
  multipartParameter: [
    "null! as Parameters<typeof client.withdrawals.createAccountWithdrawal>[0]",
    "CreateAccountWithdrawal | MultipartBody<MultipartParts<CreateAccountWithdrawalMultipart>>",
  ],
} as const satisfies { readonly [name: string]: readonly [expression: string, printed: string] };

/** `withResponse` results narrowed by status: each block declares `value`. */
const narrowed = {
  success: [
    "const raw = await client.withResponse.accounts.getAccount(1);\n  if (raw.status === 200) { const value = raw; void value; }",
    "RawSuccess<200, AccountDto & ODataEntityAnnotations>",
  ],
  range: [
    "const raw = await client.withResponse.accounts.getAccount(1);\n  if (raw.status === 418) { const value = raw; void value; }",
    'RawFailure<StatusIn<"4XX", 400 | 401 | 404>, unknown>',
  ],
} as const satisfies { readonly [name: string]: readonly [code: string, printed: string] };

/** Mistakes, and the error that must name the types involved. */
const mistakes = {
  wrongField: [
    'await client.transfers.createAccountTransfer({ AccountId: 1, CurrencyCode: "GBP", BeneficiaryId: 2, Amout: 10 });',
    /^Object literal may only specify known properties, but 'Amout' does not exist in type 'CreateAccountTransfer'\./,
  ],
  wrongRouting: [
    'await client.beneficiaries.createWithdrawalBeneficiary({ CountryCode: "GB", Name: "N", CurrencyCode: "GBP", PaymentRouting: { Type: "SortCodeAccountNumber", CountryCode: "GB", Iban: "GB33BUKB20201555555555" } });',
    /^Object literal may only specify known properties, and 'Iban' does not exist in type 'SortCodeAccountNumberPaymentRouting'\./,
  ],
  dataOnFailure: [
    "const raw = await client.withResponse.accounts.getAccount(1);\n  void raw.data;",
    /^Property 'data' does not exist on type 'OperationResponse<"getAccount">'\./,
  ],
} as const satisfies { readonly [name: string]: readonly [code: string, error: RegExp] };

/** A call of `method` with the arguments it requires (their values do not matter to its type). */
function call(target: string, { group, method, required }: ClientMethod): string {
  return `${target}.${group}.${method}(${Array.from({ length: required }, () => "null!").join(", ")})`;
}

/** A name for a printed value: `data_transfers_getTransfer`. */
function sweepName(mode: string, { group, method }: ClientMethod): string {
  return `${mode}_${group}_${method}`;
}

describe("hovers and errors name the spec's types", () => {
  let methods: readonly ClientMethod[] = [];
  let printed: PrintedTypes;

  beforeAll(() => {
    const found = clientMethods();
    methods = found.methods;
    const sweep = Object.fromEntries(
      methods.flatMap((method) => [
        [sweepName("data", method), call("client", method)],
        [sweepName("raw", method), call("client.withResponse", method)],
      ]),
    );
    printed = printedTypes(
      {
        expressions: { ...Object.fromEntries(Object.entries(hovers).map(([name, [code]]) => [name, code])), ...sweep },
        narrowed: Object.fromEntries(Object.entries(narrowed).map(([name, [code]]) => [name, code])),
        mistakes: Object.fromEntries(Object.entries(mistakes).map(([name, [code]]) => [name, code])),
      },
      found.program,
    );
  });

  it.each(Object.entries(hovers))("%s reads as its named types", (name, [, expected]) => {
    expect(printed.errors.get(name)).toEqual([]);
    expect(printed.types.get(name)).toBe(expected);
  });

  it.each(Object.entries(narrowed))(
    "a withResponse result narrowed to a %s reads as its variant",
    (name, [, expected]) => {
      expect(printed.errors.get(name)).toEqual([]);
      expect(printed.types.get(name)).toBe(expected);
    },
  );

  it.each(Object.entries(mistakes))("the error of %s names the types", (name, [, expected]) => {
    const errors = printed.errors.get(name) ?? [];
    expect(
      errors.some((error) => expected.test(error)),
      `no error matches ${String(expected)}:\n${errors.join("\n")}`,
    ).toBe(true);
  });

  it("finds every method of the client", () => {
    // 84 operations, each a method of one group.
    expect(methods.length).toBe(84);
  });

  it("every method resolves to a promise of named types, in a few words", () => {
    // Where the spec itself writes a member inline (`allOf` with `required: ["@odata.context"]`), the hover shows
    // it: `TransferBeneficiaryDto & ODataEntityAnnotations & { "@odata.context": string; }`. Never a whole object.
    const long = methods
      .map((method) => [sweepName("data", method), printed.types.get(sweepName("data", method)) ?? ""] as const)
      .filter(([, text]) => text.length > 100 || !/^Promise<[A-Za-z]/.test(text));
    expect(long, "printed as more than 100 characters, or as an object literal").toEqual([]);
    expect(methods.flatMap((method) => printed.errors.get(sweepName("data", method)) ?? [])).toEqual([]);
  });

  it("every withResponse method resolves to its operation's named response", () => {
    const other = methods
      .map((method) => [sweepName("raw", method), printed.types.get(sweepName("raw", method)) ?? ""] as const)
      .filter(([, text]) => !/^Promise<OperationResponse<"\w+">>$/.test(text));
    expect(other).toEqual([]);
    expect(methods.flatMap((method) => printed.errors.get(sweepName("raw", method)) ?? [])).toEqual([]);
  });

  it("every body parameter reads as the request's named type", () => {
    const bodies = methods.filter((method) => method.body !== undefined);
    expect(bodies.length).toBeGreaterThanOrEqual(10);
    const long = bodies
      .map((method) => [`${method.group}.${method.method}`, method.body ?? ""] as const)
      .filter(([, text]) => text.length > 100 || text.includes("{"));
    expect(long, "printed as more than 100 characters, or with an object literal").toEqual([]);
  });
});
