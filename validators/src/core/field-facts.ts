/**
 * The facts of a field's table (`field-table.ts`) held to a value as read: a text's lengths and pattern, a number's
 * bounds. Whoever read the value (the table's own reader or a request's), the spec's facts apply to the wire form.
 */
import type { NumberField, StringField } from "./field-table.js";
import { issue, type Issue } from "./issue.js";
import { codePointLength, label, type Path } from "./json-fields.js";
import { patternOf } from "./wire-form.js";

/** The table's bounds, on a number as read (an integer's inclusive bounds its reader already holds it to). */
export function boundIssues(value: number, path: Path, spec: NumberField): Issue[] {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = spec;
  const below =
    (minimum !== undefined && value < minimum) || (exclusiveMinimum !== undefined && !(value > exclusiveMinimum));
  const above =
    (maximum !== undefined && value > maximum) || (exclusiveMaximum !== undefined && !(value < exclusiveMaximum));
  if (!below && !above) return [];
  const bounds = [
    minimum === undefined ? undefined : `at least ${minimum}`,
    exclusiveMinimum === undefined ? undefined : `greater than ${exclusiveMinimum}`,
    maximum === undefined ? undefined : `at most ${maximum}`,
    exclusiveMaximum === undefined ? undefined : `less than ${exclusiveMaximum}`,
  ].filter((bound) => bound !== undefined);
  return [
    issue("out_of_range", `${label(path)} must be ${bounds.join(" and ")}.`, path, {
      ...(minimum === undefined ? {} : { minimum }),
      ...(maximum === undefined ? {} : { maximum }),
      ...(exclusiveMinimum === undefined ? {} : { exclusiveMinimum }),
      ...(exclusiveMaximum === undefined ? {} : { exclusiveMaximum }),
      received: value,
    }),
  ];
}

/** The table's lengths and pattern, on a value as read. */
export function textIssues(value: string, path: Path, spec: StringField): Issue[] {
  const found: Issue[] = [];
  if (spec.minLength !== undefined && codePointLength(value, spec.minLength) < spec.minLength)
    found.push(
      issue("too_short", `${label(path)} must be at least ${spec.minLength} characters long.`, path, {
        minimum: spec.minLength,
        actual: codePointLength(value),
      }),
    );
  if (spec.maxLength !== undefined && codePointLength(value, spec.maxLength) > spec.maxLength)
    found.push(
      issue("too_long", `${label(path)} must be at most ${spec.maxLength} characters long.`, path, {
        maximum: spec.maxLength,
        actual: codePointLength(value),
      }),
    );
  if (spec.pattern !== undefined && !patternOf(spec.pattern).test(value))
    found.push(issue("invalid_format", `${label(path)} must match ${spec.pattern}.`, path, { pattern: spec.pattern }));
  return found;
}
