/**
 * One form field: where its value goes in the request body (and so where the validators report its issues),
 * how it is labelled, and, for bank identifiers, the identifier's own validator to show its normalised value.
 */
import type { StandardSchemaV1 } from "@account-funds/validators";

export type FieldPath = readonly (string | number)[];

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

export interface FieldSpec {
  /** The field's place in the request body, e.g. `["PaymentRouting", "Iban"]`. */
  readonly path: FieldPath;
  readonly label: string;
  readonly hint?: string;
  /** A select with these options (the first one is usually the empty choice); a text input otherwise. */
  readonly options?: readonly SelectOption[];
  readonly autocomplete?: string;
  /** Shows the value back normalised: the identifier's Standard Schema, then an optional print form. */
  readonly normalise?: Normaliser;
}

export interface Normaliser {
  readonly schema: StandardSchemaV1<unknown, string>;
  readonly print?: (value: string) => string;
}

/** A field of a section whose path prefix is added later (the routing fields under `PaymentRouting`). */
export type FieldTemplate = Omit<FieldSpec, "path">;
