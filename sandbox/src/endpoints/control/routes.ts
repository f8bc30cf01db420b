/**
 * The sandbox-only control API under `/_sandbox/`, kept out of the public spec: health, reset to the seed, a
 * snapshot of the state (`snapshot-route.ts`), read and move the clock, complete transfers, withdrawals and exchanges (which the real service does on its own), register
 * webhook targets, see and replay dead-lettered deliveries (`webhook-routes.ts`) and read the raised events. It
 * is the operator's: no token, and it listens only where the server binds (loopback by default). JSON in and
 * out; errors are `{ error: { code, message, target? } }`; a change the data file refuses is 503.
 */
import type { SandboxClock } from "../../foundation/clock.js";
import type { DomainContext } from "../../model/domain/context.js";
import { completeExchange } from "../../model/domain/exchanges.js";
import {
  exchangeStatuses,
  statusText,
  transferStatuses,
  withdrawalStatuses,
  type StatusTable,
} from "../../model/domain/statuses.js";
import { completeTransfer } from "../../model/domain/transfers.js";
import { completeWithdrawal } from "../../model/domain/withdrawals.js";
import { parseBody } from "../../foundation/http/body.js";
import { discardBody, readBody, type BodyLimits } from "../../foundation/http/body-reader.js";
import { notRouted } from "../../foundation/http/not-routed.js";
import { locationOf } from "../../foundation/http/operation-path.js";
import { errorResponse, jsonResponse } from "../../foundation/http/responses.js";
import { compileRoutes, matchRoute } from "../../foundation/http/router.js";
import type { Store } from "../../foundation/state/store.js";
import { StoreWriteError, storageUnavailable } from "../../foundation/state/store-write-error.js";
import {
  CONTROL_ROOT,
  eventView,
  json,
  noInput,
  withParsed,
  type ControlDependencies,
  type ControlResult,
  type ControlRoute,
} from "./control-route.js";
import { fieldsOf, noQuery, parseClockChange, parseEventsQuery, parseId, type Parsed } from "./input.js";
import { snapshotRoute } from "./snapshot-route.js";
import { webhookRoutes } from "./webhook-routes.js";
import { HEALTH_PATH } from "../../foundation/http/start-gate.js";
import { type CommandRefusal } from "../../model/domain/refusals.js";

export type { ControlDependencies } from "./control-route.js";

const MAX_CONTROL_BODY_BYTES = 64 * 1024;

function clockView(clock: SandboxClock): { now: string; nowSeconds: number } {
  return { now: clock.now().toISOString(), nowSeconds: clock.nowSeconds() };
}

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
    run: (call) =>
      noInput(call, () =>
        withParsed(parseId(call.params["id"] ?? ""), (id) => {
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

const routes: readonly ControlRoute[] = [
  {
    method: "GET",
    path: `${CONTROL_ROOT}/`,
    run: (call) => noInput(call, () => json(200, { routes: routes.map((route) => `${route.method} ${route.path}`) })),
  },
  // Served once the core stands; while it starts, the server answers this path itself with 503 (`http/start-gate.ts`).
  {
    method: "GET",
    path: HEALTH_PATH,
    run: (call) => noInput(call, () => json(200, { status: "ready" }, { "cache-control": "no-store" })),
  },
  snapshotRoute,
  {
    method: "POST",
    path: `${CONTROL_ROOT}/reset`,
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
    run: (call) => noInput(call, () => json(200, clockView(call.deps.clock))),
  },
  {
    method: "POST",
    path: `${CONTROL_ROOT}/clock`,
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
  ...webhookRoutes,
  {
    method: "GET",
    path: `${CONTROL_ROOT}/events`,
    run: (call) =>
      withParsed(fieldsOf(call.body, []), () =>
        withParsed(parseEventsQuery(call.query), ({ tenant: given, after }) => {
          const { store, baseUrl, tenantOfUsername } = call.deps;
          // `tenant` is a service user's id ("demo") or the username registration takes ("demo@example.com").
          const tenant = given === undefined ? undefined : (tenantOfUsername(given) ?? given);
          const events = store.events
            .filter((event) => event.sequence > after && (tenant === undefined || event.tenant === tenant))
            .sort((a, b) => a.sequence - b.sequence)
            .map((event) => eventView(event, baseUrl));
          return json(200, { events });
        }),
      ),
  },
];

const router = compileRoutes(routes);

/** Reads the request's JSON body: undefined when empty, an error for anything but JSON (or JSON over the limits). */
async function readControlBody(request: Request, limits: BodyLimits): Promise<Parsed<unknown>> {
  const raw = await readBody(request, { ...limits, maxBytes: MAX_CONTROL_BODY_BYTES });
  if (!raw.ok) return { ok: false, error: raw.error };
  if (raw.bytes.length === 0) return { ok: true, value: undefined };
  const structure = { maxDepth: limits.maxJsonDepth, maxMembers: limits.maxJsonMembers };
  const body = await parseBody(raw.bytes, request.headers.get("content-type"), ["application/json"], structure);
  if (!body.ok) return { ok: false, error: body.error };
  return { ok: true, value: body.body.kind === "json" ? body.body.value : undefined };
}

export async function handleControlRequest(
  request: Request,
  url: URL,
  deps: ControlDependencies,
  limits: BodyLimits,
): Promise<Response> {
  const match = matchRoute(router, request.method, url.pathname);
  if (match.kind !== "found") {
    discardBody(request);
    const { error, headers } = notRouted(match, url.pathname, `GET ${CONTROL_ROOT}/ lists the control routes.`);
    return errorResponse(error, headers);
  }
  const body = await readControlBody(request, limits);
  if (!body.ok) return errorResponse(body.error);
  let result: ControlResult;
  try {
    result = match.operation.run({ params: match.pathParameters, body: body.value, query: url.searchParams, deps });
  } catch (error) {
    if (!(error instanceof StoreWriteError)) throw error;
    const unavailable = storageUnavailable(error);
    return jsonResponse(unavailable.status, unavailable.body, unavailable.headers);
  }
  if ("error" in result) return errorResponse(result.error);
  if ("bytes" in result) return new Response(result.bytes, { status: result.status, headers: result.headers });
  return jsonResponse(result.status, result.body, result.headers);
}
