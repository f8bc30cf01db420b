/**
 * Which GETs are OData queries. A list takes the paging options (`$top`, `$skip`) and returns a collection
 * envelope (`AccountDtoCollection`: `{ "@odata.context", "@odata.count"?, "@odata.nextLink"?, value: AccountDto[] }`);
 * an entity read takes `$select` and returns one entity (`allOf: [AccountDto, ODataEntityAnnotations]`). The
 * client offers paging and `$select` helpers for these, typed by the entity schema.
 */
import { componentRefName, isJsonObject, resolvePointer, type JsonObject } from "../json-pointer/json-pointer.js";
import type { HttpMethod, ParameterModel, ResponseModel } from "./model.js";

export interface ODataShape {
  readonly odataList?: { readonly entitySchema: string };
  readonly odataEntity?: { readonly entitySchema: string };
}

export function detectOData(
  document: JsonObject,
  method: HttpMethod,
  queryParameters: readonly ParameterModel[],
  responses: readonly ResponseModel[],
): ODataShape {
  if (method !== "get") return {};
  const takes = (name: string): boolean => queryParameters.some((parameter) => parameter.name === name);
  const json = responses
    .find((response) => response.success)
    ?.contents.find((media) => media.mediaType === "application/json");
  if (json === undefined) return {};
  const schemas = (isJsonObject(document["components"]) ? document["components"]["schemas"] : undefined) ?? {};
  const schemaOf = (name: string): JsonObject | undefined => {
    const schema = isJsonObject(schemas) ? schemas[name] : undefined;
    return isJsonObject(schema) ? schema : undefined;
  };

  if (takes("$top") && takes("$skip") && json.schemaName?.endsWith("Collection")) {
    const entitySchema =
      collectionItemName(schemaOf(json.schemaName), schemaOf) ?? json.schemaName.slice(0, -"Collection".length);
    return schemaOf(entitySchema) === undefined ? {} : { odataList: { entitySchema } };
  }
  if (takes("$select")) {
    if (json.schemaName !== undefined)
      return json.schemaName.endsWith("Collection") ? {} : { odataEntity: { entitySchema: json.schemaName } };
    const inline = json.schemaPointer === undefined ? undefined : resolvePointer(document, json.schemaPointer);
    const members = isJsonObject(inline) && Array.isArray(inline["allOf"]) ? inline["allOf"] : [];
    const entities = members
      .map((member) => componentRefName(member, "schemas"))
      .filter((name): name is string => name !== undefined && !isAnnotationsOnly(schemaOf(name)));
    if (entities.length === 1 && entities[0] !== undefined) return { odataEntity: { entitySchema: entities[0] } };
  }
  return {};
}

/** `value.items` of a collection envelope, looked up in its own properties and in its `allOf` members. */
function collectionItemName(
  collection: JsonObject | undefined,
  schemaOf: (name: string) => JsonObject | undefined,
): string | undefined {
  if (collection === undefined) return undefined;
  const properties = collection["properties"];
  const value = isJsonObject(properties) ? properties["value"] : undefined;
  const direct = isJsonObject(value) ? componentRefName(value["items"], "schemas") : undefined;
  if (direct !== undefined) return direct;
  const members = Array.isArray(collection["allOf"]) ? collection["allOf"] : [];
  for (const member of members) {
    const name = componentRefName(member, "schemas");
    const found = collectionItemName(
      name === undefined ? (isJsonObject(member) ? member : undefined) : schemaOf(name),
      schemaOf,
    );
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A schema whose properties are all OData annotations (`@odata.context`, ...): not an entity. */
function isAnnotationsOnly(schema: JsonObject | undefined): boolean {
  const properties = schema?.["properties"];
  if (!isJsonObject(properties)) return false;
  const names = Object.keys(properties);
  return names.length > 0 && names.every((name) => name.startsWith("@odata."));
}
