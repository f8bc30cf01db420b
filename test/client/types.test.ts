/**
 * Types of the generated client, checked by `tsc -p test/client/tsconfig.json`. `expectTypeOf` does nothing at
 * run time, and no method is called here: every check is on types (`typeof client...`).
 */
import { describe, expectTypeOf, it } from "vitest";
import {
  createAccountFundsClient,
  filter,
  multipart,
  parseWebhookEvents,
  type AccountBalanceDto,
  type AccountBalanceDtoCollection,
  type AccountDto,
  type CallOptions,
  type CreateAccountTransfer,
  type CreateResultDto,
  type Created,
  type ODataEntityAnnotations,
  type ODataError,
  type QuoteResponse,
  type TokenResponse,
  type WebhookEvent,
  type WebhookParseResult,
} from "../../generated/src/index.js";

const client = createAccountFundsClient({
  baseUrl: "https://api.test",
  tokenProvider: () => "token",
  fetch: () => Promise.reject(new Error("no requests in type tests")),
});
type Client = typeof client;
type Resolved<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

describe("client types", () => {
  it("types parameters from the spec, path parameters first", () => {
    expectTypeOf<Client["accounts"]["listBalances"]>().parameter(0).toEqualTypeOf<number>();
    expectTypeOf<Parameters<Client["accounts"]["getBalance"]>>().toEqualTypeOf<
      [accountId: number, currencyCode: string, query?: { readonly $select?: keyof AccountBalanceDto | readonly (keyof AccountBalanceDto)[] }, init?: CallOptions]
    >();
    expectTypeOf<Client["transfers"]["createAccountTransfer"]>().parameter(0).toEqualTypeOf<CreateAccountTransfer>();
  });

  it("resolves to the success body by default", () => {
    expectTypeOf<Resolved<Client["accounts"]["listBalances"]>>().toEqualTypeOf<AccountBalanceDtoCollection>();
    expectTypeOf<ReturnType<Client["accounts"]["listBalances"]["paginate"]>>().toEqualTypeOf<AsyncIterableIterator<AccountBalanceDto>>();
    expectTypeOf<Resolved<Client["accounts"]["getAccount"]>>().toEqualTypeOf<AccountDto & ODataEntityAnnotations>();
    expectTypeOf<Resolved<Client["transfers"]["createAccountTransfer"]>>().toEqualTypeOf<Created<CreateResultDto>>();
    expectTypeOf<Resolved<Client["transfers"]["approveTransfer"]>>().toEqualTypeOf<void>();
    expectTypeOf<Resolved<Client["withdrawals"]["getWithdrawalConfirmationMt103"]>>().toEqualTypeOf<string>();
    expectTypeOf<Resolved<Client["quotes"]["requestQuote"]>>().toEqualTypeOf<QuoteResponse>();
    expectTypeOf<Resolved<Client["auth"]["requestPasswordToken"]>>().toEqualTypeOf<TokenResponse>();
    expectTypeOf(parseWebhookEvents).returns.toEqualTypeOf<WebhookParseResult<WebhookEvent>>();
  });

  it("narrows withResponse results by status", () => {
    type Approve = Resolved<Client["withResponse"]["transfers"]["approveTransfer"]>;
    expectTypeOf<Approve["status"]>().toEqualTypeOf<200 | 400 | 401 | 404 | 405 | 408 | 410 | 431 | 503>();
    expectTypeOf<Extract<Approve, { status: 410 }>["error"]>().toEqualTypeOf<ODataError>();
    expectTypeOf<Extract<Approve, { ok: true }>["status"]>().toEqualTypeOf<200>();
    expectTypeOf<Extract<Approve, { ok: true }>["data"]>().toEqualTypeOf<undefined>();
    type Create = Resolved<Client["withResponse"]["transfers"]["createAccountTransfer"]>;
    expectTypeOf<Extract<Create, { status: 201 }>["data"]>().toEqualTypeOf<CreateResultDto>();
  });

  it("accepts the multipart form through multipart(), and the JSON form as is", () => {
    const body = multipart({ Request: { AccountId: 1, CurrencyCode: "USD", BeneficiaryId: 2 }, SupportingDocuments: [new Blob(["x"])] });
    expectTypeOf<Client["withdrawals"]["createAccountWithdrawal"]>().toBeCallableWith(body);
    expectTypeOf<Client["withdrawals"]["createAccountWithdrawal"]>().toBeCallableWith({ AccountId: 1, CurrencyCode: "GBP", BeneficiaryId: 2, BoEPurposeCodeId: 1 });
  });

  it("checks $filter, $orderby and $select against the entity", () => {
    expectTypeOf<Client["accounts"]["listBalances"]>().toBeCallableWith(1, { $filter: filter.eq("CurrencyCode", "GBP").and(filter.gt("Available", 0)) });
    expectTypeOf<Client["accounts"]["listBalances"]>().toBeCallableWith(1, { $orderby: ["Available desc", "CurrencyCode asc"], $select: "Value" });
    expectTypeOf<Client["accounts"]["listBalances"]>().toBeCallableWith(1, { $filter: "CurrencyCode eq 'GBP'" });
  });
});
