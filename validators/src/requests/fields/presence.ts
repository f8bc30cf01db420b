/**
 * What a request's fields warn about beyond the spec, as field readers (`core/read-table.ts`): a field the
 * reference does not mark required but a request can hardly do without (`recommended`), and an amount that is
 * not above 0 (the reference states no bound, so it is valid and sent; the user is told nothing can be moved).
 * Warnings only: what the spec requires is an error by its table, never by these.
 */
import { readDecimal, type PresenceOptions } from "../../core/json-fields.js";
import type { FieldReader } from "../../core/read-table.js";

/** The field's standard reading; an empty value is a `recommended` warning whose message ends with `why`. */
export function recommended(why: string): FieldReader {
  return (_input, _path, reading) => reading.standard({ recommended: why });
}

/** A decimal amount, with a warning when it is not greater than 0; `recommended` as above when given. */
export function positiveAmount(options: Pick<PresenceOptions, "recommended"> = {}): FieldReader {
  return (input, path, reading) =>
    readDecimal(input, path, {
      ...options,
      ...(reading.spec.required === true ? { required: true } : {}),
      positive: true,
    });
}
