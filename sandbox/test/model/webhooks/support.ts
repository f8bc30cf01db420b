/** A webhook dispatcher on an empty store, local webhook receivers, and waiting: what the webhook tests share. */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { createSandboxClock } from "../../../src/foundation/clock.js";
import { cleanups } from "../../cleanups.js";
import { emptyState } from "../../../src/foundation/state/tables.js";
import { Store } from "../../../src/foundation/state/store.js";
import {
  createWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
} from "../../../src/model/webhooks/dispatcher.js";
import { createEventSink, type EventReason } from "../../../src/model/webhooks/event-sink.js";

export const BASE_URL = "http://127.0.0.1:4010";
export const FAST_RETRY = { initialMs: 5, maxMs: 20 };

export interface Delivery {
  readonly body: unknown;
  readonly headers: IncomingHttpHeaders;
}

export interface Target {
  readonly url: string;
  readonly port: number;
  readonly deliveries: Delivery[];
  close(): Promise<void>;
}

export type Respond = (response: ServerResponse, index: number, request: IncomingMessage) => void;

// Closed after each test by the project's setup file (../setup.ts).
export { cleanups };

/** A local webhook receiver; `respond` decides each answer (default 204). */
export async function startTarget(
  respond: Respond = (response) => response.writeHead(204).end(),
  port = 0,
): Promise<Target> {
  const deliveries: Delivery[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      deliveries.push({
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown,
        headers: request.headers,
      });
      respond(response, deliveries.length - 1, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  cleanups.push(close);
  return { url: `http://127.0.0.1:${actualPort}/hook`, port: actualPort, deliveries, close };
}

export function setup(options: Partial<WebhookDispatcherOptions> = {}): {
  store: Store;
  dispatcher: WebhookDispatcher;
  raise: (tenant: string, reason: EventReason, id: number) => void;
} {
  const store = new Store(emptyState());
  const events = createEventSink(store, createSandboxClock(new Date("2025-01-01T00:00:00Z")));
  const dispatcher = createWebhookDispatcher({ store, baseUrl: BASE_URL, retry: FAST_RETRY, ...options });
  const unsubscribe = store.onChange(() => dispatcher.notify());
  cleanups.push(async () => {
    unsubscribe();
    await dispatcher.close();
  });
  const raise = (tenant: string, reason: EventReason, id: number): void => {
    store.atomically(() => events.raise(tenant, reason, id));
  };
  return { store, dispatcher, raise };
}

export async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export const reasonsOf = (deliveries: readonly Delivery[]): string[][] =>
  deliveries.map((delivery) => (delivery.body as { Reason: string }[]).map((event) => event.Reason));
