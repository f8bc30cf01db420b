/**
 * The copy of the document handed to openapi-typescript, with the operationId the model made for every operation
 * (and webhook) that declares none (model/client-names.ts). openapi-typescript types only operations with an
 * operationId in its `operations` interface, and the client's signatures name every operation there
 * (`operations["getV1Customers"]`). Only the objects on the way to each such operation are copied; generated/openapi.json
 * and the validators keep the spec as written.
 */
import type { OpenApiDocument } from "../model/model.js";
import { isJsonObject, parsePointer, type JsonObject } from "../json-pointer/json-pointer.js";

export function withOperationIds(
  document: OpenApiDocument,
  operations: readonly {
    readonly operationId: string;
    readonly pointer: string;
    readonly operationIdGenerated?: true;
  }[],
): OpenApiDocument {
  let result: JsonObject = document;
  for (const operation of operations) {
    if (operation.operationIdGenerated !== true) continue;
    result = withMemberAt(result, parsePointer(operation.pointer), "operationId", operation.operationId);
  }
  return result;
}

/** A copy of `node` with `key: value` set on the object at `path`; the objects along the path are copied. */
function withMemberAt(node: JsonObject, path: readonly string[], key: string, value: string): JsonObject {
  const [head, ...rest] = path;
  if (head === undefined) return { ...node, [key]: value };
  const child = node[head];
  if (!isJsonObject(child)) return node;
  return { ...node, [head]: withMemberAt(child, rest, key, value) };
}
