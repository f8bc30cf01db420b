/**
 * Webhooks the API delivers to the integrating client: name, operationId, texts, the request body with its payload
 * (the JSON media type, else the first), the kinds of event it holds, what the subscriber may answer, security
 * and assumptions.
 */
import { childPointer, isJsonObject } from "../json-pointer/json-pointer.js";
import type { WebhookModel } from "./model.js";
import { operationAssumptions } from "./applicable-assumptions.js";
import { namedObjects, resolveRefs, stringOr, type ModelContext } from "./document.js";
import { identifierFrom } from "./client-names.js";
import { checkOperationId, firstTag, httpMethods, type SeenOperationIds } from "./operations.js";
import { buildRequestBody, buildResponses } from "./responses.js";
import { operationSecurity } from "./security.js";
import { webhookEntityUrl, webhookEvents } from "./webhook-events.js";

export function buildWebhooks(context: ModelContext, seenOperationIds: SeenOperationIds): WebhookModel[] {
  const { document, problems } = context;
  const webhooks = namedObjects(document, ["webhooks"], problems);
  if (webhooks === undefined) return [];
  return Object.entries(webhooks).flatMap(([name, entry]): WebhookModel[] => {
    const item = resolveRefs(document, entry, childPointer("/webhooks", name), problems);
    if (item === undefined) return [];
    const methods = httpMethods.filter((method) => isJsonObject(item.node[method]));
    const method = methods[0];
    const operation = method === undefined ? undefined : item.node[method];
    if (methods.length !== 1 || method === undefined || !isJsonObject(operation)) {
      problems.add(item.pointer, `webhook ${name} must declare exactly one operation (found ${methods.length})`);
      return [];
    }
    const pointer = childPointer(item.pointer, method);
    const operationId = checkOperationId(operation, pointer, `webhook ${name}`, seenOperationIds, context, () =>
      identifierFrom(`${name} webhook`),
    );
    const requestBody = buildRequestBody(
      document,
      operation["requestBody"],
      childPointer(pointer, "requestBody"),
      problems,
    );
    if (requestBody === undefined && operation["requestBody"] === undefined)
      problems.add(pointer, `webhook ${name} declares no request body (its payload)`);
    const payload =
      requestBody?.contents.find((media) => media.mediaType === "application/json") ?? requestBody?.contents[0];
    // OpenAPI 3.1 makes `responses` optional; a webhook without them lets the subscriber answer anything.
    const responses =
      operation["responses"] === undefined
        ? []
        : buildResponses(document, operation["responses"], childPointer(pointer, "responses"), problems);
    const { securityRequirements } = operationSecurity(document, context.securitySchemes, operation, pointer, problems);
    if (operationId === undefined || payload === undefined) return [];
    const webhookId = operationId.id;
    const schemes = securityRequirements.flatMap((requirement) => requirement.map((entry) => entry.scheme));
    const events = webhookEvents(document, payload.schemaName);
    const entityUrl = webhookEntityUrl(document, payload.schemaName, events, problems);
    return [
      {
        name,
        operationId: webhookId,
        ...(operationId.declared ? {} : { operationIdGenerated: true }),
        pointer,
        method,
        tag: firstTag(operation),
        summary: stringOr(operation["summary"], ""),
        description: stringOr(operation["description"], ""),
        ...(requestBody === undefined ? {} : { requestBody }),
        payload,
        responses,
        securityRequirements,
        assumptions: operationAssumptions(document, context.assumptions, pointer, schemes),
        ...(events === undefined ? {} : { events }),
        ...(entityUrl === undefined ? {} : { entityUrl }),
      },
    ];
  });
}
