/**
 * The API's document (`generated/openapi.json`, what the client ships) admits what the real API plausibly sends:
 * Prism 5.14 as a validating proxy (`prism proxy generated/openapi.json <stand-in> --errors`, as
 * test/sandbox/support/prism-proxy.ts runs it; the sandbox's tests give it the sandbox's document instead) in front of the stand-in, and every case of support/cases.ts made
 * through it with the generated client. Prism must report no violation of the request or the response, and the
 * client must get the same outcome as without Prism. Prism rewrites `Host` and adds no `X-Forwarded-Host`, as a
 * gateway would: the client sends it, so that the URLs the stand-in writes (next links) name Prism's origin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFundsClient, type AccountFundsClient } from "../../generated/src/index.js";
import {
  API_DOCUMENT,
  PRISM_VERSION,
  startPrismProxy,
  ViolationLog,
  type PrismProxy,
} from "../sandbox/support/prism-proxy.js";
import { credentials, errorCases, routes, successCases, type StandInCase } from "./support/cases.js";
import { startStandIn, type StandIn } from "./support/stand-in.js";

/** Prism dereferences the whole document before it listens: generous on a busy 2-core machine. */
const HOOK_TIMEOUT_MS = 120_000;

let standIn: StandIn;
let prism: PrismProxy;
let client: AccountFundsClient;
let refused: AccountFundsClient;
const log = new ViolationLog();

beforeAll(async () => {
  standIn = await startStandIn(routes);
  prism = await startPrismProxy(standIn.url, API_DOCUMENT);
  const options = {
    baseUrl: prism.url,
    authUrl: prism.url,
    validateResponses: true,
    fetch: log.fetch,
    hooks: log.hooks,
    headers: { "x-forwarded-host": new URL(prism.url).host },
  } as const;
  client = createAccountFundsClient({ ...options, credentials });
  refused = createAccountFundsClient({ ...options, credentials: { ...credentials, clientSecret: "refused-secret" } });
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await prism?.stop();
  await standIn?.close();
}, HOOK_TIMEOUT_MS);

const cases = [...successCases, ...errorCases];

describe(`Prism ${PRISM_VERSION} (proxy --errors) with the API's document in front of the stand-in`, () => {
  it.each(cases.map((testCase) => [testCase.name, testCase] as const))(
    "%s: no violation, and the client's outcome stands",
    async (_name, testCase: StandInCase) => {
      log.clear();
      const outcome = await testCase.call(testCase.client === "refused-credentials" ? refused : client).then(
        (result: unknown) => ({ ok: true as const, result }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      const violations = log.exchanges.flatMap((exchange) =>
        exchange.violations.map((violation) => ({
          operationId: exchange.operationId,
          status: exchange.status,
          location: violation.location.join("."),
          message: violation.message,
        })),
      );
      // A case marked `needsSpec` says what the API document must admit for it (the i20-spec change).
      expect(violations, testCase.needsSpec ?? "").toEqual([]);
      expect(log.exchanges.length).toBeGreaterThan(0);
      if (testCase.success !== undefined) {
        expect(outcome.ok, outcome.ok ? "" : String(outcome.error)).toBe(true);
        if (outcome.ok) testCase.success(outcome.result, standIn);
      } else {
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.error, String(outcome.error)).toBeInstanceOf(testCase.error?.class);
      }
    },
  );
});
