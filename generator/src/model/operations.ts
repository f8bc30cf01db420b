/**
 * Every operation under `paths`, in document order: identity (operationId, method, path, tag, texts), the
 * client name, parameters, bodies, servers, security and OData shape. operationIds must exist and be unique
 * (webhook operations count too: `seenOperationIds` is shared with them).
 */
import type { HttpMethod, OperationModel } from "./model.js";
import { clientMethodName, groupName, isIdentifier } from "./client-names.js";
import { isObject, resolveRefs, stringOr, type JsonObject, type Problems } from "./document.js";
import { childPointer } from "./json-pointer.js";
import { detectOData } from "./odata.js";
import { buildParameters } from "./parameters.js";
import { buildRequestBody, buildResponses } from "./responses.js";
import { operationSecurity } from "./security.js";
import { operationServers } from "./servers.js";

export const httpMethods: readonly HttpMethod[] = ["get", "post", "put", "patch", "delete"];
const unsupportedMethods = ["head", "options", "trace", "query"];

/** operationId → the operation that declared it first (`GET /api/v1/Accounts`, `webhook accountFundsEvent`). */
export type SeenOperationIds = Map<string, string>;

export function buildOperations(document: JsonObject, seenOperationIds: SeenOperationIds, problems: Problems): OperationModel[] {
  const paths = document["paths"];
  if (paths === undefined) return [];
  if (!isObject(paths)) {
    problems.add("/paths", "paths must be an object");
    return [];
  }
  const operations: OperationModel[] = [];
  for (const [path, entry] of Object.entries(paths)) {
    const itemPointer = childPointer("/paths", path);
    if (!path.startsWith("/")) problems.add(itemPointer, `path ${JSON.stringify(path)} must start with /`);
    const item = resolveRefs(document, entry, itemPointer, problems);
    if (item === undefined) continue;
    for (const [key, value] of Object.entries(item.node)) {
      const pointer = childPointer(item.pointer, key);
      if (unsupportedMethods.includes(key)) {
        problems.add(pointer, `${key.toUpperCase()} operations are not supported by the generated client`);
        continue;
      }
      if (!(httpMethods as readonly string[]).includes(key)) continue;
      if (!isObject(value)) {
        problems.add(pointer, "operation must be an object");
        continue;
      }
      const operation = buildOperation(document, path, item, key as HttpMethod, { node: value, pointer }, seenOperationIds, problems);
      if (operation !== undefined) operations.push(operation);
    }
  }
  return operations;
}

function buildOperation(
  document: JsonObject,
  path: string,
  item: { readonly node: JsonObject; readonly pointer: string },
  method: HttpMethod,
  operation: { readonly node: JsonObject; readonly pointer: string },
  seenOperationIds: SeenOperationIds,
  problems: Problems,
): OperationModel | undefined {
  const { node, pointer } = operation;
  const operationId = checkOperationId(node, pointer, `${method.toUpperCase()} ${path}`, seenOperationIds, problems);
  const tags = Array.isArray(node["tags"]) ? node["tags"].filter((tag): tag is string => typeof tag === "string") : [];
  const tag = tags[0] ?? "";
  const group = groupName(path, tag);
  if (group === undefined) problems.add(pointer, `${path} is outside /api/v<N>/ and the operation has no tag to name its client group`);
  else if (!isIdentifier(group)) problems.add(pointer, `client group ${JSON.stringify(group)} (from ${path}) is not a JavaScript identifier`);

  const parameters = buildParameters(document, path, item, operation, problems);
  const requestBody = buildRequestBody(document, node["requestBody"], childPointer(pointer, "requestBody"), problems);
  const responses = buildResponses(document, node["responses"], childPointer(pointer, "responses"), problems);
  const servers = operationServers(item.node, item.pointer, node, pointer, problems);
  const security = operationSecurity(document, node, pointer, problems);
  if (operationId === undefined || group === undefined) return undefined;

  const clientMethod = clientMethodName(operationId, path);
  if (!isIdentifier(clientMethod)) problems.add(pointer, `client method ${JSON.stringify(clientMethod)} (from operationId ${operationId}) is not a JavaScript identifier`);
  return {
    operationId,
    method,
    path,
    pointer,
    tag,
    summary: stringOr(node["summary"], ""),
    description: stringOr(node["description"], ""),
    group,
    clientMethod,
    pathParameters: parameters.pathParameters,
    queryParameters: parameters.queryParameters,
    ...(requestBody === undefined ? {} : { requestBody }),
    responses,
    ...(servers === undefined ? {} : { servers }),
    security,
    ...detectOData(document, method, parameters.queryParameters, responses),
  };
}

export function checkOperationId(node: JsonObject, pointer: string, label: string, seen: SeenOperationIds, problems: Problems): string | undefined {
  const operationId = node["operationId"];
  if (typeof operationId !== "string" || operationId === "") {
    problems.add(pointer, "operation has no operationId");
    return undefined;
  }
  const first = seen.get(operationId);
  if (first !== undefined) {
    problems.add(childPointer(pointer, "operationId"), `duplicate operationId ${operationId} (already used by ${first})`);
    return undefined;
  }
  seen.set(operationId, label);
  return operationId;
}
