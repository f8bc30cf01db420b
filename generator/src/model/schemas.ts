/**
 * Every component schema, in the (sorted) order of the bundle, with its description and how it is used: as a
 * request, response or webhook body directly (`$ref` right under a media type), or nested (referenced from
 * another schema, an inline body schema or a parameter). Each becomes a named type in `schemas.ts`, named as
 * type-names.ts says.
 */
import {
  childPointer,
  componentRefName,
  formatPointer,
  isJsonObject,
  isJsonValue,
  type JsonObject,
} from "../json-pointer/json-pointer.js";
import type { AssumptionModel, MediaModel, OperationModel, SchemaModel, WebhookModel } from "./model.js";
import { assumptionsUnder } from "./applicable-assumptions.js";
import { namedObjects, stringOr, type Problems } from "./document.js";
import { entityShapeFromSchema } from "./entity-shape.js";
import { typeNames } from "./type-names.js";

type Usage = SchemaModel["usedAs"][number];
const usageOrder: readonly Usage[] = ["request", "response", "webhook", "nested"];

export function buildSchemas(
  document: JsonObject,
  operations: readonly OperationModel[],
  webhooks: readonly WebhookModel[],
  assumptions: readonly AssumptionModel[],
  problems: Problems,
): SchemaModel[] {
  const schemas = namedObjects(document, ["components", "schemas"], problems);
  if (schemas === undefined) return [];

  const usage = new Map<string, Set<Usage>>();
  const use = (name: string | undefined, as: Usage): void => {
    if (name !== undefined) usage.set(name, (usage.get(name) ?? new Set()).add(as));
  };
  const bodyPointers = new Set<string>();
  const body = (media: MediaModel, as: Usage): void => {
    if (media.schemaPointer !== undefined) bodyPointers.add(media.schemaPointer);
    use(media.schemaName, as);
  };
  for (const operation of operations) {
    for (const media of operation.requestBody?.contents ?? []) body(media, "request");
    for (const response of operation.responses) for (const media of response.contents) body(media, "response");
  }
  for (const webhook of webhooks) body(webhook.payload, "webhook");
  forEachSchemaRef(document, (name, pointer) => {
    if (!bodyPointers.has(pointer) && !pointer.startsWith(childPointer("/components/schemas", name) + "/"))
      use(name, "nested");
  });

  const entities = new Set(
    operations.flatMap((operation) => [operation.odataList?.entitySchema, operation.odataEntity?.entitySchema]),
  );
  const names = typeNames(Object.keys(schemas));
  return Object.entries(schemas).map(([name, schema]) => {
    const pointer = childPointer("/components/schemas", name);
    const used = usage.get(name) ?? new Set<Usage>();
    return {
      name,
      typeName: names.get(name) ?? name,
      pointer,
      description: isJsonObject(schema) ? stringOr(schema["description"], "") : "",
      schema: isJsonValue(schema) ? schema : {},
      usedAs: usageOrder.filter((as) => used.has(as)),
      ...(entities.has(name) ? { entityShape: entityShapeFromSchema(document, schema) } : {}),
      assumptions: assumptionsUnder(assumptions, pointer),
    };
  });
}

/** Calls back with the schema name and the pointer of every `$ref: #/components/schemas/<name>` in the document. */
function forEachSchemaRef(document: JsonObject, callback: (name: string, pointer: string) => void): void {
  const visit = (node: unknown, path: (string | number)[]): void => {
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, [...path, index]));
    if (!isJsonObject(node)) return;
    const name = componentRefName(node, "schemas");
    if (name !== undefined) callback(name, formatPointer(path));
    const inProperties = path[path.length - 1] === "properties";
    for (const [key, value] of Object.entries(node)) {
      if (!inProperties && (key === "examples" || key === "example")) continue;
      visit(value, [...path, key]);
    }
  };
  visit(document, []);
}
