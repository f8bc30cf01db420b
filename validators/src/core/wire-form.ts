/**
 * The wire form, checked as given: what the API's document says of the JSON a request carries. A lenient reading
 * (`read-table.ts`) takes what people type and hands back the wire form (`gbp` → `GBP`, `12-34-56` → `123456`,
 * `null` or a blank left out); a server reads the request as it came, and the API refuses what its document does
 * not allow. With `wireForm`, a field the lenient reading took is also held to the table's facts as given: a value
 * it had to change to fit them is a `presentation_form` issue, whose `params.wireForm` is what to send instead
 * (none: leave the field out). Only strings (a blank for any type) and `null` can differ so: numbers and booleans
 * are read as they are.
 */
import type { FieldSpec, StringField } from "./field-table.js";
import { issue, type Issue } from "./issue.js";
import { codePointLength, label, type Path } from "./json-fields.js";

const patterns = new Map<string, RegExp>();

/** A table's pattern as JSON Schema reads it: ECMA-262 with the `u` flag, unanchored; compiled once. */
export function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (pattern === undefined) {
    pattern = new RegExp(source, "u");
    patterns.set(source, pattern);
  }
  return pattern;
}

/**
 * The issue of a field whose value as given (`input`) is not what the spec takes, when it was read as `value`;
 * `formatAccepts` is the verdict of the field's custom format on a string as it is.
 */
export function wireFormIssues(
  input: unknown,
  path: Path,
  spec: FieldSpec,
  value: unknown,
  formatAccepts: (text: string) => boolean,
): Issue[] {
  if (input === undefined) return [];
  if (input === null) return spec.nullable === true ? [] : [presentationForm(path, input, value)];
  if (typeof input !== "string" || spec.type === "any") return [];
  // A blank where a number, a boolean, an object or a list goes is "not given" to a form, and no value to the API.
  if (spec.type !== "string") return [presentationForm(path, input, value)];
  // A non-blank text was checked by its format's reader as it is; a blank one was read as "not given".
  const formatTaken = spec.format === undefined || value !== undefined || formatAccepts(input);
  return formatTaken && takesText(input, spec) ? [] : [presentationForm(path, input, value)];
}

/** Whether the spec's enum, const, lengths and pattern take `text` as it is. */
function takesText(text: string, spec: StringField): boolean {
  if (spec.const !== undefined && text !== spec.const) return false;
  if (spec.enum !== undefined && !spec.enum.includes(text)) return false;
  if (spec.minLength !== undefined && codePointLength(text, spec.minLength) < spec.minLength) return false;
  if (spec.maxLength !== undefined && codePointLength(text, spec.maxLength) > spec.maxLength) return false;
  return spec.pattern === undefined || patternOf(spec.pattern).test(text);
}

/** A long text shown in part: enough to recognise it. */
const shown = (text: string): string => (text.length > 64 ? `${text.slice(0, 64)}…` : text);

function presentationForm(path: Path, input: unknown, value: unknown): Issue {
  const given = input === null ? "null" : typeof input === "string" && input.trim() === "" ? "blank" : undefined;
  if (value === undefined || given !== undefined)
    return issue(
      "presentation_form",
      `${label(path)} is ${given ?? "given"} where the API takes a value or none: leave it out.`,
      path,
      { received: input === null ? null : shown(String(input)) },
    );
  return issue(
    "presentation_form",
    `${label(path)} is written ${JSON.stringify(shown(String(input)))}; the API takes ${JSON.stringify(value)}.`,
    path,
    { received: shown(String(input)), wireForm: value },
  );
}
