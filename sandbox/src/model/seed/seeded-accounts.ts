/** The accounts `seedAccounts` made for one tenant, for the later seeding steps to hang their data on. */
export interface SeededAccounts {
  readonly entityId: number;
  /** The tenant's main multi-currency account (GBP, EUR, USD). */
  readonly primary: number;
  /** A second account of the same entity (transfers move funds between the two). */
  readonly secondary: number;
  /** Subaccounts of the primary account (UltimateOriginator.SubaccountNumber comes from them). */
  readonly subaccounts: readonly number[];
}
