import { describe, expect, it } from "vitest";
import { createSandboxClock } from "../../../src/foundation/clock.js";
import { alertOf, cancelAlert, createAlert } from "../../../src/model/domain/alerts.js";
import type { DomainContext } from "../../../src/model/domain/context.js";
import { midRateOf } from "../../../src/model/domain/rates.js";
import { emptyState } from "../../../src/foundation/state/tables.js";
import { seedReferenceData } from "../../../src/model/seed/reference-data.js";
import type { AlertRecord } from "../../../src/foundation/state/records.js";
import { Store } from "../../../src/foundation/state/store.js";
import { createEventSink } from "../../../src/model/webhooks/event-sink.js";

function fixture(): { ctx: DomainContext; store: Store } {
  const store = new Store(emptyState());
  const clock = createSandboxClock(new Date("2025-03-10T09:00:00Z"));
  seedReferenceData(store);
  return { ctx: { store, clock, events: createEventSink(store, clock) }, store };
}

const snapshot = (store: Store) => {
  const { nextId: _ignored, ...rest } = store.toJSON();
  return JSON.stringify(rest);
};

function created(ctx: DomainContext, tenant: string): AlertRecord {
  const outcome = createAlert(ctx, tenant, { SourceCurrencyCode: "GBP", TargetCurrencyCode: "USD", Limit: 1.3 });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return outcome.alert;
}

describe("createAlert", () => {
  it("creates an Active alert holding the pair's current mid rate", () => {
    const { ctx, store } = fixture();
    const alert = created(ctx, "demo");
    expect(alert).toMatchObject({
      tenant: "demo",
      SourceCurrencyCode: "GBP",
      TargetCurrencyCode: "USD",
      Limit: 1.3,
      Rate: midRateOf(store, "GBP", "USD")?.MidRate,
      Active: true,
      ValueDate: "2025-03-10T00:00:00.000Z",
    });
    expect(alert.CancelledDate).toBeUndefined();
    expect(alert.NotifiedDate).toBeUndefined();
  });

  it("refuses an invalid body, an unknown currency and a pair without a rate, changing nothing", () => {
    const { ctx, store } = fixture();
    const before = snapshot(store);
    expect(
      createAlert(ctx, "demo", { SourceCurrencyCode: "GBP", TargetCurrencyCode: "USD", Limit: "1" }),
    ).toMatchObject({ ok: false, status: 400, issues: [{ path: ["Limit"] }] });
    // The reference requires no field of the alert; the sandbox needs a pair and a Limit to watch (its own rule).
    expect(createAlert(ctx, "demo", { SourceCurrencyCode: "GBP", TargetCurrencyCode: "USD" })).toMatchObject({
      ok: false,
      status: 400,
      code: "required",
      target: "Limit",
    });
    expect(createAlert(ctx, "demo", { SourceCurrencyCode: "SEK", TargetCurrencyCode: "USD", Limit: 1 })).toMatchObject({
      ok: false,
      status: 400,
      target: "SourceCurrencyCode",
    });
    expect(createAlert(ctx, "demo", { SourceCurrencyCode: "NGN", TargetCurrencyCode: "JPY", Limit: 1 })).toMatchObject({
      ok: false,
      status: 400,
      code: "no_rate",
    });
    expect(snapshot(store)).toBe(before);
  });
});

describe("cancelAlert", () => {
  it("makes the alert inactive with a CancelledDate", () => {
    const { ctx } = fixture();
    const alert = created(ctx, "demo");
    ctx.clock.advance(60);
    const outcome = cancelAlert(ctx, "demo", alert.Id);
    expect(outcome).toMatchObject({ ok: true, alert: { Active: false } });
    // The sandbox clock keeps running from the time it was moved to.
    expect(Date.parse((outcome.ok && outcome.alert.CancelledDate) || "")).toBeGreaterThanOrEqual(
      Date.parse("2025-03-10T09:01:00Z"),
    );
  });

  it("cancelling a cancelled alert answers ok (it exists and is cancelled) and keeps its CancelledDate", () => {
    const { ctx, store } = fixture();
    const alert = created(ctx, "demo");
    cancelAlert(ctx, "demo", alert.Id);
    const before = snapshot(store);
    ctx.clock.advance(60);
    expect(cancelAlert(ctx, "demo", alert.Id)).toMatchObject({ ok: true, alert: { Active: false } });
    expect(snapshot(store)).toBe(before);
  });

  it("another tenant's alert is not found, and stays active", () => {
    const { ctx } = fixture();
    const theirs = created(ctx, "other");
    expect(alertOf(ctx, "demo", theirs.Id)).toBeUndefined();
    expect(cancelAlert(ctx, "demo", theirs.Id)).toMatchObject({ ok: false, status: 404 });
    expect(alertOf(ctx, "other", theirs.Id)?.Active).toBe(true);
  });
});
