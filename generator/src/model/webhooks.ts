/** Webhooks the API delivers to the integrating client: name, operationId and the payload's media type and schema. */
import type { WebhookModel } from "./model.js";
import { isObject, resolveRefs, type JsonObject, type Problems } from "./document.js";
import { childPointer } from "./json-pointer.js";
import { checkOperationId, httpMethods, type SeenOperationIds } from "./operations.js";
import { buildRequestBody } from "./responses.js";

export function buildWebhooks(document: JsonObject, seenOperationIds: SeenOperationIds, problems: Problems): WebhookModel[] {
  const webhooks = document["webhooks"];
  if (webhooks === undefined) return [];
  if (!isObject(webhooks)) {
    problems.add("/webhooks", "webhooks must be an object");
    return [];
  }
  return Object.entries(webhooks).flatMap(([name, entry]): WebhookModel[] => {
    const item = resolveRefs(document, entry, childPointer("/webhooks", name), problems);
    if (item === undefined) return [];
    const methods = httpMethods.filter((method) => isObject(item.node[method]));
    if (methods.length !== 1 || methods[0] === undefined) {
      problems.add(item.pointer, `webhook ${name} must declare exactly one operation (found ${methods.length})`);
      return [];
    }
    const pointer = childPointer(item.pointer, methods[0]);
    const operation = item.node[methods[0]] as JsonObject;
    const operationId = checkOperationId(operation, pointer, `webhook ${name}`, seenOperationIds, problems);
    const body = buildRequestBody(document, operation["requestBody"], childPointer(pointer, "requestBody"), problems);
    if (body === undefined && operation["requestBody"] === undefined) problems.add(pointer, `webhook ${name} declares no request body (its payload)`);
    const payload = body?.contents.find((media) => media.mediaType === "application/json") ?? body?.contents[0];
    if (operationId === undefined || payload === undefined) return [];
    return [{ name, operationId, pointer, payload }];
  });
}
