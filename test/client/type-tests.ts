/**
 * Compile-time checks: every `@ts-expect-error` line must be an error, or `tsc -p test/client/tsconfig.json`
 * fails ("Unused '@ts-expect-error' directive"). Not run; type-checked only.
 */
import { createAccountFundsClient, filter, multipart } from "../../generated/src/index.js";

export async function typeTests(): Promise<void> {
  const client = createAccountFundsClient({ baseUrl: "https://api.test", tokenProvider: () => "token" });

  // Well-typed calls compile.
  await client.transfers.createAccountTransfer({
    AccountId: 1,
    CurrencyCode: "GBP",
    BeneficiaryId: 2,
    Amount: 10,
    Reference: "R",
  });
  await client.accounts.getBalance(1, "GBP", { $select: ["Available"] });
  await client.jobs.getJobStatus(1, { token: "t" });

  // Wrong field name.
  // @ts-expect-error Amout is not a field of CreateAccountTransfer
  await client.transfers.createAccountTransfer({ AccountId: 1, CurrencyCode: "GBP", BeneficiaryId: 2, Amout: 10 });

  // Wrong field type.
  // @ts-expect-error AccountId is an integer
  await client.transfers.createAccountTransfer({ AccountId: "1", CurrencyCode: "GBP", BeneficiaryId: 2 });

  // Missing required field.
  // @ts-expect-error BeneficiaryId is required
  await client.transfers.createAccountTransfer({ AccountId: 1, CurrencyCode: "GBP" });

  // Missing body.
  // @ts-expect-error the body is required
  await client.transfers.createAccountTransfer();

  // Wrong path parameter type.
  // @ts-expect-error accountId is a number
  await client.accounts.listBalances("2001");

  // Missing path parameter.
  // @ts-expect-error currencyCode is required
  await client.accounts.getBalance(1);

  // A command takes no body.
  // @ts-expect-error approveTransfer has no body
  await client.transfers.approveTransfer(1, { AccountId: 1 });

  // Required query.
  // @ts-expect-error getJobStatus needs { token }
  await client.jobs.getJobStatus(1);

  // $select and $orderby are keys of the entity.
  // @ts-expect-error Nope is not a property of AccountBalanceDto
  await client.accounts.listBalances(1, { $select: ["Nope"] });
  // @ts-expect-error the direction is asc or desc
  await client.accounts.listBalances(1, { $orderby: "Available down" });
  // @ts-expect-error $filter fields are checked too
  await client.accounts.listBalances(1, { $filter: filter.eq("Nope", 1) });
  // @ts-expect-error $top is a number
  await client.accounts.listBalances(1, { $top: "10" });

  // The multipart form needs the Request part, with a valid withdrawal.
  // @ts-expect-error Request is missing BeneficiaryId
  await client.withdrawals.createAccountWithdrawal(multipart({ Request: { AccountId: 1, CurrencyCode: "USD" } }));
  await client.transfers.createAccountTransfer(
    // @ts-expect-error multipart is only for operations that accept multipart/form-data
    multipart({ Request: { AccountId: 1, CurrencyCode: "GBP", BeneficiaryId: 2 } }),
  );

  // Results are typed.
  const created = await client.transfers.createAccountTransfer({ AccountId: 1, CurrencyCode: "GBP", BeneficiaryId: 2 });
  // @ts-expect-error location is a string
  const location: number = created.location;
  void location;
  const approved = await client.transfers.approveTransfer(1);
  // @ts-expect-error a command without content resolves to void
  void approved.status;

  // withResponse narrows by status.
  const raw = await client.withResponse.accounts.getAccount(1);
  // @ts-expect-error data exists only on success variants
  void raw.data;
  if (raw.status === 200) void raw.data.Id;

  // Options.
  // @ts-expect-error clientSecret is required without mtls
  createAccountFundsClient({
    baseUrl: "https://api.test",
    authUrl: "https://auth.test",
    credentials: { clientId: "c", username: "u", password: "p" },
  });
  // @ts-expect-error a client secret is not sent with mTLS
  createAccountFundsClient({
    baseUrl: "https://api.test",
    authUrl: "https://auth.test",
    credentials: { clientId: "c", clientSecret: "s", username: "u", password: "p" },
    mtls: { dispatcher: {} },
  });
  // @ts-expect-error baseUrl is required
  createAccountFundsClient({ tokenProvider: () => "t" });
}
