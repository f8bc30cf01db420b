/**
 * What a form library does with any Standard Schema v1 schema (https://standardschema.dev): call
 * `schema["~standard"].validate(value)`, await it if it returns a promise, and file each issue's message under
 * its path. Nothing here knows about Account Funds: react-hook-form's `standardSchemaResolver` or TanStack
 * Form's validators do the same, so they would take the validators unchanged.
 */
import type { StandardSchemaV1 } from "@account-funds/validators";

/** Messages by field key (`pathKey` of the issue's path); `""` is the value itself. */
export type FieldErrors = ReadonlyMap<string, readonly string[]>;

export type Validation<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: FieldErrors };

type Segment = PropertyKey | StandardSchemaV1.PathSegment;

/** `["PaymentRouting", "Iban"]` → `"PaymentRouting.Iban"`; segments may be keys or `{ key }` objects. */
export function pathKey(path: readonly Segment[]): string {
  return path.map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".");
}

export async function validate<T>(schema: StandardSchemaV1<unknown, T>, value: unknown): Promise<Validation<T>> {
  const result = await schema["~standard"].validate(value);
  if (result.issues === undefined) return { ok: true, value: result.value };
  const errors = new Map<string, string[]>();
  for (const issue of result.issues) {
    const key = pathKey(issue.path ?? []);
    errors.set(key, [...(errors.get(key) ?? []), issue.message]);
  }
  return { ok: false, errors };
}
