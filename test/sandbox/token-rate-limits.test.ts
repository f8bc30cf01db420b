/**
 * The token endpoint behaves like a real token service under abuse: guessing a user's password meets 429 with
 * Retry-After (and then even the right password waits), a client flooding /connect/token meets 429, and the
 * switch for load tests (`tokenRateLimits: false`, `--no-token-rate-limit`) turns both off.
 */
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, type Sandbox } from "@account-funds/sandbox";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_USER, OTHER_USER, startTestSandbox } from "./support/sandbox-fixture.js";
import { startSandboxProcess, stopSandboxProcess } from "./support/sandbox-process.js";

interface TokenAnswer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly error: unknown;
}

async function tokenRequest(
  url: string,
  username: string,
  password: string,
  clientId = DEFAULT_CLIENT_ID,
): Promise<TokenAnswer> {
  const response = await fetch(`${url}/connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "password",
      scope: "serviceFXAPI",
      client_id: clientId,
      client_secret: DEFAULT_CLIENT_SECRET,
      username,
      password,
    }),
  });
  const body = (await response.json()) as { error?: unknown };
  return { status: response.status, retryAfter: response.headers.get("retry-after"), error: body.error };
}

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe("rate limits of /connect/token", () => {
  it("answers 429 with Retry-After after 10 wrong passwords for a user (default), then refuses even the right one", async () => {
    sandbox = await startTestSandbox();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1)
      statuses.push((await tokenRequest(sandbox.url, DEMO_USER.username, `guess-${attempt}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]));

    const right = await tokenRequest(sandbox.url, DEMO_USER.username, DEMO_USER.password);
    expect(right).toMatchObject({ status: 429, error: "slow_down" });
    expect(Number(right.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(right.retryAfter)).toBeLessThanOrEqual(6);
    // Another user of the same client is not affected.
    expect((await tokenRequest(sandbox.url, OTHER_USER.username, OTHER_USER.password)).status).toBe(200);
  });

  it("answers 429 with Retry-After to a client past its limit, and not to another client", async () => {
    sandbox = await startTestSandbox({
      tokenRateLimits: { perClient: { burst: 5, perSecond: 0.1 }, perUserFailure: { burst: 10, perSecond: 1 } },
    });
    const answers: TokenAnswer[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1)
      answers.push(await tokenRequest(sandbox.url, DEMO_USER.username, DEMO_USER.password));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(answers[5]!.retryAfter).toBe("10");
    expect((await tokenRequest(sandbox.url, DEMO_USER.username, DEMO_USER.password, "another-client")).status).toBe(
      400,
    );
  });

  it("has no limits with tokenRateLimits: false", async () => {
    sandbox = await startTestSandbox({ tokenRateLimits: false });
    for (let attempt = 0; attempt < 40; attempt += 1)
      expect((await tokenRequest(sandbox.url, DEMO_USER.username, `guess-${attempt}`)).status).toBe(400);
    expect((await tokenRequest(sandbox.url, DEMO_USER.username, DEMO_USER.password)).status).toBe(200);
  });

  it("has none with the command's --no-token-rate-limit", async () => {
    const child = await startSandboxProcess(["--no-token-rate-limit"]);
    try {
      expect(child.output().stderr).toContain("Token endpoints: no rate limits");
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, attempt) => tokenRequest(child.url, DEMO_USER.username, `guess-${attempt}`)),
      );
      expect(new Set(statuses.map((answer) => answer.status))).toEqual(new Set([400]));
    } finally {
      expect((await stopSandboxProcess(child)).code).toBe(0);
    }
  });
});
