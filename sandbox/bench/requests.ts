/**
 * Single requests around the load: a token from the sandbox, a reset between rounds, the fixture (an account
 * id of the seed) and a smoke test that a server answers a scenario as the spec says before it is measured.
 */
import { headersOf, type Fixture, type Scenario } from "./scenarios.js";

const TOKEN_FORM = new URLSearchParams({
  grant_type: "password",
  client_id: "sandbox-client",
  client_secret: "sandbox-secret",
  username: "demo@example.com",
  password: "demo-password",
  scope: "serviceFXAPI",
});

/** A fresh access token of the demo user (valid 900 s by the sandbox clock, so one is fetched per round). */
export async function fetchToken(sandboxUrl: string): Promise<string> {
  const response = await fetch(`${sandboxUrl}/connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: TOKEN_FORM.toString(),
  });
  const body = (await response.json()) as { access_token?: unknown };
  if (response.status !== 200 || typeof body.access_token !== "string") {
    throw new Error(`POST /connect/token answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.access_token;
}

/** POST /_sandbox/reset: back to the seed, so every round of a command starts from the same state. */
export async function resetSandbox(sandboxUrl: string): Promise<void> {
  const response = await fetch(`${sandboxUrl}/_sandbox/reset`, { method: "POST" });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST /_sandbox/reset answered ${response.status}: ${text}`);
}

export async function discoverFixture(sandboxUrl: string, token: string): Promise<Fixture> {
  const response = await fetch(`${sandboxUrl}/api/v1/Accounts?$top=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { value?: { Id?: unknown }[] };
  const accountId = body.value?.[0]?.Id;
  if (response.status !== 200 || typeof accountId !== "number")
    throw new Error(`GET /api/v1/Accounts answered ${response.status}: ${JSON.stringify(body)}`);
  return { accountId };
}

/** One request of the scenario; throws when the status or the body is not what the load will count on. */
export async function smokeTest(baseUrl: string, scenario: Scenario, fixture: Fixture, token: string): Promise<void> {
  const path = scenario.path(fixture);
  const response = await fetch(`${baseUrl}${path}`, {
    method: scenario.method,
    headers: headersOf(scenario, token),
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
  });
  const text = await response.text();
  if (response.status !== scenario.status)
    throw new Error(
      `${scenario.method} ${path} answered ${response.status}, expected ${scenario.status}: ${text.slice(0, 500)}`,
    );
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    throw new Error(`${scenario.method} ${path} answered no JSON: ${text.slice(0, 500)}`);
  }
  const problem = scenario.checkResponse(body, response.headers);
  if (problem !== undefined) throw new Error(`${scenario.method} ${path}: ${problem}: ${text.slice(0, 500)}`);
}
