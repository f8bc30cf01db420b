/**
 * The TypeScript names of the component schemas' named types (`schemas.ts`). A schema name that is an identifier
 * and no reserved type name keeps it (`AccountDto`); any other is made into one, deterministically: its words in
 * PascalCase, inner capitals kept (`workflow-run` → `WorkflowRun`, `account.v2_balance` → `AccountV2Balance`), a
 * leading digit or a reserved name prefixed or suffixed (`1-day` → `_1Day`, `string` → `StringSchema`). A made-up
 * name never takes a name the spec uses as is; two made-up names that meet are numbered in the order of the
 * (sorted) schema names: `WorkflowRun`, `WorkflowRun2`. The spec's own name stays the key of `components["schemas"]`
 * and is shown beside the type in its documentation.
 */
const identifier = /^[A-Za-z_$][\w$]*$/;

/**
 * Names a type alias cannot have (TypeScript's predefined types, ECMAScript's reserved words), and the names
 * `types.ts` declares beside the schemas' types (openapi-typescript's interfaces and its `WithRequired` helper).
 */
const reservedNames = new Set([
  ..."break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await type".split(
    " ",
  ),
  "any",
  "bigint",
  "boolean",
  "never",
  "number",
  "object",
  "string",
  "symbol",
  "undefined",
  "unknown",
  "void",
  "components",
  "paths",
  "operations",
  "webhooks",
  "$defs",
  "WithRequired",
]);

/** Schema name → type name, for every name given. */
export function typeNames(names: readonly string[]): Map<string, string> {
  const result = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of names) {
    if (identifier.test(name) && !reservedNames.has(name)) {
      result.set(name, name);
      taken.add(name);
    }
  }
  for (const name of [...names].sort()) {
    if (result.has(name)) continue;
    const base = madeUpName(name);
    let candidate = base;
    for (let index = 2; taken.has(candidate); index++) candidate = `${base}${index}`;
    result.set(name, candidate);
    taken.add(candidate);
  }
  return result;
}

function madeUpName(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
  const pascal = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
  if (pascal === "") return "Schema";
  if (/^[0-9]/.test(pascal)) return `_${pascal}`;
  return reservedNames.has(pascal.toLowerCase()) || reservedNames.has(pascal) ? `${pascal}Schema` : pascal;
}
