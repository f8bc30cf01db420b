/**
 * The sandbox-only control API (`/_sandbox/`, sandbox/src/endpoints/control/routes.ts) as the tests use it: completing
 * transfers, withdrawals and exchanges (the real service does that on its own), and registering a webhook
 * target; plus a local webhook receiver that keeps every delivery parsed with the client's `parseWebhookEvents`.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { parseWebhookEvents } from "@account-funds/client";
import type { Sandbox } from "@account-funds/sandbox";
import { expect } from "vitest";

export type CompletableKind = "transfers" | "withdrawals" | "exchanges";

/** The control API's answer to `POST /_sandbox/{kind}/{id}/complete`. */
export interface Completion {
  readonly id: number;
  readonly statusCode?: string;
  readonly status?: string;
  readonly apiUrl: string;
}

async function post(sandbox: Sandbox, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${sandbox.url}/_sandbox/${path}`, {
    method: "POST",
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

export interface ControlApi {
  /** Completes the entity (200 expected) and returns the control API's answer. */
  complete(kind: CompletableKind, id: number): Promise<Completion>;
  /** The raw answer, for refusals (410 for an entity in a final state). */
  tryComplete(kind: CompletableKind, id: number): Promise<{ status: number; body: unknown }>;
  /** Registers a webhook target for the events of the service user `username`. */
  registerWebhook(url: string, username: string): Promise<void>;
}

export function controlOf(sandbox: Sandbox): ControlApi {
  const tryComplete = (kind: CompletableKind, id: number) => post(sandbox, `${kind}/${id}/complete`);
  return {
    tryComplete,
    async complete(kind, id) {
      const answer = await tryComplete(kind, id);
      expect(answer.status, `completing ${kind} ${id}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body as Completion;
    },
    async registerWebhook(url, username) {
      const answer = await post(sandbox, "webhooks", { url, username });
      expect(answer.status, `registering ${url}: ${JSON.stringify(answer.body)}`).toBe(201);
    },
  };
}

export interface ReceivedEvent {
  readonly EntityType: string;
  readonly EntityId: number;
  readonly Reason: string;
  readonly ApiUrl: string;
}

export interface WebhookReceiver {
  readonly url: string;
  /** Every event of every delivery that parsed, in arrival order. */
  readonly events: ReceivedEvent[];
  /** Deliveries `parseWebhookEvents` refused (there should be none). */
  readonly refused: { readonly body: string; readonly error: unknown }[];
  close(): Promise<void>;
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/** A local HTTP receiver: 204 for a delivery `parseWebhookEvents` accepts, 400 (so the sandbox retries) otherwise. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const events: ReceivedEvent[] = [];
  const refused: { body: string; error: unknown }[] = [];
  const server = createServer((request, response) => {
    void readText(request).then((body) => {
      const parsed = parseWebhookEvents(body);
      if (parsed.ok) events.push(...(parsed.events as readonly ReceivedEvent[]));
      else refused.push({ body, error: parsed.error });
      response.writeHead(parsed.ok ? 204 : 400).end();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    events,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
