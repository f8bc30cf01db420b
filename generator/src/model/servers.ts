/** Servers an operation declares for itself (operation level, else path level), e.g. the token service's `{auth_url}`. */
import type { ServerModel } from "./model.js";
import { childPointer } from "./json-pointer.js";
import { isObject, stringOr, type JsonObject, type Problems } from "./document.js";

export function operationServers(pathItem: JsonObject, pathItemPointer: string, operation: JsonObject, operationPointer: string, problems: Problems): ServerModel[] | undefined {
  const [servers, pointer] =
    operation["servers"] !== undefined
      ? [operation["servers"], childPointer(operationPointer, "servers")]
      : [pathItem["servers"], childPointer(pathItemPointer, "servers")];
  if (servers === undefined) return undefined;
  if (!Array.isArray(servers) || servers.length === 0) {
    problems.add(pointer, "servers must be a non-empty list");
    return undefined;
  }
  return servers.flatMap((server: unknown, index): ServerModel[] => {
    const at = childPointer(pointer, index);
    if (!isObject(server) || typeof server["url"] !== "string") {
      problems.add(at, "server has no url");
      return [];
    }
    const variables: { [name: string]: { default: string; description?: string } } = {};
    const declared = isObject(server["variables"]) ? server["variables"] : {};
    for (const [name, variable] of Object.entries(declared)) {
      if (!isObject(variable) || typeof variable["default"] !== "string") {
        problems.add(childPointer(at, "variables", name), `server variable ${name} has no default`);
        continue;
      }
      const description = stringOr(variable["description"], "");
      variables[name] = description === "" ? { default: variable["default"] } : { default: variable["default"], description };
    }
    for (const [, name = ""] of server["url"].matchAll(/\{([^{}]+)\}/g)) {
      if (variables[name] === undefined && declared[name] === undefined) problems.add(at, `server url uses {${name}} but declares no such variable`);
    }
    return [{ url: server["url"], variables }];
  });
}
