/**
 * The spec as the fuzzer reads it: the sandbox's document (`@account-funds/sandbox/openapi.json`: the API's with the
 * sandbox's limits and error bodies laid over it, the contract the sandbox answers by), the generated
 * `operationMetadata` (with the responses the sandbox's document declares) and the parameters of
 * `@account-funds/client/contract`. It resolves body schemas (through the
 * generator's JSON pointer module), and compiles ajv validators (JSON Schema 2020-12,
 * ajv-formats and the spec's own formats from @account-funds/validators) for response bodies and request bodies,
 * independent of the validators the sandbox and the client carry.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { operationMetadata, type OperationMetadata } from "@account-funds/client";
import {
  operationContracts,
  type OperationContractMetadata,
  type ParameterMetadata,
} from "@account-funds/client/contract";
import {
  escapePointerSegment,
  formatPointer,
  isJsonObject,
  resolvePointer as valueAt,
  resolveRef,
} from "@account-funds/generator/json-pointer";
import { addAccountFundsFormats } from "@account-funds/validators";
import { dereference, type JsonSchema } from "./arbitraries-from-schema.js";

// ajv-formats is CommonJS: under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const DOCUMENT_ID = "openapi.json";

export const document: JsonSchema = objectAt(
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve("@account-funds/sandbox/openapi.json"), "utf8")),
  "openapi.json",
);

function objectAt(value: unknown, where: string): JsonSchema {
  if (!isJsonObject(value)) throw new Error(`${where} is not an object`);
  return value;
}

/** The object a local `$ref` (`#/components/schemas/X`) points to in the bundled document. */
export function resolvePointer(ref: string): JsonSchema {
  const resolved = resolveRef(document, ref);
  if (!resolved.ok) throw new Error(resolved.reason);
  return objectAt(resolved.value, ref);
}

export const deref = (node: JsonSchema): JsonSchema => dereference(node, resolvePointer);

/**
 * Every operation of the spec, the two token endpoints included, with the responses of the sandbox's document:
 * the client's metadata has the API document's (its open 4XX and 5XX ranges instead of the sandbox's statuses).
 */
export const operations: readonly OperationMetadata[] = (Object.values(operationMetadata) as OperationMetadata[]).map(
  (operation) => ({ ...operation, responses: sandboxResponsesOf(operation) }),
);

/** Each declared status's first media type and required headers, as the sandbox's document declares them. */
function sandboxResponsesOf(operation: OperationMetadata): OperationMetadata["responses"] {
  const responses: Record<string, { mediaType?: string; headers?: readonly string[] }> = {};
  for (const [status, entry] of Object.entries(operationMember(operation, "responses") ?? {})) {
    const response = isJsonObject(entry) ? deref(entry) : {};
    const mediaType = Object.keys(isJsonObject(response["content"]) ? response["content"] : {})[0];
    const headers = Object.entries(isJsonObject(response["headers"]) ? response["headers"] : {})
      .filter(([, header]) => isJsonObject(header) && deref(header)["required"] === true)
      .map(([name]) => name);
    responses[status] = {
      ...(mediaType === undefined ? {} : { mediaType }),
      ...(headers.length === 0 ? {} : { headers }),
    };
  }
  return responses;
}
export const operationsById: ReadonlyMap<string, OperationMetadata> = new Map(
  operations.map((operation) => [operation.operationId, operation]),
);
export const bearerOperations = operations.filter((operation) => operation.security === "bearer");

export function operationOf(operationId: string): OperationMetadata {
  const operation = operationsById.get(operationId);
  if (operation === undefined) throw new Error(`no operation ${operationId}`);
  return operation;
}

/** Where the operation object lives, as a `$ref` into the document: a URI fragment, so `%` is escaped (RFC 6901 §6). */
function operationPointer(operation: OperationMetadata): string {
  return `#${formatPointer(["paths", operation.path, operation.method]).replaceAll("%", "%25")}`;
}

/** The operation object, or an object member of it (`requestBody`, `responses`), its `$ref` followed. */
function operationMember(operation: OperationMetadata, ...segments: readonly string[]): JsonSchema | undefined {
  const node = valueAt(document, formatPointer(["paths", operation.path, operation.method, ...segments]));
  return isJsonObject(node) ? deref(node) : undefined;
}

export type Parameter = ParameterMetadata;

const contracts: ReadonlyMap<string, OperationContractMetadata> = new Map(Object.entries(operationContracts));

/** The operation's parameters as the generator resolved them (path-item ones merged, OpenAPI 3.1 §4.8.9.1). */
export function parametersOf(operation: OperationMetadata): readonly Parameter[] {
  return contracts.get(operation.operationId)?.parameters ?? [];
}

/** The request body schema for a media type (a `$ref` node, resolved by the generator). */
export function requestSchemaOf(operation: OperationMetadata, mediaType: string): JsonSchema | undefined {
  const media = valueAt(operationMember(operation, "requestBody")?.["content"], formatPointer([mediaType, "schema"]));
  return isJsonObject(media) ? media : undefined;
}

/** JSON Pointer of a response's schema, through a `$ref` to components/responses when there is one. */
function responseSchemaPointer(operation: OperationMetadata, status: string, mediaType: string): string {
  const node = valueAt(document, formatPointer(["paths", operation.path, operation.method, "responses", status]));
  const ref =
    isJsonObject(node) && typeof node["$ref"] === "string"
      ? node["$ref"]
      : `${operationPointer(operation)}/responses/${status}`;
  return `${ref}/content/${escapePointerSegment(mediaType)}/schema`;
}

/** The list entity's properties (the `value` items of a collection, or the entity itself). */
export function entityPropertiesOf(operation: OperationMetadata): Readonly<Record<string, JsonSchema>> {
  if (operation.odata === undefined) return {};
  let schema = deref(resolvePointer(responseSchemaPointer(operation, "200", "application/json")));
  if (operation.odata === "list") schema = deref(objectAt(valueAt(schema, "/properties/value/items"), "value.items"));
  const members = Array.isArray(schema["allOf"]) ? schema["allOf"].filter(isJsonObject).map(deref) : [schema];
  const properties: Record<string, JsonSchema> = {};
  for (const member of members) {
    const own = member["properties"];
    if (isJsonObject(own))
      for (const [name, property] of Object.entries(own)) if (isJsonObject(property)) properties[name] = property;
  }
  return properties;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
addAccountFundsFormats(ajv);
ajv.addSchema(document, DOCUMENT_ID);

const compiled = new Map<string, ValidateFunction>();
function validatorAt(pointer: string): ValidateFunction {
  let validate = compiled.get(pointer);
  if (validate === undefined) {
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
    compiled.set(pointer, validate);
  }
  return validate;
}

export const describeErrors = (errors: readonly ErrorObject[] | null | undefined): string =>
  (errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? error.keyword}`).join("; ");

/** Checks a response body against the schema the spec declares for the operation, status and media type. */
export function responseBodyProblem(
  operation: OperationMetadata,
  status: string,
  mediaType: string,
  body: unknown,
): string | undefined {
  const validate = validatorAt(responseSchemaPointer(operation, status, mediaType));
  return validate(body) ? undefined : describeErrors(validate.errors);
}

/** Whether a JSON body is valid against the operation's request schema (the spec's verdict, by ajv). */
export function isValidRequestBody(
  operation: OperationMetadata,
  body: unknown,
  mediaType = "application/json",
): boolean {
  if (operationMember(operation, "requestBody") === undefined) return body === undefined;
  return validatorAt(`${operationPointer(operation)}/requestBody/content/${escapePointerSegment(mediaType)}/schema`)(
    body,
  );
}

/** The same, for any schema of the document by pointer (e.g. `#/components/schemas/ODataError`). */
export function schemaProblem(pointer: string, value: unknown): string | undefined {
  const validate = validatorAt(pointer);
  return validate(value) ? undefined : describeErrors(validate.errors);
}

const getOperations = operations.filter((operation) => operation.method === "get");

/** The GET operation whose path template matches an absolute URL's path, matched as the sandbox's router does. */
export function getOperationAt(url: string): OperationMetadata | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
  return getOperations.find((operation) => {
    const source = operation.path
      .split(/(\{[^}]+\})/)
      .map((part) => (/^\{[^}]+\}$/.test(part) ? "[^/()']+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
    return new RegExp(`^${source}$`).test(pathname);
  });
}
