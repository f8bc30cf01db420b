/**
 * Third-party tools read the contract as we do: Prism 5.14 (the project's own dev dependency) as a validating
 * proxy, `prism proxy sandbox/openapi.json <sandbox> --errors` (the sandbox's document), in front of the sandbox.
 * One valid call of every operation (support/operation-calls.ts, the same table the sandbox test runs) goes through
 * it with the generated client, and Prism must report no violation of the request or the response, except the Prism
 * limitations that
 * spec/CONVENTIONS.md lists: those are exempt for their operation only, and each must still occur, so the list
 * stays true. A `$select` projection of a list and of an entity goes through it too.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createAccountFundsClient, operationMetadata, type AccountFundsClient } from "@account-funds/client";
import { createClientCertificate, defaultCredentials, type Sandbox } from "@account-funds/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callOf, type OperationCallContext } from "./support/operation-calls.js";
import { expectStatus, mtlsClient, type MtlsClient } from "./support/operation-calls-clients.js";
import { controlOf } from "./support/operation-calls-control.js";
import { primaryAccount, withdrawalBeneficiaryFor } from "./support/operation-calls-data.js";
import {
  PRISM_VERSION,
  startPrismProxy,
  ViolationLog,
  type PrismProxy,
  type PrismViolation,
} from "./support/prism-proxy.js";
import { startTestSandbox, testClientOptions } from "./support/sandbox-fixture.js";

/** Starting the sandbox and Prism (which dereferences the whole spec) on a busy 2-core machine. */
const HOOK_TIMEOUT_MS = 120_000;

interface Limitation {
  /** Violation locations Prism reports (`body.Request`), without the request/response prefix. */
  readonly locations: readonly string[];
  /** The call cannot go through a proxy at all. */
  readonly notProxied: boolean;
}

/** The "Prism limitations" table of spec/CONVENTIONS.md, by operationId. */
function prismLimitations(): ReadonlyMap<string, Limitation> {
  const conventions = readFileSync(fileURLToPath(new URL("../../spec/CONVENTIONS.md", import.meta.url)), "utf8");
  const section = conventions.slice(conventions.indexOf("## Prism limitations"));
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) =>
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    );
  return new Map(
    rows.map(([operation = "", reports = ""]) => {
      const operationId = /`([^`]+)`/.exec(operation)?.[1] ?? operation;
      const locations = [...reports.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? "");
      return [operationId, { locations, notProxied: reports.includes("(not proxied)") }];
    }),
  );
}

const limitations = prismLimitations();
const operationIds = Object.keys(operationMetadata);

/** `request.body.Request` → `body.Request`: where in the request or response Prism found it. */
const locationOf = (violation: PrismViolation): string =>
  violation.location
    .filter((segment, index) => index > 0 || (segment !== "request" && segment !== "response"))
    .join(".");

let sandbox: Sandbox;
let prism: PrismProxy;
let mtls: MtlsClient;
let client: AccountFundsClient;
let context: OperationCallContext;
const log = new ViolationLog();

beforeAll(async () => {
  const certificate = await createClientCertificate("prism-proxy-test");
  sandbox = await startTestSandbox({
    tlsPort: 0,
    credentials: defaultCredentials({ certificateThumbprints: [certificate.thumbprint] }),
  });
  prism = await startPrismProxy(sandbox.url);
  // The client's token requests go through Prism too; its responses are checked on both sides.
  client = createAccountFundsClient({ ...testClientOptions(prism.url), fetch: log.fetch, hooks: log.hooks });
  mtls = mtlsClient(sandbox, certificate);
  context = { sandbox, client, mtlsClient: mtls.client, control: controlOf(sandbox) };
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await mtls?.close();
  await prism?.stop();
  await sandbox?.close();
}, HOOK_TIMEOUT_MS);

describe(`Prism ${PRISM_VERSION} as a validating proxy in front of the sandbox`, () => {
  it("is 5.14, and its limitations (spec/CONVENTIONS.md) name operations of the spec", () => {
    expect(PRISM_VERSION).toMatch(/^5\.14\./);
    expect(limitations.size).toBeGreaterThan(0);
    expect([...limitations.keys()].filter((operationId) => !operationIds.includes(operationId))).toEqual([]);
    for (const [operationId, limitation] of limitations) {
      expect(limitation.notProxied || limitation.locations.length > 0, operationId).toBe(true);
    }
  });

  it.each(operationIds)("%s: one valid call, no violation but its listed limitations", async (operationId) => {
    const call = callOf(operationId);
    if (call === undefined) throw new Error(`support/operation-calls.ts has no call for ${operationId}`);
    const limitation = limitations.get(operationId);
    log.clear();
    let failure: unknown;
    try {
      await call(context);
    } catch (error) {
      failure = error;
    }
    const reported = log.exchanges.flatMap((exchange) =>
      exchange.violations.map((violation) => ({
        operationId: exchange.operationId,
        status: exchange.status,
        location: locationOf(violation),
        message: violation.message,
      })),
    );
    const unexpected = reported.filter(
      (violation) => !(limitations.get(violation.operationId)?.locations ?? []).includes(violation.location),
    );
    expect(unexpected).toEqual([]);
    if (limitation?.notProxied === true) {
      // Made directly against the sandbox; it succeeds there.
      expect(log.exchanges.filter((exchange) => exchange.operationId === operationId)).toEqual([]);
      expect(failure).toBeUndefined();
      return;
    }
    expect(
      log.exchanges.some((exchange) => exchange.operationId === operationId),
      `${operationId} did not go through Prism`,
    ).toBe(true);
    if (limitation === undefined) {
      expect(failure).toBeUndefined();
    } else {
      // A listed limitation still occurs (else it is to be struck from the list).
      const own = reported
        .filter((violation) => violation.operationId === operationId)
        .map((violation) => violation.location);
      expect([...new Set(own)].sort()).toEqual([...limitation.locations].sort());
    }
  });

  it("takes the JSON form of createAccountWithdrawal, whose multipart form is a listed limitation", async () => {
    log.clear();
    const account = await primaryAccount(client);
    const beneficiary = await withdrawalBeneficiaryFor(client, account.Id, "EUR");
    const body = {
      AccountId: account.Id,
      CurrencyCode: "EUR",
      Amount: null,
      BeneficiaryId: beneficiary.Id,
      Reference: "Prism JSON form",
    };
    expectStatus(await client.withResponse.withdrawals.createAccountWithdrawal(body), 201);
    expect(log.exchanges.flatMap((exchange) => exchange.violations)).toEqual([]);
  });

  it("takes $select projections that leave the key out, of a list and of an entity", async () => {
    log.clear();
    const account = await primaryAccount(client);
    const page = await client.accounts.listBalances(account.Id, { $select: ["Value"] });
    expect(page.value.length).toBeGreaterThan(0);
    const selected = await client.accounts.getAccount(account.Id, { $select: ["Name"] });
    expect(Object.keys(selected).sort()).toEqual(["@odata.context", "@odata.id", "Name"]);
    expect(log.exchanges.flatMap((exchange) => exchange.violations)).toEqual([]);
  });
});
