/**
 * The spec as the fuzzer reads it: the bundled `@account-funds/client/openapi.json` and the generated
 * `operationMetadata`. It resolves parameters and body schemas, and compiles ajv validators (JSON Schema 2020-12,
 * ajv-formats and the spec's own formats from @account-funds/validators) for response bodies and request bodies,
 * independent of the validators the sandbox and the client carry.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { operationMetadata, type OperationMetadata } from "@account-funds/client";
import { addAccountFundsFormats } from "@account-funds/validators";
import { dereference, type JsonSchema } from "./arbitraries-from-schema.js";

// ajv-formats is CommonJS: under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const DOCUMENT_ID = "openapi.json";

export const document = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve("@account-funds/client/openapi.json"), "utf8"),
) as JsonSchema;

/** JSON Pointer (RFC 6901) escaping of one reference token. */
const escapeToken = (token: string): string => token.replaceAll("~", "~0").replaceAll("/", "~1");

export function resolvePointer(ref: string): JsonSchema {
  if (!ref.startsWith("#/")) throw new Error(`only local $refs are used by the spec, not ${ref}`);
  let node: unknown = document;
  for (const token of ref.slice(2).split("/")) {
    node = (node as JsonSchema | undefined)?.[token.replaceAll("~1", "/").replaceAll("~0", "~")];
  }
  if (node === null || typeof node !== "object") throw new Error(`${ref} does not resolve`);
  return node as JsonSchema;
}

export const deref = (node: JsonSchema): JsonSchema => dereference(node, resolvePointer);

/** Every operation of the spec, the two token endpoints included. */
export const operations: readonly OperationMetadata[] = Object.values(operationMetadata) as OperationMetadata[];
export const operationsById: ReadonlyMap<string, OperationMetadata> = new Map(
  operations.map((operation) => [operation.operationId, operation]),
);
export const bearerOperations = operations.filter((operation) => operation.security === "bearer");

export function operationOf(operationId: string): OperationMetadata {
  const operation = operationsById.get(operationId);
  if (operation === undefined) throw new Error(`no operation ${operationId}`);
  return operation;
}

function pathItemOf(operation: OperationMetadata): JsonSchema {
  return (document["paths"] as JsonSchema)[operation.path] as JsonSchema;
}

/** Where the operation object lives, as a JSON Pointer into the document. */
function operationPointer(operation: OperationMetadata): string {
  return `#/paths/${escapeToken(operation.path)}/${operation.method}`;
}

export interface Parameter {
  readonly name: string;
  readonly in: "path" | "query";
  readonly required: boolean;
  readonly schema: JsonSchema;
}

/** Path-item and operation parameters (the operation's win by name and location, OpenAPI 3.1 §4.8.9.1). */
export function parametersOf(operation: OperationMetadata): readonly Parameter[] {
  const pathItem = pathItemOf(operation);
  const own = pathItem[operation.method] as JsonSchema;
  const byKey = new Map<string, Parameter>();
  for (const node of [
    ...((pathItem["parameters"] as JsonSchema[] | undefined) ?? []),
    ...((own["parameters"] as JsonSchema[] | undefined) ?? []),
  ]) {
    const parameter = deref(node);
    const location = parameter["in"];
    if (location !== "path" && location !== "query") continue;
    byKey.set(`${location}:${String(parameter["name"])}`, {
      name: String(parameter["name"]),
      in: location,
      required: parameter["required"] === true,
      schema: (parameter["schema"] as JsonSchema | undefined) ?? {},
    });
  }
  return [...byKey.values()];
}

/** The request body schema for a media type (a `$ref` node, resolved by the generator). */
export function requestSchemaOf(operation: OperationMetadata, mediaType: string): JsonSchema | undefined {
  const body = (pathItemOf(operation)[operation.method] as JsonSchema)["requestBody"] as JsonSchema | undefined;
  const content = body === undefined ? undefined : (deref(body)["content"] as JsonSchema | undefined);
  return (content?.[mediaType] as JsonSchema | undefined)?.["schema"] as JsonSchema | undefined;
}

/** JSON Pointer of a response's schema, through a `$ref` to components/responses when there is one. */
function responseSchemaPointer(operation: OperationMetadata, status: string, mediaType: string): string {
  const node = ((pathItemOf(operation)[operation.method] as JsonSchema)["responses"] as JsonSchema)[
    status
  ] as JsonSchema;
  const base = typeof node["$ref"] === "string" ? node["$ref"] : `${operationPointer(operation)}/responses/${status}`;
  return `${base}/content/${escapeToken(mediaType)}/schema`;
}

/** The list entity's properties (the `value` items of a collection, or the entity itself). */
export function entityPropertiesOf(operation: OperationMetadata): Readonly<Record<string, JsonSchema>> {
  if (operation.odata === undefined) return {};
  let schema = deref(resolvePointer(responseSchemaPointer(operation, "200", "application/json")));
  if (operation.odata === "list")
    schema = deref(((schema["properties"] as JsonSchema)["value"] as JsonSchema)["items"] as JsonSchema);
  const members = Array.isArray(schema["allOf"]) ? (schema["allOf"] as JsonSchema[]).map(deref) : [schema];
  return Object.assign(
    {},
    ...members.map((member) => (member["properties"] as JsonSchema | undefined) ?? {}),
  ) as Record<string, JsonSchema>;
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
  const declared = (pathItemOf(operation)[operation.method] as JsonSchema)["requestBody"];
  if (declared === undefined) return body === undefined;
  return validatorAt(`${operationPointer(operation)}/requestBody/content/${escapeToken(mediaType)}/schema`)(body);
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
