/**
 * The seeded sandbox: reference data, then two service users (tenants) with coherent data: entities, accounts
 * and subaccounts, balances in several currencies with statements that sum to them, beneficiaries, deposits,
 * depositors, exchanges, alerts, transfers and withdrawals. Seeding runs through the same domain functions as
 * the API, so the seeded state obeys the same invariants.
 */
import type { SandboxClock } from "../../foundation/clock.js";
import { emptyState } from "../../foundation/state/tables.js";
import { Store } from "../../foundation/state/store.js";
import { seedReferenceData } from "./reference-data.js";
import { seedAccounts } from "./accounts.js";
export type { SeededAccounts } from "./seeded-accounts.js";
import { seedActivity } from "./activity.js";
import { seedPayments } from "./payments.js";

/** The tenants the sandbox seeds; their ids are the service users' ids (`auth/credentials.ts`). */
export const seededTenants = ["demo", "other"] as const;

export function seedStore(clock: SandboxClock): Store {
  const store = new Store(emptyState());
  seedReferenceData(store);
  for (const [index, tenant] of seededTenants.entries()) {
    const accounts = seedAccounts(store, clock, tenant, index);
    seedActivity(store, clock, tenant, accounts);
    seedPayments(store, clock, tenant, accounts);
  }
  return store;
}
