/**
 * The main job (`make`, last step): starts the sandbox in-process, then the generated client logs in, lists
 * accounts and balances, creates a withdrawal beneficiary and a withdrawal, makes and cancels a transfer, and
 * receives the webhook events; prints a short transcript and exits non-zero when any step fails.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { AccountFundsError, createAccountFundsClient, parseWebhookEvents } from "@account-funds/client";
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEMO_USER, startSandbox } from "@account-funds/sandbox";

type WebhookEvent = { EntityType: string; EntityId: number; Reason: string; ApiUrl: string };

const transcript: string[] = [];
const say = (line: string): void => {
  transcript.push(line);
  process.stdout.write(`${line}\n`);
};

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

async function main(): Promise<void> {
  // Free ports, so the demo runs beside a sandbox already serving 4010/4443.
  const sandbox = await startSandbox({
    port: 0,
    tlsPort: 0,
    validateResponses: true,
    webhookRetry: { initialMs: 50, maxMs: 1_000 },
  });
  const received: WebhookEvent[] = [];
  // Each event is judged alone: one that matches no schema is reported here, the others are delivered.
  const invalid: string[] = [];
  const receiver = createServer((request, response) => {
    void readBody(request).then((text) => {
      const parsed = parseWebhookEvents(text);
      if (parsed.ok) received.push(...(parsed.events as WebhookEvent[]));
      if (parsed.ok) invalid.push(...parsed.invalidEvents.map((event) => JSON.stringify(event.issues)));
      response.writeHead(parsed.ok ? 204 : 400).end();
    });
  });
  receiver.listen(0, "127.0.0.1");
  await once(receiver, "listening");
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  try {
    say(`Sandbox at ${sandbox.url} (mTLS token at ${sandbox.tlsUrl}); webhook receiver at ${receiverUrl}`);
    const registered = await fetch(`${sandbox.url}/_sandbox/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: receiverUrl, username: DEMO_USER.username }),
    });
    check(registered.ok, `registering the webhook target failed: ${registered.status}`);

    const client = createAccountFundsClient({
      baseUrl: sandbox.url,
      authUrl: sandbox.url,
      credentials: {
        clientId: DEFAULT_CLIENT_ID,
        clientSecret: DEFAULT_CLIENT_SECRET,
        username: DEMO_USER.username,
        password: DEMO_USER.password,
      },
      validateRequests: true,
      validateResponses: true,
    });

    const accounts = await client.accounts.listAccounts({ $orderby: "Id" });
    const account = accounts.value[0];
    check(account !== undefined, "the demo user has no account");
    say(
      `1. Logged in as ${DEMO_USER.username}; ${accounts.value.length} accounts: ${accounts.value.map((a) => `${a.Id} ${a.Name}`).join(", ")}`,
    );

    const balances = await client.accounts.listBalances(account.Id);
    const eur = () => client.accounts.getBalance(account.Id, "EUR");
    say(
      `2. Balances of ${account.Id}: ${balances.value.map((b) => `${b.CurrencyCode} ${b.Available} available of ${b.Value}`).join("; ")}`,
    );

    const beneficiary = await client.beneficiaries.createWithdrawalBeneficiary({
      AccountId: account.Id,
      Name: "Demo supplier GmbH",
      CurrencyCode: "EUR",
      BeneficiaryType: "Individual",
      PaymentRouting: { Type: "BicIban", CountryCode: "DE", Bic: "DEUTDEFF", Iban: "DE89 3704 0044 0532 0130 00" },
      Address: { Street: "Hauptstrasse 1", Town: "Berlin", PostCode: "10115", CountryCode: "DE" },
      Reference: "demo",
    });
    check(beneficiary.id !== undefined, "the beneficiary has no id");
    say(`3. Created withdrawal beneficiary ${beneficiary.id} (${beneficiary.location})`);

    const before = await eur();
    const withdrawal = await client.withdrawals.createAccountWithdrawal({
      AccountId: account.Id,
      CurrencyCode: "EUR",
      Amount: 250,
      BeneficiaryId: beneficiary.id,
      Reference: "Invoice 2026-001",
    });
    check(withdrawal.id !== undefined, "the withdrawal has no id");
    const afterWithdrawal = await eur();
    check(
      afterWithdrawal.Allocated === (before.Allocated ?? 0) + 250,
      `EUR Allocated should grow by 250, is ${afterWithdrawal.Allocated}`,
    );
    const created = await client.withdrawals.getWithdrawal(withdrawal.id);
    say(
      `4. Created withdrawal ${withdrawal.id} of EUR 250 (${created.Status}); EUR available ${before.Available} → ${afterWithdrawal.Available}`,
    );

    const transferBeneficiaries = await client.accounts.listTransferBeneficiaries(account.Id, {
      $filter: "CurrencyCode eq 'EUR'",
    });
    const payee = transferBeneficiaries.value[0];
    check(payee !== undefined, "no EUR transfer beneficiary");
    const transfer = await client.transfers.createAccountTransfer({
      AccountId: account.Id,
      CurrencyCode: "EUR",
      Amount: 100,
      BeneficiaryId: payee.Id,
      Reference: "Demo transfer",
    });
    check(transfer.id !== undefined, "the transfer has no id");
    const duringTransfer = await eur();
    say(
      `5. Transferred EUR 100 to ${payee.Name} (transfer ${transfer.id}); EUR available ${afterWithdrawal.Available} → ${duringTransfer.Available}`,
    );

    await client.transfers.cancelTransfer(transfer.id);
    const cancelled = await client.outboundTransfers.getOutboundTransfer(transfer.id);
    const afterCancel = await eur();
    check(
      afterCancel.Available === afterWithdrawal.Available,
      `cancel should return the funds: ${afterCancel.Available} ≠ ${afterWithdrawal.Available}`,
    );
    say(`6. Cancelled transfer ${transfer.id} (${cancelled.Status}); EUR available back to ${afterCancel.Available}`);

    const expected = [
      `WithdrawalCreated ${withdrawal.id}`,
      `TransferCreated ${transfer.id}`,
      `TransferCanceled ${transfer.id}`,
    ];
    check(await sandbox.webhooks.flush(10_000), "webhook deliveries still pending after 10 s");
    check(invalid.length === 0, `webhook events that match no schema: ${invalid.join("; ")}`);
    const got = received.map((event) => `${event.Reason} ${event.EntityId}`);
    for (const event of expected)
      check(got.includes(event), `webhook ${event} not received (got ${got.join(", ") || "none"})`);
    say(`7. Webhooks received: ${received.map((event) => `${event.Reason} → ${event.ApiUrl}`).join("; ")}`);
    say("Demo passed.");
  } finally {
    receiver.close();
    await sandbox.close();
  }
}

main().catch((error: unknown) => {
  const detail =
    error instanceof AccountFundsError
      ? `${error.name} ${error.status ?? ""}: ${error.message}`
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`Demo FAILED after ${transcript.length} step(s): ${detail}\n`);
  process.exit(1);
});
