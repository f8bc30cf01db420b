/**
 * What the pipeline knows of each operation, taken from the spec the client was generated from
 * (`@account-funds/client/openapi.json` and its precompiled validators): parameter checks, the entity shape
 * for OData options, and the request and response validators. Built once at start-up.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import {
  loadOperationValidators,
  operationMetadata,
  type OperationId,
  type OperationMetadata,
} from "@account-funds/client";
import { addAccountFundsFormats } from "@account-funds/validators";
import { entityShapeFromSchema, type EntityShape } from "../odata/index.js";

// ajv-formats is CommonJS: under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type JsonObject = { readonly [key: string]: unknown };

export interface ParameterSpec {
  readonly name: string;
  readonly in: "path" | "query";
  readonly required: boolean;
  /** The schema's type, for turning the URL's text into a JSON value before it is checked. */
  readonly type: "string" | "integer" | "number" | "boolean";
}

export interface OperationContract {
  readonly metadata: OperationMetadata;
  readonly parameters: readonly ParameterSpec[];
  /** Checks `{ path: {...}, query: {...} }` after the text is turned into typed values. */
  readonly checkParameters: ValidateFunction;
  /** For OData lists and entities: the properties `$filter`, `$select` and `$orderby` may name. */
  readonly entityShape?: EntityShape;
}

export interface Contract {
  readonly document: JsonObject;
  readonly operations: ReadonlyMap<string, OperationContract>;
  readonly validators: Awaited<ReturnType<typeof loadOperationValidators>>;
}

const OPENAPI_ID = "openapi.json";

function readDocument(): JsonObject {
  const path = fileURLToPath(import.meta.resolve("@account-funds/client/openapi.json"));
  return JSON.parse(readFileSync(path, "utf8")) as JsonObject;
}

function resolvePointer(document: JsonObject, ref: string): JsonObject {
  if (!ref.startsWith("#/")) throw new Error(`unsupported $ref ${ref}`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    node = (node as JsonObject | undefined)?.[key];
  }
  if (node === null || typeof node !== "object") throw new Error(`$ref ${ref} does not resolve`);
  return node as JsonObject;
}

function deref(document: JsonObject, node: JsonObject): JsonObject {
  return typeof node["$ref"] === "string" ? resolvePointer(document, node["$ref"]) : node;
}

/** Local `#/...` refs inside a parameter schema point into the registered document instead. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string" && value.startsWith("#/") ? `${OPENAPI_ID}${value}` : rebase(value),
    ]),
  );
}

function scalarType(schema: JsonObject): ParameterSpec["type"] {
  const type = Array.isArray(schema["type"]) ? (schema["type"] as unknown[]).find((t) => t !== "null") : schema["type"];
  return type === "integer" || type === "number" || type === "boolean" ? type : "string";
}

function successSchema(document: JsonObject, operation: JsonObject): JsonObject | undefined {
  const responses = operation["responses"] as JsonObject | undefined;
  const success = responses?.["200"] as JsonObject | undefined;
  if (success === undefined) return undefined;
  const content = deref(document, success)["content"] as JsonObject | undefined;
  const schema = (content?.["application/json"] as JsonObject | undefined)?.["schema"] as JsonObject | undefined;
  return schema;
}

function entityShapeOf(
  document: JsonObject,
  metadata: OperationMetadata,
  operation: JsonObject,
): EntityShape | undefined {
  if (metadata.odata === undefined) return undefined;
  const schema = successSchema(document, operation);
  if (schema === undefined) return undefined;
  const resolve = (ref: string): JsonObject => resolvePointer(document, ref);
  if (metadata.odata === "list") {
    const collection = deref(document, schema);
    const items = ((collection["properties"] as JsonObject | undefined)?.["value"] as JsonObject | undefined)?.[
      "items"
    ] as JsonObject | undefined;
    return items === undefined ? undefined : entityShapeFromSchema(items, resolve);
  }
  return entityShapeFromSchema(schema, resolve);
}

export async function loadContract(): Promise<Contract> {
  const document = readDocument();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  addAccountFundsFormats(ajv);
  ajv.addSchema(document, OPENAPI_ID);
  const paths = document["paths"] as JsonObject;
  const operations = new Map<string, OperationContract>();
  for (const metadata of Object.values(operationMetadata) as OperationMetadata[]) {
    const pathItem = paths[metadata.path] as JsonObject;
    const operation = pathItem[metadata.method] as JsonObject;
    // OpenAPI 3.1 §4.8.9.1: path-item parameters apply to every operation, which may override them by name and location.
    const declared = [
      ...((pathItem["parameters"] as JsonObject[] | undefined) ?? []),
      ...((operation["parameters"] as JsonObject[] | undefined) ?? []),
    ]
      .map((node) => deref(document, node))
      .reduce(
        (byKey, parameter) => byKey.set(`${String(parameter["in"])}:${String(parameter["name"])}`, parameter),
        new Map<string, JsonObject>(),
      );
    const parameters: ParameterSpec[] = [];
    const properties: Record<string, Record<string, unknown>> = { path: {}, query: {} };
    const required: Record<string, string[]> = { path: [], query: [] };
    for (const parameter of declared.values()) {
      const location = parameter["in"];
      if (location !== "path" && location !== "query") continue;
      const name = parameter["name"] as string;
      const schema = deref(document, (parameter["schema"] as JsonObject | undefined) ?? {});
      parameters.push({ name, in: location, required: parameter["required"] === true, type: scalarType(schema) });
      properties[location]![name] = rebase(parameter["schema"] ?? {});
      if (parameter["required"] === true) required[location]!.push(name);
    }
    const checkParameters = ajv.compile({
      type: "object",
      properties: {
        path: { type: "object", properties: properties["path"], required: required["path"] },
        query: { type: "object", properties: properties["query"], required: required["query"] },
      },
    });
    const entityShape = entityShapeOf(document, metadata, operation);
    operations.set(metadata.operationId, {
      metadata,
      parameters,
      checkParameters,
      ...(entityShape === undefined ? {} : { entityShape }),
    });
  }
  return { document, operations, validators: await loadOperationValidators() };
}

export type { OperationId };
