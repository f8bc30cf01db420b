/**
 * Raising a webhook event records it in the store inside the command that caused it, so an event exists
 * exactly when its command completed (a rejected command raises nothing). Delivery happens afterwards.
 */
import type { SandboxClock } from "../auth/clock.js";
import type { EventRecord, TenantId } from "../state/records.js";
import type { Store } from "../state/store.js";

/** The reasons of the reference's Events table, with the entity type and the API path their ApiUrl points to. */
export const eventReasons = {
  TransferCreated: { entityType: "Transfer", path: (id: number) => `/api/v1/OutboundTransfers(${id})` },
  TransferCompleted: { entityType: "Transfer", path: (id: number) => `/api/v1/OutboundTransfers(${id})` },
  IncomingTransferCompleted: { entityType: "Transfer", path: (id: number) => `/api/v1/InboundTransfers(${id})` },
  TransferCanceled: { entityType: "Transfer", path: (id: number) => `/api/v1/OutboundTransfers(${id})` },
  WithdrawalCreated: { entityType: "Withdrawal", path: (id: number) => `/api/v1/Withdrawals(${id})` },
  WithdrawalCompleted: { entityType: "Withdrawal", path: (id: number) => `/api/v1/Withdrawals(${id})` },
  WithdrawalCanceled: { entityType: "Withdrawal", path: (id: number) => `/api/v1/Withdrawals(${id})` },
} as const satisfies Record<string, { entityType: EventRecord["EntityType"]; path: (id: number) => string }>;

export type EventReason = keyof typeof eventReasons;

export interface EventSink {
  raise(tenant: TenantId, reason: EventReason, entityId: number): EventRecord;
}

export function createEventSink(store: Store, clock: SandboxClock): EventSink {
  return {
    raise(tenant, reason, entityId) {
      const { entityType, path } = eventReasons[reason];
      return store.events.insert({
        sequence: store.nextId("events"),
        tenant,
        EntityType: entityType,
        EntityId: entityId,
        Reason: reason,
        apiPath: path(entityId),
        raisedAt: clock.now().toISOString(),
      });
    },
  };
}
