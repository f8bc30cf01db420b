import { describe, expect, expectTypeOf, it } from "vitest";
import type { CreateAccountTransfer, CreateAccountWithdrawal } from "@account-funds/client";
import type { CreateAccountTransferRequest, CreateAccountWithdrawalRequest } from "@account-funds/validators";
import type { Handler, HandlerContext, HandlerTable } from "../../../src/endpoints/api/handler.js";
import { handlers } from "../../../src/endpoints/handlers/index.js";

// Compile-time checks (tsc -p sandbox/tsconfig.json): a handler's context is typed from the client's operation.
describe("Handler<K>: path and query typed from the client's operation types, the body by the validators", () => {
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

  it("leaves the body as it came: its one check, the validators' wire-form reading, types it as the operation's body", () => {
    expectTypeOf<HandlerContext<"createAccountTransfer">["body"]>().toEqualTypeOf<unknown>();
    // What the domain module gets back from the validators is the client's body for the operation (the multipart
    // Request part has the same schema).
    expectTypeOf<CreateAccountTransferRequest>().toExtend<CreateAccountTransfer>();
    expectTypeOf<CreateAccountWithdrawalRequest>().toExtend<CreateAccountWithdrawal>();
  });

  it("does not compile a handler that reads a parameter its operation does not have", () => {
    // @ts-expect-error getAccount's key is `id`, not `accountId`
    const wrongKey: Handler<"getAccount"> = (context) => ({ kind: "entity", row: { Id: context.path.accountId } });
    // @ts-expect-error the table needs the handler of its own operation
    const swapped: Pick<HandlerTable, "getAccount"> = { getAccount: handlers.listAccountBalanceStatement };
    expect([wrongKey, swapped]).toHaveLength(2);
  });
});
