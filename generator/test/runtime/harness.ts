/** A runtime wired to a FakeServer, with recorded (not real) retry waits and a controllable clock. */
import { bindGroups } from "../../runtime/client/bind.js";
import type { ClientOptions, CommonClientOptions } from "../../runtime/options/client-options.js";
import type { OperationMetadata } from "../../runtime/operations/operation-metadata.js";
import { createRuntime, type RuntimeConfig } from "../../runtime/client/request.js";
import { FakeServer, tokenResponse } from "./fake-fetch.js";
import { AUTH_URL, BASE_URL, credentials, operations, tokenOperations } from "./fixtures.js";

// Runtime tests call bound methods dynamically; the façade's types are tested against the generated client.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface Harness {
  readonly server: FakeServer;
  readonly client: Loose;
  readonly raw: Loose;
  readonly sleeps: number[];
  readonly clock: { now: number };
  tokensIssued(): number;
}

export type HarnessOptions = Partial<CommonClientOptions> & {
  readonly auth?: Partial<ClientOptions>;
  readonly config?: RuntimeConfig;
};

export function table(): Record<string, Record<string, OperationMetadata>> {
  const groups: Record<string, Record<string, OperationMetadata>> = {};
  for (const operation of Object.values(operations))
    (groups[operation.group] ??= {})[operation.clientMethod] = operation;
  return groups;
}

export function harness(options: HarnessOptions = {}): Harness {
  const server = new FakeServer();
  let issued = 0;
  server.on("POST", "/connect/token", () => tokenResponse(`token-${++issued}`));
  server.on("POST", "/connect/mtls/token", () => tokenResponse(`mtls-token-${++issued}`));
  const sleeps: number[] = [];
  const clock = { now: 1_700_000_000_000 };
  const { auth, config, ...rest } = options;
  const clientOptions = {
    baseUrl: BASE_URL,
    authUrl: AUTH_URL,
    credentials,
    fetch: server.fetch,
    now: () => clock.now,
    retry: {
      random: () => 0.5,
      sleep: async (ms: number) => {
        sleeps.push(ms);
      },
    },
    ...rest,
    ...auth,
  } as ClientOptions;
  const runtime = createRuntime(clientOptions, { tokenOperations, ...config });
  return {
    server,
    client: bindGroups(runtime, "data", table()),
    raw: bindGroups(runtime, "raw", table()),
    sleeps,
    clock,
    tokensIssued: () => issued,
  };
}
