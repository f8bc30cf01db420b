/**
 * The sandbox behind a real reverse proxy (a child process, support/reverse-proxy.ts, that rewrites Host to the
 * upstream's as nginx's `proxy_pass` does): with `trustProxy` the forwarded host decides the origin of
 * `@odata.nextLink`, `Location` and webhook `ApiUrl`s, so the generated client's `.paginate()` follows the second
 * page through the proxy and every link points at the proxy; with `publicUrl` the same holds under a path prefix
 * the proxy strips. Without either, the links point past the proxy and the client refuses the next link.
 * @module-tag node-lines: HTTP through a proxy process (node:http, fetch).
 */
import { createAccountFundsClient, type AccountFundsClient } from "@account-funds/client";
import type { Sandbox, SandboxOptions } from "@account-funds/sandbox";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "./support/operation-calls-control.js";
import { createTransfer, primaryAccount } from "./support/operation-calls-data.js";
import type { ForwardingMode } from "./support/reverse-proxy.js";
import { startReverseProxy, type ReverseProxy } from "./support/reverse-proxy-process.js";
import { DEMO_USER, startTestSandbox, testClientOptions } from "./support/sandbox-fixture.js";
import { call, passwordToken, startSandboxProcess, stopSandboxProcess } from "./support/sandbox-process.js";

const HOOK_TIMEOUT_MS = 60_000;

/** The demo user's client, reaching the API and the token endpoint at `baseUrl` (the proxy). */
const clientAt = (baseUrl: string): AccountFundsClient => createAccountFundsClient(testClientOptions(baseUrl));

interface Setup {
  readonly sandbox: Sandbox;
  readonly proxy: ReverseProxy;
  /** Where clients reach the sandbox: the proxy's URL, with its prefix. */
  readonly base: string;
  readonly client: AccountFundsClient;
}

// One proxy process for the file, pointed at each test's sandbox in the test's way (support/reverse-proxy.ts).
let proxy: ReverseProxy;
beforeAll(async () => {
  proxy = await startReverseProxy();
}, HOOK_TIMEOUT_MS);
let current: Setup | undefined;
let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await current?.sandbox.close();
  current = undefined;
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await receiver?.close();
  await proxy?.stop();
});

/** A sandbox with pages of 2 behind a proxy in `mode`; `publicUrl` names the proxy (with `prefix`) when asked. */
async function behindProxy(
  mode: ForwardingMode,
  options: { readonly prefix?: string; readonly trustProxy?: boolean; readonly publicUrl?: boolean } = {},
): Promise<Setup> {
  const prefix = options.prefix ?? "";
  const base = `${proxy.url}${prefix}`;
  const sandboxOptions: SandboxOptions = {
    maxPageSize: 2,
    trustProxy: options.trustProxy ?? false,
    ...(options.publicUrl === true ? { publicUrl: base } : {}),
  };
  const sandbox = await startTestSandbox(sandboxOptions);
  await proxy.forwardTo(sandbox.url, mode, prefix);
  current = { sandbox, proxy, base, client: clientAt(base) };
  return current;
}

/** Every transfer beneficiary through `.paginate()`, and how many there are. */
async function pageThrough(client: AccountFundsClient): Promise<{ ids: number[]; total: number }> {
  const total =
    (await client.transferBeneficiaries.listTransferBeneficiaries({ $count: true, $top: 0 }))["@odata.count"] ?? 0;
  const ids: number[] = [];
  for await (const row of client.transferBeneficiaries.listTransferBeneficiaries.paginate({ $orderby: "Id" }))
    ids.push(row.Id);
  return { ids, total };
}

/** The links a client gets through the proxy all start with `base`. */
async function expectLinksAt({ client, base }: Setup): Promise<void> {
  const { ids, total } = await pageThrough(client);
  expect(total).toBeGreaterThan(2);
  expect(ids).toHaveLength(total);
  const page = await client.transferBeneficiaries.listTransferBeneficiaries({ $orderby: "Id" });
  expect(page["@odata.nextLink"]?.startsWith(`${base}/api/v1/TransferBeneficiaries?`)).toBe(true);
  expect(page["@odata.context"]?.startsWith(`${base}/api/v1/$metadata#`)).toBe(true);
  const created = await client.alerts.createAlert({ SourceCurrencyCode: "GBP", TargetCurrencyCode: "EUR", Limit: 1.5 });
  expect(created.location).toBe(`${base}/api/v1/Alerts(${created.id})`);
  // The Location resolves through the proxy.
  expect((await client.alerts.getAlert(created.id!)).Id).toBe(created.id);
}

describe("the sandbox behind a reverse proxy", () => {
  it(
    "with trustProxy and RFC 7239 Forwarded: next links, Location and webhook ApiUrls point at the proxy",
    async () => {
      const setup = await behindProxy("forwarded", { trustProxy: true });
      await expectLinksAt(setup);
      receiver = await startWebhookReceiver();
      const registered = await fetch(`${setup.base}/_sandbox/webhooks`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: receiver.url, username: DEMO_USER.username }),
      });
      expect(registered.status).toBe(201);
      expect(registered.headers.get("location")?.startsWith(`${setup.base}/_sandbox/webhooks/`)).toBe(true);
      const account = await primaryAccount(setup.client);
      const transferId = await createTransfer(setup.client, { accountId: account.Id, currencyCode: "EUR", amount: 1 });
      expect(await setup.sandbox.webhooks.flush(10_000)).toBe(true);
      expect(receiver.events).toContainEqual(
        expect.objectContaining({
          Reason: "TransferCreated",
          EntityId: transferId,
          ApiUrl: `${setup.base}/api/v1/OutboundTransfers(${transferId})`,
        }),
      );
    },
    HOOK_TIMEOUT_MS,
  );

  it(
    "with trustProxy and X-Forwarded-Host / X-Forwarded-Proto: the same",
    async () => {
      await expectLinksAt(await behindProxy("x-forwarded", { trustProxy: true }));
    },
    HOOK_TIMEOUT_MS,
  );

  it(
    "with publicUrl naming the proxy and the path prefix it strips: links under the prefix",
    async () => {
      await expectLinksAt(await behindProxy("none", { prefix: "/sandbox", publicUrl: true }));
    },
    HOOK_TIMEOUT_MS,
  );

  it(
    "without either, links point past the proxy: the client refuses the second page (unsafe_next_link)",
    async () => {
      const { client, sandbox } = await behindProxy("forwarded");
      const page = await client.transferBeneficiaries.listTransferBeneficiaries({ $orderby: "Id" });
      expect(new URL(page["@odata.nextLink"] ?? "").origin).toBe(new URL(sandbox.url).origin);
      await expect(pageThrough(client)).rejects.toMatchObject({ code: "unsafe_next_link" });
    },
    HOOK_TIMEOUT_MS,
  );
});

describe("the command's options", () => {
  it(
    "--public-url decides the links' origin and path prefix; --trust-proxy lets a Forwarded header decide it",
    async () => {
      const publicUrl = "https://gateway.example/sandbox";
      for (const [args, headers, base] of [
        [["--public-url", publicUrl], {}, publicUrl],
        [["--trust-proxy"], { forwarded: 'host="api.example";proto=https' }, "https://api.example"],
      ] as const) {
        const sandbox = await startSandboxProcess([...args, "--page-size", "1"]);
        const token = await passwordToken(sandbox.url, DEMO_USER.username, DEMO_USER.password);
        const response = await fetch(`${sandbox.url}/api/v1/TransferBeneficiaries`, {
          headers: { authorization: `Bearer ${token}`, ...headers },
        });
        const page = (await response.json()) as { "@odata.nextLink"?: string };
        expect(page["@odata.nextLink"]?.startsWith(`${base}/api/v1/TransferBeneficiaries?`), JSON.stringify(page)).toBe(
          true,
        );
        const created = await call(sandbox.url, token, "POST", "/api/v1/Alerts/Create", {
          SourceCurrencyCode: "GBP",
          TargetCurrencyCode: "EUR",
          Limit: 2,
        });
        if (Object.keys(headers).length === 0)
          expect(created.headers.get("location")?.startsWith(`${base}/api/v1/Alerts(`)).toBe(true);
        expect((await stopSandboxProcess(sandbox)).code).toBe(0);
      }
    },
    HOOK_TIMEOUT_MS,
  );
});
