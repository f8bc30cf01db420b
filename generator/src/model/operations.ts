/**
 * Every operation under `paths`, in document order: identity (operationId, method, path, tag, texts), the
 * client name, parameters, bodies, servers, security and OData shape. operationIds must exist and be unique
 * (webhook operations count too: `seenOperationIds` is shared with them).
 */
import { childPointer, isJsonObject, type JsonObject } from "../json-pointer/json-pointer.js";
import type { HttpMethod, OperationModel } from "./model.js";
import { operationAssumptions } from "./applicable-assumptions.js";
import { clientMethodName, groupName, operationIdFromPath } from "./client-names.js";
import { namedObjects, Problems, resolveRefs, stringOr, type ModelContext } from "./document.js";
import { detectOData } from "./odata.js";
import { buildParameters } from "./parameters.js";
import { buildRequestBody, buildResponses } from "./responses.js";
import { operationSecurity } from "./security.js";
import { operationServers } from "./servers.js";

export const httpMethods: readonly HttpMethod[] = ["get", "post", "put", "patch", "delete", "head", "options"];
/** TRACE: `fetch` refuses to send it (Fetch standard, forbidden methods); the client leaves it out, with a warning. */
const skippedMethods = ["trace"];

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
      if (skippedMethods.includes(key)) {
        problems.warn(
          pointer,
          `${key.toUpperCase()} ${path} is left out of the client: fetch cannot send ${key.toUpperCase()}`,
        );
        continue;
      }
      if (!(httpMethods as readonly string[]).includes(key)) continue;
      if (!isJsonObject(value)) {
        problems.add(pointer, "operation must be an object");
        continue;
      }
      const label = `${key.toUpperCase()} ${path}`;
      const operation = problems.inOperation(label, pointer, () =>
        buildOperation(context, path, item, key as HttpMethod, { node: value, pointer }, seenOperationIds),
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
  const operationId = checkOperationId(
    node,
    pointer,
    `${method.toUpperCase()} ${path}`,
    seenOperationIds,
    context,
    () => operationIdFromPath(method, path),
  );
  const tag = firstTag(node);
  const group = groupName(path, tag);

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
  if (operationId === undefined) return undefined;
  const odata = detectOData(document, method, parameters.queryParameters, responses);

  return {
    operationId: operationId.id,
    ...(operationId.declared ? {} : { operationIdGenerated: true }),
    method,
    path,
    pointer,
    tag,
    summary: stringOr(node["summary"], ""),
    description: stringOr(node["description"], ""),
    group,
    clientMethod: clientMethodName(operationId.id, path),
    pathParameters: parameters.pathParameters,
    queryParameters: parameters.queryParameters,
    // `Prefer` (RFC 7240) of an OData list is the client's own: it sends `odata.maxpagesize` from `maxPageSize`.
    headerParameters: parameters.headerParameters.filter(
      (parameter) => odata.odataList === undefined || parameter.name.toLowerCase() !== "prefer",
    ),
    cookieParameters: parameters.cookieParameters,
    ...(requestBody === undefined ? {} : { requestBody }),
    responses,
    ...(servers === undefined ? {} : { servers }),
    security,
    securityRequirements,
    deprecated: node["deprecated"] === true,
    ...odata,
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

/**
 * The operation's operationId, or one made from `fallback` when it declares none (`declared: false`; numbered
 * when taken). A repeated declared operationId is a problem of the spec (OpenAPI requires them unique).
 */
export function checkOperationId(
  node: JsonObject,
  pointer: string,
  label: string,
  seen: SeenOperationIds,
  { problems, declaredOperationIds }: Pick<ModelContext, "problems" | "declaredOperationIds">,
  fallback: () => string,
): { readonly id: string; readonly declared: boolean } | undefined {
  const operationId = node["operationId"];
  if (typeof operationId !== "string" || operationId === "") {
    const base = fallback();
    let id = base;
    for (let index = 2; seen.has(id) || declaredOperationIds.has(id); index++) id = `${base}${index}`;
    seen.set(id, label);
    return { id, declared: false };
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
  return { id: operationId, declared: true };
}

/** Every operationId the document declares, under `paths` and `webhooks` (path items followed through `$ref`s). */
export function declaredOperationIds(document: JsonObject): Set<string> {
  const ids = new Set<string>();
  for (const kind of ["paths", "webhooks"]) {
    const items = document[kind];
    if (!isJsonObject(items)) continue;
    for (const entry of Object.values(items)) {
      const item = resolveRefs(document, entry, "", new Problems());
      for (const operation of Object.values(item?.node ?? {}))
        if (isJsonObject(operation) && typeof operation["operationId"] === "string") ids.add(operation["operationId"]);
    }
  }
  return ids;
}
