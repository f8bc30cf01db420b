/**
 * Clients for the operation table: the fixture's client settings (response validation on, no retries) plus a
 * hook that records every response by operationId, so a test can prove that its call reached the operation it
 * names; an mTLS client for `/connect/mtls/token`; and `expectStatus`, which narrows a `withResponse` result.
 */
import { createAccountFundsClient, type AccountFundsClient } from "@account-funds/client";
import { createMtlsDispatcher } from "@account-funds/client/node";
import { DEFAULT_CLIENT_ID, type ClientCertificate, type Sandbox } from "@account-funds/sandbox";
import { expect } from "vitest";
import { DEMO_USER, testClientOptions, type SeededUser } from "./sandbox-fixture.js";

export interface RecordedResponse {
  readonly operationId: string;
  readonly status: number;
}

/** Every response a recording client received, token requests included, in order. */
export class ResponseLog {
  readonly responses: RecordedResponse[] = [];

  record(response: RecordedResponse): void {
    this.responses.push(response);
  }

  clear(): void {
    this.responses.length = 0;
  }

  statusesOf(operationId: string): number[] {
    return this.responses.filter((response) => response.operationId === operationId).map((response) => response.status);
  }
}

/** A client logged in as `user` with a client secret, like the fixture's `clientFor`, recording into `log`. */
export function recordingClient(sandbox: Sandbox, log: ResponseLog, user: SeededUser = DEMO_USER): AccountFundsClient {
  return createAccountFundsClient({
    ...testClientOptions(sandbox.url, user),
    hooks: { onResponse: ({ operationId, status }) => log.record({ operationId, status }) },
  });
}

export interface MtlsClient {
  readonly client: AccountFundsClient;
  /** Closes the dispatcher (its TLS connections). */
  close(): Promise<void>;
}

/**
 * A client whose token comes from `/connect/mtls/token` over the sandbox's HTTPS port, presenting `certificate`
 * and trusting the sandbox's self-signed server certificate (generated/README.md, "Mutual TLS").
 */
export function mtlsClient(
  sandbox: Sandbox,
  certificate: ClientCertificate,
  log?: ResponseLog,
  user: SeededUser = DEMO_USER,
): MtlsClient {
  if (sandbox.tlsUrl === undefined || sandbox.certificate === undefined)
    throw new Error("start the sandbox with tlsPort: 0 for mTLS");
  const dispatcher = createMtlsDispatcher({
    cert: certificate.cert,
    key: certificate.key,
    ca: sandbox.certificate.cert,
  });
  const client = createAccountFundsClient({
    baseUrl: sandbox.url,
    authUrl: sandbox.tlsUrl,
    credentials: { clientId: DEFAULT_CLIENT_ID, username: user.username, password: user.password },
    mtls: { dispatcher },
    validateResponses: true,
    maxRetries: 0,
    ...(log === undefined
      ? {}
      : { hooks: { onResponse: ({ operationId, status }) => log.record({ operationId, status }) } }),
  });
  return { client, close: () => dispatcher.close() };
}

/**
 * The id a 201 created, from its body: the sandbox's document declares a CreateResultDto with its Id; the API's
 * describes no 201 body (the id is the key of Location), so the client's type of it is `undefined`.
 */
export function createdId<R extends { readonly status: number }>(result: R): number {
  const created = expectStatus(result, 201) as unknown as { readonly data?: { readonly Id?: unknown } };
  const id = created.data?.Id;
  if (typeof id !== "number") throw new Error(`201 without an Id: ${JSON.stringify(created.data)}`);
  return id;
}

/** Asserts a `withResponse` result's status (showing the error body when it differs) and narrows it. */
export function expectStatus<R extends { readonly status: number }, S extends R["status"]>(
  result: R,
  status: S,
): Extract<R, { readonly status: S }> {
  const error = (result as { readonly error?: unknown }).error;
  expect(result.status, `status ${result.status}${error === undefined ? "" : `: ${JSON.stringify(error)}`}`).toBe(
    status,
  );
  return result as Extract<R, { readonly status: S }>;
}
