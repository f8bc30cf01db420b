/**
 * What a delivery carries: the reference's event fields with an absolute `ApiUrl` (the spec's
 * `WebhookEventDelivery` item), and which events a target still has to receive.
 */
import type { EventRecord, WebhookTargetRecord } from "../../foundation/state/records.js";

/** One event as the delivery body carries it. */
export interface WebhookEventPayload {
  readonly EntityType: EventRecord["EntityType"];
  readonly EntityId: number;
  readonly Reason: string;
  readonly ApiUrl: string;
}

/** The event with its absolute ApiUrl: at the base URL its command was reached at, else at `baseUrl`. */
export function toWebhookEvent(event: EventRecord, baseUrl: string): WebhookEventPayload {
  return {
    EntityType: event.EntityType,
    EntityId: event.EntityId,
    Reason: event.Reason,
    ApiUrl: `${(event.apiBaseUrl ?? baseUrl).replace(/\/+$/, "")}${event.apiPath}`,
  };
}

/** The events `target` still has to receive, in sequence order. */
export function pendingEvents(
  events: readonly EventRecord[],
  target: WebhookTargetRecord,
  deliveredSequence: number,
): EventRecord[] {
  return events
    .filter(
      (event) => event.sequence > deliveredSequence && (target.tenant === undefined || event.tenant === target.tenant),
    )
    .sort((a, b) => a.sequence - b.sequence);
}
