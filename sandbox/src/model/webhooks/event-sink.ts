/**
 * Raising a webhook event records it in the store inside the command that caused it, so an event exists
 * exactly when its command completed (a rejected command raises nothing). Delivery happens afterwards.
 */
import type { SandboxClock } from "../../foundation/clock.js";
import { locationOf } from "../../foundation/http/operation-path.js";
import type { EventRecord, TenantId } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";

const outbound = (id: number): string => locationOf("getOutboundTransfer", { id });
const inbound = (id: number): string => locationOf("getInboundTransfer", { id });
const withdrawal = (id: number): string => locationOf("getWithdrawal", { id });

/** The reasons of the reference's Events table, with the entity type and the API path their ApiUrl points to. */
export const eventReasons = {
  TransferCreated: { entityType: "Transfer", path: outbound },
  TransferCompleted: { entityType: "Transfer", path: outbound },
  IncomingTransferCompleted: { entityType: "Transfer", path: inbound },
  TransferCanceled: { entityType: "Transfer", path: outbound },
  WithdrawalCreated: { entityType: "Withdrawal", path: withdrawal },
  WithdrawalCompleted: { entityType: "Withdrawal", path: withdrawal },
  WithdrawalCanceled: { entityType: "Withdrawal", path: withdrawal },
} as const satisfies Record<string, { entityType: EventRecord["EntityType"]; path: (id: number) => string }>;

export type EventReason = keyof typeof eventReasons;

export interface EventSink {
  raise(tenant: TenantId, reason: EventReason, entityId: number): EventRecord;
}

/**
 * The sink of the commands of requests that reached the API at `apiBaseUrl` (through a proxy, or by another host
 * name than the sandbox's own): their events' ApiUrls start there. Without it, at the dispatcher's base URL.
 */
export function createEventSink(store: Store, clock: SandboxClock, apiBaseUrl?: string): EventSink {
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
        ...(apiBaseUrl === undefined ? {} : { apiBaseUrl }),
        raisedAt: clock.now().toISOString(),
      });
    },
  };
}
