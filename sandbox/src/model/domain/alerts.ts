/**
 * Exchange-rate alerts: created Active on a pair with a threshold (Limit), holding the pair's mid rate at
 * creation (Rate, ValueDate); cancelling makes them inactive with a CancelledDate. Sandbox rates never move,
 * so no alert is ever notified (NotifiedDate stays empty).
 */
import { validateCreateAlert } from "@account-funds/validators";
import type { AlertRecord, TenantId } from "../../foundation/state/records.js";
import type { DomainContext } from "./context.js";
import { midRateOf, rateValueDate } from "./rates.js";
import { invalidRequest, type InvalidRequest } from "./outcomes.js";
import { requireFields, notFound, noRate, unknownCurrency, type CommandRefusal } from "./refusals.js";

export type AlertOutcome = { readonly ok: true; readonly alert: AlertRecord } | CommandRefusal;

export function alertOf(ctx: DomainContext, tenant: TenantId, id: number): AlertRecord | undefined {
  return ctx.store.owned(ctx.store.alerts, tenant, id);
}

/**
 * POST /Alerts/Create: an active alert; a currency the sandbox does not know, or a pair without a rate, is a 400,
 * and so is a missing currency or Limit (the reference requires none: the sandbox's model needs them).
 */
export function createAlert(ctx: DomainContext, tenant: TenantId, body: unknown): AlertOutcome | InvalidRequest {
  const { store, clock } = ctx;
  const checked = validateCreateAlert(body, { wireForm: true });
  if (!checked.ok) return invalidRequest(checked.issues);
  const needed = requireFields(
    checked.value,
    ["SourceCurrencyCode", "TargetCurrencyCode", "Limit"],
    "an alert watches a pair's rate against a Limit",
  );
  if (!needed.ok) return needed;
  const command = needed.value;
  const { SourceCurrencyCode: source, TargetCurrencyCode: target } = command;
  if (store.currencies.get(source) === undefined) return unknownCurrency(source, "SourceCurrencyCode");
  if (store.currencies.get(target) === undefined) return unknownCurrency(target, "TargetCurrencyCode");
  const rate = midRateOf(store, source, target);
  if (rate === undefined) return noRate(source, target);
  return store.atomically(() => {
    const alert = store.alerts.insert({
      Id: store.nextId("alerts"),
      tenant,
      SourceCurrencyCode: source,
      TargetCurrencyCode: target,
      Limit: command.Limit,
      Rate: rate.MidRate,
      CreatedDate: clock.now().toISOString(),
      ValueDate: rateValueDate(clock),
      Active: true,
    });
    return { ok: true, alert } as const;
  });
}

/**
 * Cancels an alert: Active false and CancelledDate now. The spec answers 200 when "the alert exists and is
 * cancelled", so cancelling a cancelled alert is 200 too and keeps its first CancelledDate.
 */
export function cancelAlert(ctx: DomainContext, tenant: TenantId, id: number): AlertOutcome {
  const alert = alertOf(ctx, tenant, id);
  if (alert === undefined) return notFound(`Alert ${id}`);
  if (!alert.Active) return { ok: true, alert };
  return ctx.store.atomically(() => {
    const cancelled = ctx.store.alerts.update(id, { Active: false, CancelledDate: ctx.clock.now().toISOString() });
    return { ok: true, alert: cancelled } as const;
  });
}
