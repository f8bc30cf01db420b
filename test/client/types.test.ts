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
  type ODataEntities,
  type ODataPathsOf,
  type ODataEntityId,
  type ODataSelected,
  type Schema,
  type Selected,
  type StatusIn,
  type ErrorBody,
  type ProblemDetails,
  type QuoteResponse,
  type TokenResponse,
  type UnknownWebhookEvent,
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

/** `true` when the unions `A` and `B` have the same members. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe("client types", () => {
  it("precomputes each entity's paths exactly as the types work them out (ODataPathsOf)", () => {
    // Entities the spec leaves open (`Record<string, unknown>`) take any path: nothing to compare.
    type Differs<
      N extends keyof ODataEntities & string,
      K extends "all" | "primitive" | "text" | "dateTime",
    > = string extends ODataEntities[N]["all"]
      ? never
      : Same<ODataEntities[N][K], ODataPathsOf<Schema<N>, ODataEntities[N]["dateTime"]>[K]> extends true
        ? never
        : `${N}.${K}`;
    type Mismatches = {
      [N in keyof ODataEntities & string]: Differs<N, "all"> | Differs<N, "primitive"> | Differs<N, "text">;
    }[keyof ODataEntities & string];
    const mismatches: Mismatches[] = [];
    expectTypeOf(mismatches).toEqualTypeOf<never[]>();
    expectTypeOf<ODataEntities["OutboundTransferDto"]["dateTime"]>().toEqualTypeOf<"CreatedDate" | "ValueDate">();
  });

  it("types parameters from the spec, path parameters first", () => {
    expectTypeOf<Client["accounts"]["listBalances"]>().parameter(0).toEqualTypeOf<number>();
    expectTypeOf<Client["accounts"]["getBalance"]>().parameter(0).toEqualTypeOf<number>();
    expectTypeOf<Client["accounts"]["getBalance"]>().parameter(1).toEqualTypeOf<string>();
    expectTypeOf<Client["accounts"]["getBalance"]>().toBeCallableWith(
      1,
      "GBP",
      { $select: ["Available", "Currency/Name"] },
      { timeoutMs: 1 } satisfies CallOptions,
    );
    expectTypeOf<Client["transfers"]["createAccountTransfer"]>().parameter(0).toEqualTypeOf<CreateAccountTransfer>();
  });

  it("narrows OData results to the $select given, with @odata.id for an entity whose key was not selected", () => {
    const narrowed = () => client.accounts.getBalance(1, "GBP", { $select: ["Available"] });
    // The control information (`@odata.context`, the entity's own `@odata.id`) stays: no $select removes it.
    expectTypeOf<Awaited<ReturnType<typeof narrowed>>>().toEqualTypeOf<
      Selected<AccountBalanceDto & ODataEntityAnnotations, "Available">
    >();
    expectTypeOf<Awaited<ReturnType<typeof narrowed>>>().toEqualTypeOf<
      { "@odata.id"?: ODataEntityId; "@odata.context"?: string; Available?: number | null } & {
        readonly "@odata.id"?: string;
      }
    >();
    expectTypeOf<ODataSelected<AccountBalanceDto, "Available" | "Currency/Name">>().toEqualTypeOf<
      {
        "@odata.id"?: ODataEntityId;
        Available?: number | null;
        Currency?: { "@odata.id"?: ODataEntityId; Name?: string | null } | null;
      } & { readonly "@odata.id"?: string }
    >();
    expectTypeOf<ODataSelected<AccountBalanceDto, never>>().toEqualTypeOf<AccountBalanceDto>();
    expectTypeOf<ODataSelected<AccountBalanceDto, "*" | "Value">>().toEqualTypeOf<AccountBalanceDto>();
    const pages = () => client.accounts.listBalances.paginate(1, { $select: "Value" });
    expectTypeOf<ReturnType<typeof pages>>().toEqualTypeOf<
      AsyncIterableIterator<{ "@odata.id"?: ODataEntityId; Value?: number | null } & { readonly "@odata.id"?: string }>
    >();
  });

  it("resolves to the success body by default", () => {
    expectTypeOf<Resolved<Client["accounts"]["listBalances"]>>().toEqualTypeOf<AccountBalanceDtoCollection>();
    expectTypeOf<ReturnType<Client["accounts"]["listBalances"]["paginate"]>>().toEqualTypeOf<
      AsyncIterableIterator<AccountBalanceDto>
    >();
    expectTypeOf<Resolved<Client["accounts"]["getAccount"]>>().toEqualTypeOf<AccountDto & ODataEntityAnnotations>();
    // A 201 describes no body (the reference shows none beyond Location); one that comes is kept, unknown.
    expectTypeOf<Resolved<Client["transfers"]["createAccountTransfer"]>>().toEqualTypeOf<Created<unknown>>();
    // The reference's CreateResultDto is exported to read a 201 body with, if one comes; nothing in it is required.
    expectTypeOf<CreateResultDto>().toEqualTypeOf<{ Id?: number }>();
    // The spec requires Location on every 201: the id is always there.
    expectTypeOf<Resolved<Client["transfers"]["createAccountTransfer"]>["id"]>().toEqualTypeOf<number>();
    expectTypeOf<Resolved<Client["withdrawals"]["createAccountWithdrawal"]>["id"]>().toEqualTypeOf<number>();
    expectTypeOf<Resolved<Client["transfers"]["approveTransfer"]>>().toEqualTypeOf<void>();
    expectTypeOf<Resolved<Client["withdrawals"]["getWithdrawalConfirmationMt103"]>>().toEqualTypeOf<string>();
    expectTypeOf<Resolved<Client["quotes"]["requestQuote"]>>().toEqualTypeOf<QuoteResponse>();
    expectTypeOf<Resolved<Client["auth"]["requestPasswordToken"]>>().toEqualTypeOf<TokenResponse>();
    expectTypeOf(parseWebhookEvents).returns.toEqualTypeOf<WebhookParseResult<WebhookEvent, UnknownWebhookEvent>>();
  });

  it("narrows withResponse results by status", () => {
    type Approve = Resolved<Client["withResponse"]["transfers"]["approveTransfer"]>;
    // 200, 400, 401, 404 and 410 as the reference lists them, and the open 4XX and 5XX ranges: every other 4xx and
    // 5xx, each a literal, so that a status narrows to its one variant.
    type Hundred<H extends number> =
      `${H}${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}` extends infer T
        ? T extends `${infer N extends number}`
          ? N
          : never
        : never;
    expectTypeOf<Approve["status"]>().toEqualTypeOf<200 | Hundred<4> | Hundred<5>>();
    expectTypeOf<Extract<Approve, { status: 410 }>["error"]>().toEqualTypeOf<ErrorBody | ProblemDetails>();
    expectTypeOf<Extract<Approve, { status: 410 }>["status"]>().toEqualTypeOf<410>();
    // What `raw.status === 418` narrows to: the range's variant.
    type WithStatus<U, S extends number> = U extends { readonly status: infer T } ? (S extends T ? U : never) : never;
    expectTypeOf<WithStatus<Approve, 418>["status"]>().toEqualTypeOf<StatusIn<"4XX", 400 | 401 | 404 | 410>>();
    expectTypeOf<WithStatus<Approve, 404>["status"]>().toEqualTypeOf<404>();
    expectTypeOf<Extract<Approve, { ok: true }>["status"]>().toEqualTypeOf<200>();
    // No body described: whatever came is kept, unknown.
    expectTypeOf<Extract<Approve, { ok: true }>["data"]>().toEqualTypeOf<unknown>();
    expectTypeOf<WithStatus<Approve, 418>["error"]>().toEqualTypeOf<unknown>();
    type Create = Resolved<Client["withResponse"]["transfers"]["createAccountTransfer"]>;
    expectTypeOf<Extract<Create, { status: 201 }>["data"]>().toEqualTypeOf<unknown>();
  });

  it("accepts the multipart form through multipart(), and the JSON form as is", () => {
    const body = multipart({
      Request: { AccountId: 1, CurrencyCode: "USD", BeneficiaryId: 2 },
      SupportingDocuments: [new Blob(["x"])],
    });
    expectTypeOf<Client["withdrawals"]["createAccountWithdrawal"]>().toBeCallableWith(body);
    expectTypeOf<Client["withdrawals"]["createAccountWithdrawal"]>().toBeCallableWith({
      AccountId: 1,
      CurrencyCode: "GBP",
      BeneficiaryId: 2,
      BoEPurposeCodeId: 1,
    });
  });

  it("checks $filter, $orderby and $select against the entity", () => {
    expectTypeOf<Client["accounts"]["listBalances"]>().toBeCallableWith(1, {
      $filter: filter.eq("CurrencyCode", "GBP").and(filter.gt("Available", 0)),
    });
    expectTypeOf<Client["accounts"]["listBalances"]>().toBeCallableWith(1, {
      $orderby: ["Available desc", "CurrencyCode asc"],
      $select: "Value",
    });
    expectTypeOf<Client["accounts"]["listBalances"]>().toBeCallableWith(1, { $filter: "CurrencyCode eq 'GBP'" });
  });
});
