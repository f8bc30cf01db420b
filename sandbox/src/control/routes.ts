/**
 * The sandbox-only control API under `/_sandbox/`, kept out of the public spec: reset to the seed, read and move
 * the clock, complete transfers, withdrawals and exchanges (which the real service does on its own), register
 * webhook targets and read the raised events. It is the operator's: no token, and it listens only where the
 * server binds (loopback by default). JSON in and out; errors are `{ error: { code, message, target? } }`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiError } from "../api/handler.js";
import type { SandboxClock } from "../auth/clock.js";
import type { DomainContext } from "../domain/context.js";
import { completeExchange } from "../domain/exchanges.js";
import {
  exchangeStatuses,
  statusText,
  transferStatuses,
  withdrawalStatuses,
  type StatusTable,
} from "../domain/statuses.js";
import { completeTransfer } from "../domain/transfers.js";
import { completeWithdrawal } from "../domain/withdrawals.js";
import { parseBody, readRaw } from "../http/body.js";
import { locationOf } from "../http/operation-path.js";
import { sendError, sendJson } from "../http/send.js";
import type { EventRecord, TenantId, WebhookTargetRecord } from "../state/records.js";
import type { Store } from "../state/store.js";
import { toWebhookEvent, type DeliveryStatus, type WebhookDispatcher } from "../webhooks/dispatcher.js";
import type { EventSink } from "../webhooks/event-sink.js";
import {
  fieldsOf,
  noFields,
  noQuery,
  parseClockChange,
  parseEventsQuery,
  parseId,
  parseWebhookRegistration,
  type Parsed,
} from "./input.js";
import { type CommandRefusal } from "../domain/outcomes.js";

export interface ControlDependencies {
  readonly store: Store;
  readonly clock: SandboxClock;
  readonly events: EventSink;
  readonly dispatcher: WebhookDispatcher;
  /** Restores the seeded state. */
  readonly reset: () => void;
  /** The tenant (service user id) of a service user's username; undefined for an unknown username. */
  readonly tenantOfUsername: (username: string) => TenantId | undefined;
  /** Absolute base URL of the server, for `Location` headers and event ApiUrls. */
  readonly baseUrl: string;
}

type ControlResult =
  | { readonly status: number; readonly body: unknown; readonly headers?: Readonly<Record<string, string>> }
  | { readonly error: ApiError };

interface ControlCall {
  /** The route pattern's captures, in order. */
  readonly params: readonly string[];
  readonly body: unknown;
  readonly query: URLSearchParams;
  readonly deps: ControlDependencies;
}

interface ControlRoute {
  readonly method: "GET" | "POST" | "DELETE";
  /** As shown in the index, e.g. `/_sandbox/webhooks/{id}`. */
  readonly path: string;
  readonly pattern: RegExp;
  readonly run: (call: ControlCall) => ControlResult;
}

const MAX_CONTROL_BODY_BYTES = 64 * 1024;
const CONTROL_ROOT = "/_sandbox";

const json = (status: number, body: unknown, headers?: Readonly<Record<string, string>>): ControlResult =>
  headers === undefined ? { status, body } : { status, body, headers };

/** Runs `next` with the parsed value, or answers the parse error. */
function withParsed<T>(result: Parsed<T>, next: (value: T) => ControlResult): ControlResult {
  return result.ok ? next(result.value) : { error: result.error };
}

const noInput = (call: ControlCall, next: () => ControlResult): ControlResult =>
  withParsed(noQuery(call.query), () => withParsed(noFields(call.body), next));

function clockView(clock: SandboxClock): { now: string; nowSeconds: number } {
  return { now: clock.now().toISOString(), nowSeconds: clock.nowSeconds() };
}

function eventView(event: EventRecord, baseUrl: string): Record<string, unknown> {
  return {
    sequence: event.sequence,
    tenant: event.tenant,
    ...toWebhookEvent(event, baseUrl),
    raisedAt: event.raisedAt,
  };
}

function targetView(target: WebhookTargetRecord, delivery: DeliveryStatus | undefined): Record<string, unknown> {
  const view: Record<string, unknown> = { id: target.id, url: target.url };
  if (target.tenant !== undefined) view["tenant"] = target.tenant;
  if (delivery !== undefined) {
    const { targetId: _id, url: _url, tenant: _tenant, ...status } = delivery;
    view["delivery"] = status;
  }
  return view;
}

const deliveryOf = (dispatcher: WebhookDispatcher, id: number): DeliveryStatus | undefined =>
  dispatcher.deliveries().find((status) => status.targetId === id);

/** A completion command of the domain, with where its entity lives and how its status reads. */
interface Completion {
  readonly complete: (context: DomainContext, id: number) => { readonly ok: true } | CommandRefusal;
  readonly statusCodeOf: (store: Store, id: number) => string | undefined;
  readonly statuses: StatusTable;
  readonly apiPath: (id: number) => string;
}

const completions: Readonly<Record<"transfers" | "withdrawals" | "exchanges", Completion>> = {
  transfers: {
    complete: completeTransfer,
    statusCodeOf: (store, id) => store.transfers.get(id)?.StatusCode,
    statuses: transferStatuses,
    apiPath: (id) => locationOf("getTransfer", { id }),
  },
  withdrawals: {
    complete: completeWithdrawal,
    statusCodeOf: (store, id) => store.withdrawals.get(id)?.StatusCode,
    statuses: withdrawalStatuses,
    apiPath: (id) => locationOf("getWithdrawal", { id }),
  },
  exchanges: {
    complete: completeExchange,
    statusCodeOf: (store, id) => store.exchanges.get(id)?.StatusCode,
    statuses: exchangeStatuses,
    apiPath: (id) => locationOf("getExchange", { id }),
  },
};

function completeRoute(kind: keyof typeof completions): ControlRoute {
  const completion = completions[kind];
  return {
    method: "POST",
    path: `${CONTROL_ROOT}/${kind}/{id}/complete`,
    pattern: new RegExp(`^${CONTROL_ROOT}/${kind}/([^/]+)/complete$`),
    run: (call) =>
      noInput(call, () =>
        withParsed(parseId(call.params[0] ?? ""), (id) => {
          const { store, clock, events, dispatcher, baseUrl } = call.deps;
          const outcome = completion.complete({ store, clock, events }, id);
          if (!outcome.ok) {
            const { status, code, message, target } = outcome;
            return { error: { status, code, message, ...(target === undefined ? {} : { target }) } };
          }
          dispatcher.notify();
          const statusCode = completion.statusCodeOf(store, id);
          return json(200, {
            id,
            ...(statusCode === undefined ? {} : { statusCode, status: statusText(completion.statuses, statusCode) }),
            apiUrl: `${baseUrl}${completion.apiPath(id)}`,
          });
        }),
      ),
  };
}

const webhookIdRoute = (
  method: "GET" | "DELETE",
  run: (call: ControlCall, target: WebhookTargetRecord) => ControlResult,
): ControlRoute => ({
  method,
  path: `${CONTROL_ROOT}/webhooks/{id}`,
  pattern: new RegExp(`^${CONTROL_ROOT}/webhooks/([^/]+)$`),
  run: (call) =>
    noInput(call, () =>
      withParsed(parseId(call.params[0] ?? ""), (id) => {
        const target = call.deps.dispatcher.targets().find((row) => row.id === id);
        if (target === undefined)
          return { error: { status: 404, code: "not_found", message: `No webhook target ${id}.`, target: "id" } };
        return run(call, target);
      }),
    ),
});

const routes: readonly ControlRoute[] = [
  {
    method: "GET",
    path: `${CONTROL_ROOT}/`,
    pattern: new RegExp(`^${CONTROL_ROOT}/?$`),
    run: (call) => noInput(call, () => json(200, { routes: routes.map((route) => `${route.method} ${route.path}`) })),
  },
  {
    method: "POST",
    path: `${CONTROL_ROOT}/reset`,
    pattern: new RegExp(`^${CONTROL_ROOT}/reset$`),
    run: (call) =>
      noInput(call, () => {
        call.deps.reset();
        // The re-seeded events are the seed's history, not news: registered targets do not receive them.
        call.deps.dispatcher.skipToLatest();
        call.deps.dispatcher.notify();
        return json(200, { reset: true, clock: clockView(call.deps.clock) });
      }),
  },
  {
    method: "GET",
    path: `${CONTROL_ROOT}/clock`,
    pattern: new RegExp(`^${CONTROL_ROOT}/clock$`),
    run: (call) => noInput(call, () => json(200, clockView(call.deps.clock))),
  },
  {
    method: "POST",
    path: `${CONTROL_ROOT}/clock`,
    pattern: new RegExp(`^${CONTROL_ROOT}/clock$`),
    run: (call) =>
      withParsed(noQuery(call.query), () =>
        withParsed(parseClockChange(call.body), (change) => {
          if (change.kind === "advance") call.deps.clock.advance(change.seconds);
          else call.deps.clock.set(change.date);
          return json(200, clockView(call.deps.clock));
        }),
      ),
  },
  completeRoute("transfers"),
  completeRoute("withdrawals"),
  completeRoute("exchanges"),
  {
    method: "GET",
    path: `${CONTROL_ROOT}/webhooks`,
    pattern: new RegExp(`^${CONTROL_ROOT}/webhooks$`),
    run: (call) =>
      noInput(call, () => {
        const { dispatcher } = call.deps;
        const deliveries = dispatcher.deliveries();
        const targets = dispatcher.targets().map((target) =>
          targetView(
            target,
            deliveries.find((status) => status.targetId === target.id),
          ),
        );
        return json(200, { targets });
      }),
  },
  {
    method: "POST",
    path: `${CONTROL_ROOT}/webhooks`,
    pattern: new RegExp(`^${CONTROL_ROOT}/webhooks$`),
    run: (call) =>
      withParsed(noQuery(call.query), () =>
        withParsed(parseWebhookRegistration(call.body), ({ url, username }) => {
          const { dispatcher, tenantOfUsername, baseUrl } = call.deps;
          const tenant = username === undefined ? undefined : tenantOfUsername(username);
          if (username !== undefined && tenant === undefined) {
            return {
              error: {
                status: 400,
                code: "unknown_username",
                message: `No service user is named ${JSON.stringify(username)}.`,
                target: "username",
              },
            };
          }
          const target = dispatcher.register(url, tenant);
          dispatcher.notify();
          return json(201, targetView(target, deliveryOf(dispatcher, target.id)), {
            location: `${baseUrl}${CONTROL_ROOT}/webhooks/${target.id}`,
          });
        }),
      ),
  },
  webhookIdRoute("GET", (call, target) => json(200, targetView(target, deliveryOf(call.deps.dispatcher, target.id)))),
  webhookIdRoute("DELETE", (call, target) => {
    call.deps.dispatcher.unregister(target.id);
    return json(200, targetView(target, undefined));
  }),
  {
    method: "GET",
    path: `${CONTROL_ROOT}/events`,
    pattern: new RegExp(`^${CONTROL_ROOT}/events$`),
    run: (call) =>
      withParsed(fieldsOf(call.body, []), () =>
        withParsed(parseEventsQuery(call.query), ({ tenant, after }) => {
          const { store, baseUrl } = call.deps;
          const events = store.events
            .filter((event) => event.sequence > after && (tenant === undefined || event.tenant === tenant))
            .sort((a, b) => a.sequence - b.sequence)
            .map((event) => eventView(event, baseUrl));
          return json(200, { events });
        }),
      ),
  },
];

type RouteMatch =
  | { readonly kind: "found"; readonly route: ControlRoute; readonly params: readonly string[] }
  | { readonly kind: "method-not-allowed"; readonly allowed: readonly string[] }
  | { readonly kind: "not-found" };

function matchControlRoute(method: string, pathname: string): RouteMatch {
  const allowed = new Set<string>();
  for (const route of routes) {
    const found = route.pattern.exec(pathname);
    if (found === null) continue;
    if (route.method === method)
      return { kind: "found", route, params: found.slice(1).map((part) => decodePathPart(part ?? "")) };
    allowed.add(route.method);
  }
  return allowed.size > 0 ? { kind: "method-not-allowed", allowed: [...allowed].sort() } : { kind: "not-found" };
}

function decodePathPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part; // malformed escapes stay as they are and fail the id check
  }
}

/** Reads the request's JSON body: undefined when empty, an error for anything but JSON. */
async function readControlBody(request: IncomingMessage): Promise<Parsed<unknown>> {
  const raw = await readRaw(request, MAX_CONTROL_BODY_BYTES);
  if (!Buffer.isBuffer(raw)) return { ok: false, error: raw };
  if (raw.length === 0) return { ok: true, value: undefined };
  const body = await parseBody(raw, request.headers["content-type"], ["application/json"]);
  if (!body.ok) return { ok: false, error: body.error };
  return { ok: true, value: body.body.kind === "json" ? body.body.value : undefined };
}

export async function handleControlRequest(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  deps: ControlDependencies,
): Promise<void> {
  const match = matchControlRoute(request.method ?? "GET", url.pathname);
  if (match.kind !== "found") {
    request.resume();
    if (match.kind === "method-not-allowed") {
      const error: ApiError = {
        status: 405,
        code: "method_not_allowed",
        message: `Use ${match.allowed.join(" or ")} on ${url.pathname}.`,
      };
      return sendError(response, error, { allow: match.allowed.join(", ") });
    }
    return sendError(response, {
      status: 404,
      code: "not_found",
      message: `No control route at ${url.pathname}; GET ${CONTROL_ROOT}/ lists them.`,
    });
  }
  const body = await readControlBody(request);
  if (!body.ok) return sendError(response, body.error);
  const result = match.route.run({ params: match.params, body: body.value, query: url.searchParams, deps });
  if ("error" in result) return sendError(response, result.error);
  sendJson(response, result.status, result.body, result.headers);
}
