/**
 * A transfer or withdrawal that a command may still move (approve, reject, cancel, complete): it exists for the
 * tenant (404 otherwise, the reference's "does not exist, or you have no permission" wording) and is not in a final
 * status (410 Gone, as the spec's assumed transitions say).
 */
import type { TenantId } from "../state/records.js";
import type { Store } from "../state/store.js";
import type { Table } from "../state/table.js";
import type { DomainContext } from "./context.js";
import { finalPaymentStatuses, statusText, type StatusTable } from "./statuses.js";
import { type CommandRefusal, refuse } from "./outcomes.js";

interface Payment {
  readonly tenant: TenantId;
  readonly StatusCode: string;
}

/** A kind of payment: its name in messages, its table in the store, its status texts. */
export interface PaymentKind<P extends Payment> {
  readonly noun: string;
  readonly table: (store: Store) => Table<P>;
  readonly statuses: StatusTable;
}

/** `tenant` undefined: any tenant's (the control API completing a payment). */
export function movablePayment<P extends Payment>(
  ctx: DomainContext,
  kind: PaymentKind<P>,
  tenant: TenantId | undefined,
  id: number,
  verb: string,
): P | CommandRefusal {
  const { noun, statuses } = kind;
  const table = kind.table(ctx.store);
  const payment = tenant === undefined ? table.get(id) : ctx.store.owned(table, tenant, id);
  if (payment === undefined)
    return refuse(404, "not_found", `${noun} ${id} does not exist, or you have no permission to view it.`);
  if (finalPaymentStatuses.includes(payment.StatusCode)) {
    return refuse(
      410,
      "gone",
      `${noun} ${id} is ${statusText(statuses, payment.StatusCode)} and can no longer be ${verb}.`,
    );
  }
  return payment;
}
