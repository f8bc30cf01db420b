/**
 * A sandbox per test file (free ports, response validation on) and clients logged in as either seeded user.
 * Both sides check bodies against the spec: the sandbox answers 500 on a response that does not match, the
 * client throws on one (`validateResponses`).
 */
import { createAccountFundsClient, type AccountFundsClient, type ClientOptions } from "@account-funds/client";
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  DEMO_USER,
  OTHER_USER,
  startSandbox,
  type Sandbox,
  type SandboxOptions,
} from "@account-funds/sandbox";

export type SeededUser = typeof DEMO_USER | typeof OTHER_USER;

export async function startTestSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({
    port: 0,
    tlsPort: false,
    validateResponses: true,
    webhookRetry: { initialMs: 20, maxMs: 200 },
    ...options,
  });
}

/** A test client's options for the sandbox (or a proxy of it) at `baseUrl`: a seeded user, responses checked, no retries. */
export function testClientOptions(baseUrl: string, user: SeededUser = DEMO_USER): ClientOptions {
  return {
    baseUrl,
    authUrl: baseUrl,
    credentials: {
      clientId: DEFAULT_CLIENT_ID,
      clientSecret: DEFAULT_CLIENT_SECRET,
      username: user.username,
      password: user.password,
    },
    validateResponses: true,
    maxRetries: 0,
  };
}

export function clientFor(sandbox: Sandbox, user: SeededUser = DEMO_USER): AccountFundsClient {
  return createAccountFundsClient(testClientOptions(sandbox.url, user));
}

/** A bearer token for raw `fetch` calls (fuzzing sends what the typed client would refuse to build). */
export async function tokenFor(sandbox: Sandbox, user: SeededUser = DEMO_USER): Promise<string> {
  return tokenAt(sandbox.url, fetch, user);
}

/** A bearer token from the token endpoint at `url`, through `fetchWith` (an in-process sandbox's `fetch`, or any). */
export async function tokenAt(
  url: string,
  fetchWith: (input: string, init: RequestInit) => Promise<Response>,
  user: SeededUser = DEMO_USER,
): Promise<string> {
  const response = await fetchWith(`${url}/connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "password",
      scope: "serviceFXAPI",
      client_id: DEFAULT_CLIENT_ID,
      client_secret: DEFAULT_CLIENT_SECRET,
      username: user.username,
      password: user.password,
    }),
  });
  if (!response.ok) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export { DEMO_USER, OTHER_USER };
