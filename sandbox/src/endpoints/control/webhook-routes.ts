/**
 * The control API's webhook routes: registered targets with their delivery status, and the dead-letter list
 * (batches given up after the retry limits) with replay, one or all, and discard.
 */
import type { WebhookDeadLetterRecord, WebhookTargetRecord } from "../../foundation/state/records.js";
import type { DeliveryStatus, WebhookDispatcher } from "../../model/webhooks/dispatcher.js";
import {
  CONTROL_ROOT,
  eventView,
  json,
  noInput,
  withParsed,
  type ControlCall,
  type ControlResult,
  type ControlRoute,
} from "./control-route.js";
import { noQuery, parseId, parseReplayAll, parseWebhookRegistration } from "./input.js";

export function targetView(target: WebhookTargetRecord, delivery: DeliveryStatus | undefined): Record<string, unknown> {
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

/**
 * A route on one record by its id in the path: the id checked, the record looked up (404 when there is none),
 * then `run`. No query or body.
 */
function recordRoute<R>(
  route: { readonly method: ControlRoute["method"]; readonly path: string },
  find: (call: ControlCall, id: number) => R | undefined,
  what: string,
  run: (call: ControlCall, record: R) => ControlResult,
): ControlRoute {
  return {
    ...route,
    run: (call) =>
      noInput(call, () =>
        withParsed(parseId(call.params["id"] ?? ""), (id) => {
          const record = find(call, id);
          if (record === undefined)
            return { error: { status: 404, code: "not_found", message: `No ${what} ${id}.`, target: "id" } };
          return run(call, record);
        }),
      ),
  };
}

const webhookIdRoute = (
  method: "GET" | "DELETE",
  run: (call: ControlCall, target: WebhookTargetRecord) => ControlResult,
): ControlRoute =>
  recordRoute(
    // `failed` is the dead-letter list, not a target id: the router gives a path to its most literal template.
    { method, path: `${CONTROL_ROOT}/webhooks/{id}` },
    (call, id) => call.deps.dispatcher.targets().find((row) => row.id === id),
    "webhook target",
    run,
  );

function deadLetterView(letter: WebhookDeadLetterRecord, baseUrl: string): Record<string, unknown> {
  const { events, replayRequestedAt, ...rest } = letter;
  return {
    ...rest,
    replayQueued: replayRequestedAt !== undefined,
    ...(replayRequestedAt === undefined ? {} : { replayRequestedAt }),
    events: events.map((event) => eventView(event, baseUrl)),
  };
}

const deadLetterIdRoute = (
  method: "POST" | "DELETE",
  suffix: string,
  run: (call: ControlCall, letter: WebhookDeadLetterRecord) => ControlResult,
): ControlRoute =>
  recordRoute(
    { method, path: `${CONTROL_ROOT}/webhooks/failed/{id}${suffix}` },
    (call, id) => call.deps.dispatcher.deadLetters().find((row) => row.id === id),
    "dead letter",
    run,
  );

export const webhookRoutes: readonly ControlRoute[] = [
  {
    method: "GET",
    path: `${CONTROL_ROOT}/webhooks`,
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
    path: `${CONTROL_ROOT}/webhooks/failed`,
    run: (call) =>
      noInput(call, () =>
        json(200, {
          failed: call.deps.dispatcher.deadLetters().map((letter) => deadLetterView(letter, call.deps.baseUrl)),
        }),
      ),
  },
  {
    method: "POST",
    path: `${CONTROL_ROOT}/webhooks/failed/replay`,
    run: (call) =>
      withParsed(noQuery(call.query), () =>
        withParsed(parseReplayAll(call.body), ({ targetId }) =>
          json(202, { queued: call.deps.dispatcher.replayAll(targetId) }),
        ),
      ),
  },
  deadLetterIdRoute("POST", "/replay", (call, letter) => {
    const outcome = call.deps.dispatcher.replay(letter.id);
    if (outcome === "target-gone") {
      return {
        error: {
          status: 409,
          code: "target_gone",
          message: `Webhook target ${letter.targetId} of dead letter ${letter.id} is no longer registered; nothing to replay to.`,
          target: "id",
        },
      };
    }
    return json(202, { id: letter.id, queued: true });
  }),
  deadLetterIdRoute("DELETE", "", (call, letter) => {
    call.deps.dispatcher.discard(letter.id);
    return json(200, deadLetterView(letter, call.deps.baseUrl));
  }),
];
