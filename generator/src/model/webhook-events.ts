/**
 * The kinds of event a webhook delivery holds: a delivery is an array whose items are `oneOf` a discriminated union
 * of the events the spec knows (`WebhookEvent`, by `Reason`) and, for forward compatibility, a schema of the events
 * of other kinds (`UnknownWebhookEvent`), kept as they arrive. The client splits a delivery on the discriminator:
 * known events typed and checked, the others apart (`unknownEvents`), as SDKs keep unknown union members. Also which
 * members of an event link it to its entity (`x-entity-url`: the URL and the key it must name).
 */
import { componentRefName, isJsonObject, resolvePointer, type JsonObject } from "../json-pointer/json-pointer.js";
import type { Problems } from "./document.js";
import type { WebhookEntityUrlModel, WebhookEventsModel } from "./model.js";

/** The event kinds of the payload schema `payload` (a component name); undefined when it is not such a union. */
export function webhookEvents(document: JsonObject, payload: string | undefined): WebhookEventsModel | undefined {
  const schemaOf = (name: string | undefined): JsonObject | undefined => {
    const schema = name === undefined ? undefined : resolvePointer(document, `/components/schemas/${name}`);
    return isJsonObject(schema) ? schema : undefined;
  };
  const delivery = schemaOf(payload);
  const items = delivery?.["type"] === "array" && isJsonObject(delivery["items"]) ? delivery["items"] : undefined;
  if (items === undefined) return undefined;
  // The items are the known union itself, or `oneOf` it and the schemas of unknown events.
  const itemsName = componentRefName(items, "schemas");
  const branches =
    itemsName !== undefined
      ? [itemsName]
      : Array.isArray(items["oneOf"])
        ? items["oneOf"].map((branch) => componentRefName(branch, "schemas"))
        : [];
  if (branches.some((name) => name === undefined)) return undefined;
  const names = branches.filter((name): name is string => name !== undefined);
  const known = names.filter((name) => discriminatorOf(schemaOf(name)) !== undefined);
  const unknown = names.filter((name) => !known.includes(name));
  const [knownName] = known;
  const discriminator = discriminatorOf(schemaOf(knownName));
  if (knownName === undefined || discriminator === undefined || known.length !== 1 || unknown.length > 1)
    return undefined;
  return {
    known: knownName,
    tag: discriminator.tag,
    tags: discriminator.tags,
    ...(unknown[0] === undefined ? {} : { unknown: unknown[0] }),
  };
}

/**
 * The `x-entity-url` of a delivery's events: `{url, key}`, the event's member holding the URL of its entity and the
 * member holding that entity's key (`{url: ApiUrl, key: EntityId}`). Read from the known events' schema, else from the
 * delivery's items (or the payload itself when it is no array); absent when the spec does not say it.
 */
export function webhookEntityUrl(
  document: JsonObject,
  payload: string | undefined,
  events: WebhookEventsModel | undefined,
  problems: Problems,
): WebhookEntityUrlModel | undefined {
  const resolve = (node: unknown): { schema: JsonObject; pointer: string } | undefined => {
    const name = componentRefName(node, "schemas");
    const pointer = name === undefined ? undefined : `/components/schemas/${name}`;
    const schema = pointer === undefined ? node : resolvePointer(document, pointer);
    return isJsonObject(schema) ? { schema, pointer: pointer ?? "" } : undefined;
  };
  const delivery = payload === undefined ? undefined : resolve({ $ref: `#/components/schemas/${payload}` });
  const eventSchema =
    events !== undefined
      ? resolve({ $ref: `#/components/schemas/${events.known}` })
      : delivery?.schema["type"] === "array"
        ? resolve(delivery.schema["items"])
        : delivery;
  const extension = eventSchema?.schema["x-entity-url"];
  if (extension === undefined || eventSchema === undefined) return undefined;
  const { url, key } = isJsonObject(extension) ? extension : {};
  if (typeof url !== "string" || typeof key !== "string") {
    problems.add(`${eventSchema.pointer}/x-entity-url`, "x-entity-url must name the url and key members: {url, key}");
    return undefined;
  }
  return { url, key };
}

/** A `oneOf` schema's discriminator property and the values its mapping names. */
function discriminatorOf(schema: JsonObject | undefined): { tag: string; tags: string[] } | undefined {
  const discriminator = schema?.["discriminator"];
  if (
    !isJsonObject(discriminator) ||
    typeof discriminator["propertyName"] !== "string" ||
    !Array.isArray(schema?.["oneOf"])
  )
    return undefined;
  const mapping = isJsonObject(discriminator["mapping"]) ? Object.keys(discriminator["mapping"]) : [];
  return mapping.length === 0 ? undefined : { tag: discriminator["propertyName"], tags: mapping };
}
