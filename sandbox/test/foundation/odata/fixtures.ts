// A withdrawal-like entity shape and rows shared by the OData query tests.

import type { EntityShape } from "../../../src/foundation/odata/index.js";

export const shape: EntityShape = {
  properties: {
    Id: "integer",
    AccountId: "integer",
    CurrencyCode: "string",
    Amount: "number",
    IsCrossCurrency: "boolean",
    CreatedDate: "date-time",
    StatusCode: "string",
    Reference: "string",
    Beneficiary: { properties: { Name: "string", Address: { properties: { City: "string" } } } },
    Fees: "array",
    Extra: "object",
  },
  key: ["Id"],
};

export interface Row {
  readonly Id: number;
  readonly AccountId?: number | null;
  readonly CurrencyCode?: string | null;
  readonly Amount?: number | null;
  readonly IsCrossCurrency?: boolean | null;
  readonly CreatedDate?: string | null;
  readonly StatusCode?: string | null;
  readonly Reference?: string | null;
  readonly Beneficiary?: {
    readonly Name?: string | null;
    readonly Address?: { readonly City?: string | null } | null;
  } | null;
  readonly Fees?: readonly unknown[] | null;
  readonly Extra?: unknown;
}

export const rows: readonly Row[] = [
  {
    Id: 1,
    AccountId: 2001,
    CurrencyCode: "EUR",
    Amount: 100,
    IsCrossCurrency: false,
    CreatedDate: "2024-01-15T10:00:00Z",
    StatusCode: "C",
    Reference: "O'Brien rent",
    Beneficiary: { Name: "Alice Smith", Address: { City: "Paris" } },
    Fees: [],
  },
  {
    Id: 2,
    AccountId: 2001,
    CurrencyCode: "GBP",
    Amount: 250.5,
    IsCrossCurrency: true,
    // The same instant as row 1, written with another offset.
    CreatedDate: "2024-01-15T12:00:00+02:00",
    StatusCode: "P",
    Reference: "Invoice 42",
    Beneficiary: { Name: "bob jones", Address: null },
  },
  {
    Id: 3,
    AccountId: 2002,
    CurrencyCode: "EUR",
    Amount: null,
    IsCrossCurrency: null,
    CreatedDate: null,
    StatusCode: "R",
    Reference: "  spaced  ",
    Beneficiary: null,
  },
  {
    Id: 4,
    AccountId: 2002,
    CurrencyCode: "USD",
    Amount: 0,
    IsCrossCurrency: false,
    CreatedDate: "2023-12-31T23:59:59.999Z",
    StatusCode: "C",
    Reference: "100% done",
    Beneficiary: { Name: "ALICE", Address: { City: "Berlin" } },
  },
  {
    Id: 5,
    AccountId: 2003,
    CurrencyCode: null,
    Amount: -20,
    IsCrossCurrency: true,
    CreatedDate: "2024-02-29T00:00:00Z",
    StatusCode: "X",
    Reference: "",
  },
];

/** A string as an OData string literal: single quotes doubled. */
export function quote(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
