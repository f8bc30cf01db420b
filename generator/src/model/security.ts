/**
 * How the client authenticates an operation, from its `security` (or the document's): no requirement (or only
 * `{}`) → `none`; a `mutualTLS` scheme → `mutualTLS` (the client certificate); any other scheme → `bearer`
 * (the spec's bearerAuth and oauth2 both end in `Authorization: Bearer <token>`).
 */
import { childPointer } from "./json-pointer.js";
import { isObject, type JsonObject, type Problems } from "./document.js";

export type SecurityKind = "bearer" | "none" | "mutualTLS";

export function operationSecurity(document: JsonObject, operation: JsonObject, operationPointer: string, problems: Problems): SecurityKind {
  const own = operation["security"];
  const requirements = own !== undefined ? own : document["security"];
  const pointer = own !== undefined ? childPointer(operationPointer, "security") : "/security";
  if (requirements === undefined) return "none";
  if (!Array.isArray(requirements)) {
    problems.add(pointer, "security must be a list of security requirements");
    return "none";
  }
  const components = document["components"];
  const schemes = isObject(components) && isObject(components["securitySchemes"]) ? components["securitySchemes"] : {};
  const names = requirements.flatMap((requirement: unknown) => (isObject(requirement) ? Object.keys(requirement) : []));
  if (names.length === 0) return "none";
  let kind: SecurityKind = "bearer";
  for (const name of names) {
    const scheme = schemes[name];
    if (!isObject(scheme)) {
      problems.add(pointer, `security scheme ${name} is not declared in components.securitySchemes`);
      continue;
    }
    if (scheme["type"] === "mutualTLS") kind = "mutualTLS";
  }
  return kind;
}
