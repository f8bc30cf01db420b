/** Servers: the document's own, and those an operation declares for itself (operation level, else path level), e.g. the token service's `{auth_url}`. */
import { childPointer, isJsonObject, type JsonObject } from "../json-pointer/json-pointer.js";
import type { ServerModel, ServerVariableModel } from "./model.js";
import { stringOr, type Problems } from "./document.js";

export function documentServers(document: JsonObject, problems: Problems): ServerModel[] {
  return document["servers"] === undefined ? [] : (buildServers(document["servers"], "/servers", problems) ?? []);
}

export function operationServers(
  pathItem: JsonObject,
  pathItemPointer: string,
  operation: JsonObject,
  operationPointer: string,
  problems: Problems,
): ServerModel[] | undefined {
  const [servers, pointer] =
    operation["servers"] !== undefined
      ? [operation["servers"], childPointer(operationPointer, "servers")]
      : [pathItem["servers"], childPointer(pathItemPointer, "servers")];
  return servers === undefined ? undefined : buildServers(servers, pointer, problems);
}

function buildServers(servers: unknown, pointer: string, problems: Problems): ServerModel[] | undefined {
  if (!Array.isArray(servers) || servers.length === 0) {
    problems.add(pointer, "servers must be a non-empty list");
    return undefined;
  }
  return servers.flatMap((server: unknown, index): ServerModel[] => {
    const at = childPointer(pointer, index);
    if (!isJsonObject(server) || typeof server["url"] !== "string") {
      problems.add(at, "server has no url");
      return [];
    }
    const variables: { [name: string]: ServerVariableModel } = {};
    const declared = isJsonObject(server["variables"]) ? server["variables"] : {};
    for (const [name, variable] of Object.entries(declared)) {
      if (!isJsonObject(variable) || typeof variable["default"] !== "string") {
        problems.add(childPointer(at, "variables", name), `server variable ${name} has no default`);
        continue;
      }
      const description = stringOr(variable["description"], "");
      const values = Array.isArray(variable["enum"])
        ? variable["enum"].map((value: unknown) => String(value))
        : undefined;
      variables[name] = {
        default: variable["default"],
        ...(description === "" ? {} : { description }),
        ...(values === undefined ? {} : { enum: values }),
      };
    }
    for (const [, name = ""] of server["url"].matchAll(/\{([^{}]+)\}/g)) {
      if (variables[name] === undefined && declared[name] === undefined)
        problems.add(at, `server url uses {${name}} but declares no such variable`);
    }
    return [{ url: server["url"], description: stringOr(server["description"], ""), variables }];
  });
}
