/** A state with no records: what a Store starts from before seeding, and what unit tests build on. */
import type { SandboxState } from "./records.js";

export function emptyState(): SandboxState {
  return {
    version: 1,
    nextId: {},
    entities: [],
    accounts: [],
    balances: [],
    statementItems: [],
    transferBeneficiaries: [],
    beneficiaries: [],
    transfers: [],
    withdrawals: [],
    exchanges: [],
    alerts: [],
    deposits: [],
    depositors: [],
    jobs: [],
    currencies: [],
    countries: [],
    sectors: [],
    paymentPurposes: [],
    rates: [],
    events: [],
    webhookTargets: [],
    webhookCursors: [],
    webhookDeadLetters: [],
  };
}
