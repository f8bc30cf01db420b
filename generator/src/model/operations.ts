/**
 * Every operation under `paths`, in document order: identity (operationId, method, path, tag, texts), the
 * client name, parameters, bodies, servers, security and OData shape. operationIds must exist and be unique
 * (webhook operations count too: `seenOperationIds` is shared with them).
 */
import { childPointer, isJsonObject, type JsonObject } from "../spec/json-pointer.js";
import type { HttpMethod, OperationModel } from "./model.js";
import { operationAssumptions } from "./applicable-assumptions.js";
import { clientMethodName, groupName, isIdentifier } from "./client-names.js";
import { namedObjects, resolveRefs, stringOr, type ModelContext, type Problems } from "./document.js";
import { detectOData } from "./odata.js";
import { buildParameters } from "./parameters.js";
import { buildRequestBody, buildResponses } from "./responses.js";
import { operationSecurity } from "./security.js";
import { operationServers } from "./servers.js";

export const httpMethods: readonly HttpMethod[] = ["get", "post", "put", "patch", "delete"];
const unsupportedMethods = ["head", "options", "trace", "query"];

/** operationId → the operation that declared it first (`GET /api/v1/Accounts`, `webhook accountFundsEvent`). */
export type SeenOperationIds = Map<string, string>;

export function buildOperations(context: ModelContext, seenOperationIds: SeenOperationIds): OperationModel[] {
  const { document, problems } = context;
  const paths = namedObjects(document, ["paths"], problems);
  if (paths === undefined) return [];
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
      if (!isJsonObject(value)) {
        problems.add(pointer, "operation must be an object");
        continue;
      }
      const operation = buildOperation(
        context,
        path,
        item,
        key as HttpMethod,
        { node: value, pointer },
        seenOperationIds,
      );
      if (operation !== undefined) operations.push(operation);
    }
  }
  return operations;
}

function buildOperation(
  context: ModelContext,
  path: string,
  item: { readonly node: JsonObject; readonly pointer: string },
  method: HttpMethod,
  operation: { readonly node: JsonObject; readonly pointer: string },
  seenOperationIds: SeenOperationIds,
): OperationModel | undefined {
  const { document, problems } = context;
  const { node, pointer } = operation;
  const operationId = checkOperationId(node, pointer, `${method.toUpperCase()} ${path}`, seenOperationIds, problems);
  const tag = firstTag(node);
  const group = groupName(path, tag);
  if (group === undefined)
    problems.add(pointer, `${path} is outside /api/v<N>/ and the operation has no tag to name its client group`);
  else if (!isIdentifier(group))
    problems.add(pointer, `client group ${JSON.stringify(group)} (from ${path}) is not a JavaScript identifier`);

  const parameters = buildParameters(document, path, item, operation, problems);
  const requestBody = buildRequestBody(document, node["requestBody"], childPointer(pointer, "requestBody"), problems);
  const responses = buildResponses(document, node["responses"], childPointer(pointer, "responses"), problems);
  const servers = operationServers(item.node, item.pointer, node, pointer, problems);
  const { security, securityRequirements } = operationSecurity(
    document,
    context.securitySchemes,
    node,
    pointer,
    problems,
  );
  if (operationId === undefined || group === undefined) return undefined;

  const clientMethod = clientMethodName(operationId, path);
  if (!isIdentifier(clientMethod))
    problems.add(
      pointer,
      `client method ${JSON.stringify(clientMethod)} (from operationId ${operationId}) is not a JavaScript identifier`,
    );
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
    securityRequirements,
    deprecated: node["deprecated"] === true,
    ...detectOData(document, method, parameters.queryParameters, responses),
    assumptions: operationAssumptions(document, context.assumptions, pointer, [
      ...new Set(securityRequirements.flatMap((requirement) => requirement.map((entry) => entry.scheme))),
    ]),
  };
}

/** The first of an operation's `tags`; `""` when it has none. */
export function firstTag(operation: JsonObject): string {
  const tags = operation["tags"];
  const first: unknown = Array.isArray(tags) ? tags.find((tag) => typeof tag === "string") : undefined;
  return typeof first === "string" ? first : "";
}

export function checkOperationId(
  node: JsonObject,
  pointer: string,
  label: string,
  seen: SeenOperationIds,
  problems: Problems,
): string | undefined {
  const operationId = node["operationId"];
  if (typeof operationId !== "string" || operationId === "") {
    problems.add(pointer, "operation has no operationId");
    return undefined;
  }
  const first = seen.get(operationId);
  if (first !== undefined) {
    problems.add(
      childPointer(pointer, "operationId"),
      `duplicate operationId ${operationId} (already used by ${first})`,
    );
    return undefined;
  }
  seen.set(operationId, label);
  return operationId;
}
