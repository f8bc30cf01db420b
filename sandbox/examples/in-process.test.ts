// A consumer's test of its payments code against the sandbox in-process: no port, no server, each test with a
// sandbox of its own (seeded state, clock and webhook targets), webhooks captured without a receiver.
import { createAccountFundsClient, parseWebhookEvents, type AccountFundsClient } from "@account-funds/client";
import {
  createClientCertificate,
  createSandbox,
  defaultCredentials,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  DEMO_USER,
  type InProcessSandbox,
} from "@account-funds/sandbox";
import { afterEach, beforeEach, expect, it } from "vitest";

// Any URL will do: requests never leave the process.
const BASE_URL = "http://sandbox.test";

let sandbox: InProcessSandbox;
let client: AccountFundsClient;
let deliveries: unknown[];

beforeEach(async () => {
  deliveries = [];
  sandbox = await createSandbox({
    validateResponses: true,
    // Webhook deliveries go to this fetch instead of the network.
    webhookFetch: async (_url, init) => {
      deliveries.push(JSON.parse(String(init?.body)));
      return new Response(null, { status: 204 });
    },
  });
  client = createAccountFundsClient({
    baseUrl: BASE_URL,
    authUrl: BASE_URL,
    fetch: sandbox.fetch,
    credentials: {
      clientId: DEFAULT_CLIENT_ID,
      clientSecret: DEFAULT_CLIENT_SECRET,
      username: DEMO_USER.username,
      password: DEMO_USER.password,
    },
  });
});

afterEach(() => sandbox.close());

it("reads accounts and balances", async () => {
  const { value: accounts } = await client.accounts.listAccounts();
  expect(accounts.length).toBeGreaterThan(0);
  const { value: balances } = await client.accounts.listBalances(accounts[0]!.Id!);
  expect(balances.map((balance) => balance.CurrencyCode)).toContain("EUR");
});

it("makes a transfer and receives its webhook event", async () => {
  // The control API is served in-process too: register a target for the demo user's events.
  await sandbox.fetch(`${BASE_URL}/_sandbox/webhooks`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url: "https://hooks.test/account-funds", username: DEMO_USER.username }),
  });
  const { value: accounts } = await client.accounts.listAccounts();
  const accountId = accounts[0]!.Id!;
  const { value: beneficiaries } = await client.accounts.listTransferBeneficiaries(accountId, {
    $filter: "CurrencyCode eq 'EUR' and StatusCode eq 'E'",
  });
  const created = await client.transfers.createAccountTransfer({
    AccountId: accountId,
    CurrencyCode: "EUR",
    Amount: 25,
    BeneficiaryId: beneficiaries[0]!.Id!,
    Reference: "Invoice 42",
  });
  expect(created.location).toBe(`${BASE_URL}/api/v1/Transfers(${created.id})`);

  expect(await sandbox.webhooks.flush(5_000)).toBe(true);
  const events = deliveries.flatMap((delivery) => {
    const parsed = parseWebhookEvents(delivery);
    return parsed.ok ? parsed.events : [];
  });
  expect(events).toContainEqual({
    EntityType: "Transfer",
    EntityId: created.id,
    Reason: "TransferCreated",
    ApiUrl: `${BASE_URL}/api/v1/OutboundTransfers(${created.id})`,
  });
});

it("starts every test from the seed", async () => {
  const { value: transfers } = await client.transfers.listTransfers({ $filter: "Reference eq 'Invoice 42'" });
  expect(transfers).toEqual([]);
});

it("authenticates with a client certificate (mutual TLS), presented by the fetch", async () => {
  const certificate = await createClientCertificate("my-service");
  const mtlsSandbox = await createSandbox({
    credentials: defaultCredentials({ certificateThumbprints: [certificate.thumbprint] }),
  });
  try {
    const mtlsClient = createAccountFundsClient({
      baseUrl: BASE_URL,
      authUrl: BASE_URL,
      // No TLS in-process: the fetch presents the certificate to /connect/mtls/token.
      mtls: { dispatcher: undefined },
      fetch: (request, init) => mtlsSandbox.fetch(request, { ...init, clientCertificate: certificate.cert }),
      credentials: { clientId: DEFAULT_CLIENT_ID, username: DEMO_USER.username, password: DEMO_USER.password },
    });
    const { value: accounts } = await mtlsClient.accounts.listAccounts();
    expect(accounts.length).toBeGreaterThan(0);
  } finally {
    await mtlsSandbox.close();
  }
});
