/**
 * The JSON Schema 2020-12 keywords that apply subschemas or conditions to parts of a value: dependentRequired,
 * dependentSchemas, if/then/else, patternProperties, propertyNames, prefixItems, items, contains, additional* and
 * unevaluated*, contentSchema, and a schema replaced whole (`true`, `false`). Setting one narrows what is valid,
 * removing it widens it; a change inside one is compared where it is (a stricter `contains` schema narrows too).
 * Judged per side like every schema change: narrowing breaks a request, widening breaks a response.
 */
import { isJsonObject, resolvePointer } from "@account-funds/generator/json-pointer";
import type { Change, ChangeContext } from "../change.js";
import { consequence, levelOf, presenceDirection, type Direction } from "./direction.js";
import { changed, type Rule, type RuleDocumentation } from "./rule.js";

/** keyword → rule id. */
const families: Readonly<Record<string, string>> = {
  dependentRequired: "dependent-required-changed",
  dependentSchemas: "dependent-schemas-changed",
  if: "conditional-changed",
  then: "conditional-changed",
  else: "conditional-changed",
  patternProperties: "pattern-properties-changed",
  propertyNames: "property-names-changed",
  prefixItems: "prefix-items-changed",
  items: "items-changed",
  additionalItems: "items-changed",
  contains: "contains-changed",
  additionalProperties: "additional-properties-changed",
  unevaluatedProperties: "unevaluated-changed",
  unevaluatedItems: "unevaluated-changed",
  contentSchema: "content-changed",
  contentEncoding: "content-changed",
  contentMediaType: "content-changed",
};

/** dependentRequired: more names required when a property is present narrows; fewer widens. */
function dependentRequiredDirection(before: unknown, after: unknown): Direction {
  const map = (value: unknown): Map<string, Set<string>> =>
    new Map(
      Object.entries(isJsonObject(value) ? value : {}).map(([key, names]) => [
        key,
        new Set(Array.isArray(names) ? names.map(String) : []),
      ]),
    );
  const old = map(before);
  const now = map(after);
  let stricter = false;
  let looser = false;
  for (const key of new Set([...old.keys(), ...now.keys()])) {
    const a = old.get(key) ?? new Set<string>();
    const b = now.get(key) ?? new Set<string>();
    if ([...b].some((name) => !a.has(name))) stricter = true;
    if ([...a].some((name) => !b.has(name))) looser = true;
  }
  return stricter && looser ? "changed" : stricter ? "stricter" : looser ? "looser" : "same";
}

/** Whether the schema holding a prefixItems change also has `items` (which then covers only later positions). */
function itemsBeside(change: Change, context: ChangeContext): boolean {
  const schemaPointer = (pointer: string | undefined): string | undefined =>
    pointer === undefined
      ? undefined
      : change.kind === "changed"
        ? pointer
        : pointer.replace(/\/prefixItems\/\d+$/, "");
  const held = (document: unknown, pointer: string | undefined): boolean => {
    const schema = pointer === undefined ? undefined : resolvePointer(document, pointer);
    return isJsonObject(schema) && schema["items"] !== undefined;
  };
  return (
    held(context.revision, schemaPointer(change.revisionPointer)) ||
    held(context.base, schemaPointer(change.basePointer))
  );
}

function direction(change: Change, keyword: string, context: ChangeContext): Direction {
  if (keyword === "dependentRequired") return dependentRequiredDirection(change.before, change.after);
  if (keyword === "if" || keyword === "contentEncoding" || keyword === "contentMediaType") return "changed";
  if (keyword === "prefixItems" && itemsBeside(change, context)) return "changed";
  if (change.kind !== "changed") return change.kind === "added" ? "stricter" : "looser";
  const open = (value: unknown): unknown => (value === true ? undefined : value);
  if (change.after === false && change.before !== false) return "stricter";
  if (change.before === false) return open(change.after) === undefined ? "looser" : "changed";
  return presenceDirection(open(change.before), open(change.after));
}

export const applicatorsRule: Rule = {
  name: "applicators",
  classify({ change, context, subject }) {
    if (change.node !== "schema") return undefined;
    if (change.property === undefined && change.kind === "changed") {
      const d = presenceDirection(
        change.before === true ? undefined : change.before,
        change.after === true ? undefined : change.after,
      );
      const dir: Direction = change.after === false ? "stricter" : change.before === false ? "looser" : d;
      return [
        {
          rule: "schema-replaced",
          level: levelOf(dir, change),
          message: `The schema ${subject} ${changed(change.before, change.after)}: ${consequence(dir, change)}.`,
        },
      ];
    }
    const keyword = change.kind === "changed" ? (change.property ?? "") : (change.detail.keyword ?? "");
    const rule = families[keyword];
    if (rule === undefined) return undefined;
    const dir = direction(change, keyword, context);
    const what =
      change.kind === "changed"
        ? `\`${keyword}\` of ${subject} ${changed(change.before, change.after)}`
        : `A \`${keyword}\` entry of ${subject} was ${change.kind}`;
    if (dir === "same") return [{ rule, level: "info", message: `${what}; the values it allows are the same.` }];
    return [{ rule, level: levelOf(dir, change), message: `${what}: ${consequence(dir, change)}.` }];
  },
};

const perSide = "breaking when it narrows a request or widens a response";

export const applicatorsRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "dependent-required-changed",
    side: "per side",
    level: perSide,
    basis: "names required when a property is present: more narrows, fewer widens",
    oasdiff: "request-*-dependent-required-added/-changed (ERR), response-*-dependent-required-removed/-changed (ERR)",
  },
  {
    rule: "dependent-schemas-changed",
    side: "per side",
    level: perSide,
    basis: "a schema applied when a property is present: added narrows, removed widens",
    oasdiff: "request-*-dependent-schema-added, response-*-dependent-schema-removed (ERR)",
  },
  {
    rule: "conditional-changed",
    side: "per side",
    level: perSide + "; a changed `if` breaks both",
    basis: "then/else added narrow, removed widen; a new or changed `if` moves which values they apply to",
    oasdiff: "request-*-if/then/else-added, response-*-if/then/else-removed (ERR)",
  },
  {
    rule: "pattern-properties-changed",
    side: "per side",
    level: perSide,
    basis: "a pattern's schema added narrows the properties it matches, removed widens",
    oasdiff: "request-*-pattern-property-added, response-*-pattern-property-removed (ERR)",
  },
  {
    rule: "property-names-changed",
    side: "per side",
    level: perSide,
    basis: "a schema every property name must match",
    oasdiff: "request-*-property-names-added, response-*-property-names-removed (ERR)",
  },
  {
    rule: "prefix-items-changed",
    side: "per side",
    level: perSide + "; with `items` beside it, both",
    basis: "positional item schemas; beside `items` they take positions out of its reach (2020-12)",
    oasdiff: "request-*-prefix-items-removed, response-*-prefix-items-added (ERR), request-*-prefix-items-added (INFO)",
    differs:
      "stricter for prefixItems added to a request beside `items`: position 0 was a string, now must be an integer",
  },
  {
    rule: "items-changed",
    side: "per side",
    level: perSide,
    basis: "the schema of array items set, removed or closed (`false`)",
    oasdiff: "through the items' own checks",
  },
  {
    rule: "contains-changed",
    side: "per side",
    level: perSide,
    basis: "a schema some items must match (minContains/maxContains are bounds: schema-constraint-changed)",
    oasdiff: "request-*-contains-added, response-*-contains-removed (ERR)",
  },
  {
    rule: "additional-properties-changed",
    side: "per side",
    level: perSide,
    basis: "`false` or a schema for the properties not listed",
    oasdiff: "through the properties' own checks",
  },
  {
    rule: "unevaluated-changed",
    side: "per side",
    level: perSide,
    basis: "unevaluatedProperties / unevaluatedItems: `false` or a schema for what no other keyword evaluated",
    oasdiff: "request-*-unevaluated-*-added, response-*-unevaluated-*-removed (ERR)",
  },
  {
    rule: "content-changed",
    side: "per side",
    level: "breaking on both sides for contentEncoding/contentMediaType; " + perSide + " for contentSchema",
    basis: "the encoding and media type of a string are its wire format",
    oasdiff: "*-content-encoding-changed, *-content-media-type-changed (ERR), request-*-content-schema-added (ERR)",
  },
  {
    rule: "schema-replaced",
    side: "per side",
    level: perSide,
    basis: "a schema replaced whole by `true` or `false`",
    oasdiff: "not compared",
  },
];
