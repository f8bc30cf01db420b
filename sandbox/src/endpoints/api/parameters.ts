/**
 * Turns the URL's text into the typed parameters the spec declares and checks them with the spec's schemas.
 * OData system options (`$filter`, ...) are typed here too; their meaning is checked by `odata/`.
 */
import type { ApiError } from "../../foundation/http/api-error.js";
import type { OperationContract, ParameterSpec } from "./contract.js";

/** The parameters converted to their scalar types and checked; the pipeline gives handlers a typed view of them. */
export interface RequestParameters {
  readonly path: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
}

/** Text as the schema's type; text that is not one is left as text, so the schema check reports it. */
function typed(spec: ParameterSpec, text: string): unknown {
  switch (spec.type) {
    case "integer":
      return /^[+-]?\d{1,16}$/.test(text) ? Number(text) : text;
    case "number":
      return text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
    case "boolean":
      return text === "true" ? true : text === "false" ? false : text;
    default:
      return text;
  }
}

export function readParameters(
  contract: OperationContract,
  pathText: Readonly<Record<string, string>>,
  search: URLSearchParams,
): { ok: true; value: RequestParameters } | { ok: false; error: ApiError } {
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const declared = new Set<string>();
  for (const spec of contract.parameters) {
    if (spec.in === "path") {
      const text = pathText[spec.name];
      if (text !== undefined) path[spec.name] = typed(spec, text);
      continue;
    }
    declared.add(spec.name);
    const values = search.getAll(spec.name);
    if (values.length > 1) return invalid(spec.name, "duplicate_query_option", `${spec.name} is given more than once.`);
    if (values[0] !== undefined) query[spec.name] = typed(spec, values[0]);
  }
  // OData URL Conventions §5: a system query option the service does not support is an error, not ignored; an
  // operation that declares no 400 would have no status to refuse it with, so it would ignore the query.
  const refusesUnknown =
    [...declared].some((name) => name.startsWith("$")) || contract.metadata.responses["400"] !== undefined;
  for (const name of refusesUnknown ? search.keys() : []) {
    if (name.startsWith("$") && !declared.has(name)) {
      return invalid(name, "unsupported_query_option", `The query option ${name} is not supported by this operation.`);
    }
  }
  if (!contract.checkParameters({ path, query })) {
    // Path errors first: a key that cannot exist decides the status whatever the query holds.
    const errors = [...(contract.checkParameters.errors ?? [])].sort(
      (a, b) => Number(!a.instancePath.startsWith("/path")) - Number(!b.instancePath.startsWith("/path")),
    );
    const details = errors.map((error) => ({
      code: error.keyword,
      message: error.message ?? error.keyword,
      target: error.instancePath.replace(/^\/(path|query)\//, "").replace(/^\/(path|query)$/, ""),
    }));
    const first = details[0];
    const badKey = errors[0]?.instancePath.startsWith("/path") === true;
    return {
      ok: false,
      error: {
        // OData reads a key that cannot exist as no such entity: 404 where the operation declares it, else 400.
        status: badKey && contract.metadata.responses["404"] !== undefined ? 404 : 400,
        code: "invalid_parameter",
        message: first === undefined ? "A parameter is not valid." : `${first.target}: ${first.message}`,
        ...(first === undefined ? {} : { target: first.target }),
        details,
      },
    };
  }
  return { ok: true, value: { path, query } };
}

function invalid(target: string, code: string, message: string): { ok: false; error: ApiError } {
  return { ok: false, error: { status: 400, code, message, target } };
}
