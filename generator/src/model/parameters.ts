/**
 * An operation's parameters: path-level and operation-level merged (the operation's own win, by name and
 * location), `$ref`s followed, schemas dereferenced; path parameters in the order the path template names them.
 */
import { childPointer, isJsonObject, isJsonValue, type JsonObject } from "../json-pointer/json-pointer.js";
import type { ParameterModel, ScalarType } from "./model.js";
import { resolveRefs, stringOr, type Problems } from "./document.js";
import { dereferenceSchema } from "./dereference-schema.js";

export interface OperationParameters {
  readonly pathParameters: readonly ParameterModel[];
  readonly queryParameters: readonly ParameterModel[];
  readonly headerParameters: readonly ParameterModel[];
  readonly cookieParameters: readonly ParameterModel[];
}

/** Headers a header parameter may not name: OpenAPI 3.1 §4.8.12.1 says such a parameter definition is ignored. */
const ignoredHeaders = new Set(["accept", "content-type", "authorization"]);

interface Site {
  readonly node: unknown;
  readonly pointer: string;
}

export function buildParameters(
  document: JsonObject,
  path: string,
  pathItem: Site,
  operation: Site,
  problems: Problems,
): OperationParameters {
  const byKey = new Map<string, ParameterModel>();
  /** Parameters that are declared but broken (already reported), so they are not reported again as missing. */
  const broken = new Set<string>();
  for (const owner of [pathItem, operation]) {
    const list = isJsonObject(owner.node) ? owner.node["parameters"] : undefined;
    if (list === undefined) continue;
    const listPointer = childPointer(owner.pointer, "parameters");
    if (!Array.isArray(list)) {
      problems.add(listPointer, "parameters must be a list");
      continue;
    }
    list.forEach((entry: unknown, index) => {
      const parameter = buildParameter(document, entry, childPointer(listPointer, index), problems);
      if ("broken" in parameter) broken.add(parameter.broken);
      else byKey.set(`${parameter.in}:${parameter.name}`, parameter);
    });
  }
  const parameters = [...byKey.values()];

  const templateNames = [...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1] ?? "");
  const pathParameters: ParameterModel[] = [];
  for (const name of templateNames) {
    const declared = parameters.find((parameter) => parameter.in === "path" && parameter.name === name);
    if (declared === undefined && !broken.has(`path:${name}`))
      problems.add(operation.pointer, `path parameter {${name}} of ${path} is not declared`);
    else if (declared !== undefined) pathParameters.push(declared);
  }
  for (const parameter of parameters) {
    if (parameter.in === "path" && !templateNames.includes(parameter.name)) {
      problems.add(
        operation.pointer,
        `path parameter ${parameter.name} is declared but ${path} has no {${parameter.name}}`,
      );
    }
  }
  return {
    pathParameters,
    queryParameters: parameters.filter((parameter) => parameter.in === "query"),
    headerParameters: parameters.filter(
      (parameter) => parameter.in === "header" && !ignoredHeaders.has(parameter.name.toLowerCase()),
    ),
    cookieParameters: parameters.filter((parameter) => parameter.in === "cookie"),
  };
}

/** The parameter, or the `in:name` key of a broken one (its problem is reported). */
function buildParameter(
  document: JsonObject,
  entry: unknown,
  pointer: string,
  problems: Problems,
): ParameterModel | { readonly broken: string } {
  const resolved = resolveRefs(document, entry, pointer, problems);
  if (resolved === undefined) return { broken: "" };
  const { node } = resolved;
  const name = node["name"];
  const location = node["in"];
  if (typeof name !== "string" || name === "") {
    problems.add(resolved.pointer, "parameter has no name");
    return { broken: "" };
  }
  if (location !== "path" && location !== "query" && location !== "header" && location !== "cookie") {
    problems.add(resolved.pointer, `parameter ${name} has no valid \`in\` (path, query, header or cookie)`);
    return { broken: `${String(location)}:${name}` };
  }
  if (location === "header" && ignoredHeaders.has(name.toLowerCase()))
    problems.warn(
      resolved.pointer,
      `header parameter ${name} is ignored, as OpenAPI says of Accept, Content-Type and Authorization: the client sets that header itself`,
    );
  // OpenAPI allows `content` (one media type with its schema) instead of `schema`: the value is that media type's.
  const content = isJsonObject(node["content"]) ? Object.entries(node["content"])[0] : undefined;
  const schemaNode =
    node["schema"] ?? (content !== undefined && isJsonObject(content[1]) ? content[1]["schema"] : undefined);
  const schemaPointer =
    node["schema"] !== undefined || content === undefined
      ? childPointer(resolved.pointer, "schema")
      : childPointer(childPointer(childPointer(resolved.pointer, "content"), content[0]), "schema");
  if (!isJsonObject(schemaNode)) {
    problems.add(resolved.pointer, `${location} parameter ${name} has no schema`);
    return { broken: `${location}:${name}` };
  }
  const required = node["required"] === true;
  if (location === "path" && !required)
    problems.add(resolved.pointer, `path parameter ${name} must be \`required: true\``);
  const schema = dereferenceSchema(document, schemaNode, schemaPointer, problems);
  const example = node["example"];
  return {
    name,
    in: location,
    required,
    description: stringOr(node["description"], ""),
    schema,
    scalarType: scalarType(schema),
    ...(isJsonValue(example) ? { example } : {}),
  };
}

/** The JSON type a parameter's text is read as: its schema's `type` (the non-null one of a list), else a string. */
function scalarType(schema: JsonObject): ScalarType {
  const declared = schema["type"];
  const type: unknown = Array.isArray(declared) ? declared.find((candidate) => candidate !== "null") : declared;
  return type === "integer" || type === "number" || type === "boolean" ? type : "string";
}
