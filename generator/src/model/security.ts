/**
 * Security: the document's schemes, and per operation its requirements (its own `security`, else the document's)
 * and how the client authenticates it: a `mutualTLS` scheme → `mutualTLS` (the client certificate); a requirement
 * the client's access token meets (`http` bearer, `oauth2`, `openIdConnect`: each ends in `Authorization: Bearer
 * <token>`) → `bearer`; else `none`: no requirement (or only `{}`), or schemes only the caller can meet (`apiKey`,
 * `http` basic), which the caller sends as parameters or headers.
 */
import { childPointer, isJsonObject, type JsonObject } from "../json-pointer/json-pointer.js";
import type { OAuthFlowModel, SecurityRequirementModel, SecuritySchemeModel } from "./model.js";
import { namedObjects, stringOr, type Problems } from "./document.js";

export type SecurityKind = "bearer" | "none" | "mutualTLS";

export interface OperationSecurity {
  readonly security: SecurityKind;
  readonly securityRequirements: readonly SecurityRequirementModel[];
}

const settingKeys = ["scheme", "bearerFormat", "in", "name", "openIdConnectUrl"] as const;
const flowUrls = ["authorizationUrl", "tokenUrl", "refreshUrl"] as const;

export function buildSecuritySchemes(document: JsonObject, problems: Problems): SecuritySchemeModel[] {
  const schemes = namedObjects(document, ["components", "securitySchemes"], problems);
  if (schemes === undefined) return [];
  return Object.entries(schemes).map(([name, node]) => {
    const pointer = childPointer("/components/securitySchemes", name);
    const scheme = isJsonObject(node) ? node : {};
    if (typeof scheme["type"] !== "string") problems.add(pointer, `security scheme ${name} has no type`);
    const settings: { [key in (typeof settingKeys)[number]]?: string } = {};
    for (const key of settingKeys) if (typeof scheme[key] === "string") settings[key] = scheme[key];
    const flows = isJsonObject(scheme["flows"]) ? scheme["flows"] : {};
    return {
      name,
      pointer,
      type: stringOr(scheme["type"], ""),
      description: stringOr(scheme["description"], ""),
      settings,
      flows: Object.entries(flows).map(([flow, value]): OAuthFlowModel => {
        const declared = isJsonObject(value) ? value : {};
        const urls: { [key in (typeof flowUrls)[number]]?: string } = {};
        for (const key of flowUrls) if (typeof declared[key] === "string") urls[key] = declared[key];
        return { flow, ...urls, scopes: Object.keys(isJsonObject(declared["scopes"]) ? declared["scopes"] : {}) };
      }),
    };
  });
}

export function operationSecurity(
  document: JsonObject,
  schemes: readonly SecuritySchemeModel[],
  operation: JsonObject,
  operationPointer: string,
  problems: Problems,
): OperationSecurity {
  const own = operation["security"];
  const declared = own !== undefined ? own : document["security"];
  const pointer = own !== undefined ? childPointer(operationPointer, "security") : "/security";
  if (declared === undefined) return { security: "none", securityRequirements: [] };
  if (!Array.isArray(declared)) {
    problems.add(pointer, "security must be a list of security requirements");
    return { security: "none", securityRequirements: [] };
  }
  const securityRequirements = declared.filter(isJsonObject).map((requirement): SecurityRequirementModel =>
    Object.entries(requirement).map(([scheme, scopes]) => ({
      scheme,
      scopes: Array.isArray(scopes) ? scopes.filter((scope): scope is string => typeof scope === "string") : [],
    })),
  );
  const names = securityRequirements.flatMap((requirement) => requirement.map((entry) => entry.scheme));
  if (names.length === 0) return { security: "none", securityRequirements };
  let security: SecurityKind = "none";
  for (const name of names) {
    const scheme = schemes.find((candidate) => candidate.name === name);
    if (scheme === undefined) {
      problems.add(pointer, `security scheme ${name} is not declared in components.securitySchemes`);
      continue;
    }
    if (scheme.type === "mutualTLS") security = "mutualTLS";
    else if (security === "none" && sendsBearerToken(scheme)) security = "bearer";
  }
  return { security, securityRequirements };
}

/** A scheme the client's access token meets: `Authorization: Bearer <token>` (RFC 6750). */
function sendsBearerToken(scheme: SecuritySchemeModel): boolean {
  if (scheme.type === "oauth2" || scheme.type === "openIdConnect") return true;
  return scheme.type === "http" && scheme.settings.scheme?.toLowerCase() === "bearer";
}
