import { describe, expect, expectTypeOf, it } from "vitest";
import type { CreateAccountTransfer, CreateAccountWithdrawal } from "@account-funds/client";
import type { Handler, HandlerContext, HandlerTable } from "../../src/api/handler.js";
import { handlers } from "../../src/handlers/index.js";

// Compile-time checks (tsc -p sandbox/tsconfig.json): a handler's context is typed from the client's operation.
describe("Handler<K>: path, query and body typed from the client's operation types", () => {
  it("types path parameters with their scalar types", () => {
    expectTypeOf<HandlerContext<"getAccount">["path"]>().toEqualTypeOf<Readonly<{ id: number }>>();
    expectTypeOf<HandlerContext<"getAccountBalance">["path"]>().toEqualTypeOf<
      Readonly<{ accountId: number; currencyCode: string }>
    >();
    expectTypeOf<HandlerContext<"listAccounts">["path"]>().toEqualTypeOf<Readonly<Record<string, never>>>();
  });

  it("types the query, OData options and enums included", () => {
    expectTypeOf<HandlerContext<"getJobStatus">["query"]["token"]>().toEqualTypeOf<string>();
    expectTypeOf<HandlerContext<"listAccounts">["query"]["$top"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<HandlerContext<"getRequiredAdditionalInformation">["query"]["beneficiaryType"]>().toEqualTypeOf<
      "Individual" | "Company" | undefined
    >();
  });

  it("types the body as the JSON request body (the multipart Request part has the same schema)", () => {
    expectTypeOf<HandlerContext<"createAccountTransfer">["body"]>().toEqualTypeOf<CreateAccountTransfer>();
    expectTypeOf<HandlerContext<"createAccountWithdrawal">["body"]>().toEqualTypeOf<CreateAccountWithdrawal>();
    expectTypeOf<HandlerContext<"approveTransfer">["body"]>().toEqualTypeOf<undefined>();
  });

  it("does not compile a handler that reads a parameter its operation does not have", () => {
    // @ts-expect-error getAccount's key is `id`, not `accountId`
    const wrongKey: Handler<"getAccount"> = (context) => ({ kind: "entity", row: { Id: context.path.accountId } });
    // @ts-expect-error the table needs the handler of its own operation
    const swapped: Pick<HandlerTable, "getAccount"> = { getAccount: handlers.listAccountBalanceStatement };
    expect([wrongKey, swapped]).toHaveLength(2);
  });
});
