/**
 * `REFERENCE.md`: the spec as a reviewer reads it, and the file whose diff shows what a spec change changes. One
 * section per tag, in the spec's order, with its operations (and webhooks) in the spec's order: request, summary,
 * description, security, parameters, request bodies with the fields of their schemas one level deep, responses, and
 * every `x-assumption` that applies to the operation with its JSON pointer (its own, its path's, its parameters',
 * bodies' and responses', and those of the schemas it shows: reference/applies-to.ts). Then the servers, the
 * security schemes, every schema, and any assumption none of those shows.
 *
 * Deterministic to the byte: everything is in the spec's order (the bundle's, for schemas), with no dates or versions
 * beyond the spec's own, and line-oriented, so a spec change changes only the lines it concerns (one table row per
 * parameter, field and response; one list item per assumption). Reads the model only: what OperationModel does not
 * carry (tags and their descriptions, security requirements by scheme, request body descriptions, webhook
 * responses, schema nodes) comes from its bundled document, `model.document`.
 */
import { isObject, resolveRefs, Problems, type JsonObject } from "../model/document.js";
import { childPointer, getAtPointer } from "../model/json-pointer.js";
import type { ApiModel, AssumptionModel, MediaModel, OperationModel, ParameterModel, ResponseModel, SchemaModel, WebhookModel } from "../model/model.js";
import { buildRequestBody, buildResponses } from "../model/responses.js";
import { generatedHeader } from "../print/header.js";
import { propertyAccess } from "../print/names.js";
import type { Emitter } from "./emitter.js";
import { assumptionsIn, componentRegions, operationRegions } from "./reference/applies-to.js";
import { code, count, oneLine, paragraph, slug, table } from "./reference/markdown.js";
import { constraints, fields, resolveSchema, rules, typeText } from "./reference/schema-text.js";

export const referenceEmitter: Emitter = {
  name: "reference",
  emit(model) {
    const shown = new Set<AssumptionModel>();
    const sections = tagSections(model);
    const body = [
      ...sections.flatMap((section) => tagSection(model, section, shown)),
      ...servers(model, shown),
      ...securitySchemes(model, shown),
      ...schemas(model, shown),
    ];
    const rest = otherAssumptions(model, shown);
    const text = [...header(model), ...intro(model, sections, rest.length > 0), ...body, ...rest].join("\n").replace(/\n{3,}/g, "\n\n");
    return [{ path: "REFERENCE.md", contents: `${text.trimEnd()}\n` }];
  },
};

interface TagSection {
  readonly name: string;
  readonly description: string;
  readonly operations: readonly OperationModel[];
  readonly webhooks: readonly WebhookModel[];
}

function header(model: ApiModel): string[] {
  const lines = generatedHeader(model.source, `Reference of the ${model.info.title}: the spec as a reviewer reads it.`)
    .trimEnd()
    .split("\n")
    .map((line) => line.replace(/^\/\/ ?/, ""));
  return ["<!--", ...lines, "-->", ""];
}

function intro(model: ApiModel, sections: readonly TagSection[], otherAssumptions: boolean): string[] {
  const info = isObject(model.document["info"]) ? model.document["info"] : {};
  const openapi = typeof model.document["openapi"] === "string" ? model.document["openapi"] : "";
  const contents = sections.map((section) => {
    const parts = [section.operations.length > 0 ? count(section.operations.length, "operation") : "", section.webhooks.length > 0 ? count(section.webhooks.length, "webhook") : ""];
    const counted = parts.filter((part) => part !== "").join(", ");
    return `- [${section.name}](#${slug(section.name)})${counted === "" ? "" : `: ${counted}`}`;
  });
  return [
    `# ${model.info.title}: reference`,
    "",
    `Version ${code(model.info.version)}${openapi === "" ? "" : ` (OpenAPI ${code(openapi)})`}. Generated from the spec, so its diff is the readable view of a spec change:`,
    "one section per tag, in the spec's order, with its operations in the spec's order (request, parameters, request",
    "bodies with their fields one level deep, responses, security, and the `x-assumption`s that apply: the operation's",
    "own, its path's, its parameters', bodies' and responses', and those of the schemas it shows); then the servers, the",
    "security schemes and every schema. JSON pointers point into the bundled spec, [`openapi.json`](openapi.json).",
    "",
    ...(typeof info["summary"] === "string" ? paragraph(info["summary"]) : []),
    ...(typeof info["description"] === "string" ? paragraph(info["description"]) : []),
    "## Contents",
    "",
    ...contents,
    "- [Servers](#servers)",
    "- [Security schemes](#security-schemes)",
    "- [Schemas](#schemas)",
    ...(otherAssumptions ? ["- [Other assumptions](#other-assumptions)"] : []),
    "",
  ];
}

/** The spec's tags in its order, then tags only operations name (in order of first use), then untagged operations. */
function tagSections(model: ApiModel): TagSection[] {
  const declared = Array.isArray(model.document["tags"]) ? model.document["tags"].filter(isObject) : [];
  const names: string[] = [];
  const descriptions = new Map<string, string>();
  for (const tag of declared) {
    if (typeof tag["name"] !== "string" || names.includes(tag["name"])) continue;
    names.push(tag["name"]);
    descriptions.set(tag["name"], typeof tag["description"] === "string" ? tag["description"] : "");
  }
  const webhookTags = new Map(model.webhooks.map((webhook) => [webhook, firstTag(model.document, webhook.pointer)]));
  for (const tag of [...model.operations.map((operation) => operation.tag), ...webhookTags.values()]) if (!names.includes(tag)) names.push(tag);
  return names.map((name) => ({
    name: name === "" ? "Untagged" : name,
    description: descriptions.get(name) ?? "",
    operations: model.operations.filter((operation) => operation.tag === name),
    webhooks: model.webhooks.filter((webhook) => webhookTags.get(webhook) === name),
  }));
}

function firstTag(document: JsonObject, pointer: string): string {
  const node = getAtPointer(document, pointer);
  const tags = isObject(node) && Array.isArray(node["tags"]) ? node["tags"] : [];
  return typeof tags[0] === "string" ? tags[0] : "";
}

function tagSection(model: ApiModel, section: TagSection, shown: Set<AssumptionModel>): string[] {
  const lines = [`## ${section.name}`, "", ...paragraph(section.description)];
  if (section.operations.length === 0 && section.webhooks.length === 0) lines.push("No operations.", "");
  for (const operation of section.operations) lines.push(...operationBlock(model, operation, shown));
  for (const webhook of section.webhooks) lines.push(...webhookBlock(model, webhook, shown));
  return lines;
}

function operationBlock(model: ApiModel, operation: OperationModel, shown: Set<AssumptionModel>): string[] {
  const node = asObject(getAtPointer(model.document, operation.pointer));
  const requirements = securityRequirements(model.document, node);
  const facts = [
    `- Security: ${securityText(requirements)}`,
    ...(operation.servers === undefined ? [] : operation.servers.map((server) => `- Server: ${serverText(server)}`)),
    `- Client: ${code(`client${propertyAccess(operation.group)}${propertyAccess(operation.clientMethod)}`)}`,
    ...(operation.odataList === undefined ? [] : [`- OData: a collection of ${code(operation.odataList.entitySchema)} (query options, paging)`]),
    ...(operation.odataEntity === undefined ? [] : [`- OData: one ${code(operation.odataEntity.entitySchema)} (\`$select\`)`]),
    ...(node["deprecated"] === true ? ["- Deprecated"] : []),
  ];
  const parameters = [...operation.pathParameters, ...operation.queryParameters];
  return [
    `### ${operation.operationId}`,
    "",
    `${code(`${operation.method.toUpperCase()} ${operation.path}`)}${operation.summary === "" ? "" : `: ${operation.summary.trim()}`}`,
    "",
    ...paragraph(operation.description),
    ...facts,
    "",
    ...parametersBlock(parameters),
    ...requestBodyBlock(model, node, operation.pointer, operation.requestBody?.required ?? false, operation.requestBody?.contents ?? []),
    ...responsesBlock(model, operation.responses),
    ...assumptionsBlock(model, operation.pointer, requirements, shown),
  ];
}

function webhookBlock(model: ApiModel, webhook: WebhookModel, shown: Set<AssumptionModel>): string[] {
  const node = asObject(getAtPointer(model.document, webhook.pointer));
  const method = webhook.pointer.slice(webhook.pointer.lastIndexOf("/") + 1);
  const summary = typeof node["summary"] === "string" ? node["summary"].trim() : "";
  const requirements = securityRequirements(model.document, node);
  // The model keeps a webhook's payload only; its body and responses are read as the model reads an operation's.
  const body = buildRequestBody(model.document, node["requestBody"], childPointer(webhook.pointer, "requestBody"), new Problems());
  const responses = buildResponses(model.document, node["responses"], childPointer(webhook.pointer, "responses"), new Problems());
  return [
    `### ${webhook.operationId}`,
    "",
    `Webhook ${code(webhook.name)}: ${code(`${method.toUpperCase()}`)} to the subscriber's URL${summary === "" ? "" : `: ${summary}`}`,
    "",
    ...paragraph(typeof node["description"] === "string" ? node["description"] : ""),
    `- Security: ${securityText(requirements)}`,
    "",
    ...requestBodyBlock(model, node, webhook.pointer, body?.required ?? false, body?.contents ?? [webhook.payload]),
    ...responsesBlock(model, responses),
    ...assumptionsBlock(model, webhook.pointer, requirements, shown),
  ];
}

function parametersBlock(parameters: readonly ParameterModel[]): string[] {
  if (parameters.length === 0) return [];
  const rows = parameters.map((parameter) => [
    code(parameter.name),
    parameter.in,
    code(typeText({}, parameter.schema)),
    parameter.required ? "yes" : "no",
    constraints(parameter.schema).map(code).join(", "),
    parameter.description,
  ]);
  return ["**Parameters**", "", ...table(["name", "in", "type", "required", "constraints", "description"], rows), ""];
}

function requestBodyBlock(model: ApiModel, node: JsonObject, pointer: string, required: boolean, contents: readonly MediaModel[]): string[] {
  if (contents.length === 0) return [];
  const body = resolveRefs(model.document, node["requestBody"], childPointer(pointer, "requestBody"), new Problems());
  const description = body !== undefined && typeof body.node["description"] === "string" ? body.node["description"] : "";
  const rows = contents.map((media) => [code(media.mediaType), mediaSchemaText(model, media)]);
  const lines = [`**Request body** (${required ? "required" : "optional"})`, "", ...paragraph(description), ...table(["media type", "schema"], rows), ""];
  const seen = new Set<string>();
  for (const media of contents) {
    if (media.schemaPointer === undefined) continue;
    const schema = getAtPointer(model.document, media.schemaPointer);
    const name = media.schemaName ?? resolveSchema(model.document, schema).name;
    const key = name ?? media.schemaPointer;
    if (seen.has(key)) continue;
    seen.add(key);
    const label = `${name === undefined ? "the inline schema" : code(name)} (${code(media.mediaType)})`;
    lines.push(...fieldsBlock(model, schema, label));
  }
  return lines;
}

/** The fields table and rules of a body or component schema; a schema without fields shows its type instead. */
function fieldsBlock(model: ApiModel, schema: unknown, label: string): string[] {
  const rows = fields(model.document, schema);
  const lines: string[] = [];
  if (rows.length > 0) {
    lines.push(
      `Fields of ${label}:`,
      "",
      ...table(
        ["field", "type", "required", "constraints", "description"],
        rows.map((row) => [code(row.name), code(row.type), row.required ? "yes" : "no", row.constraints.map(code).join(", "), row.description]),
      ),
      "",
    );
  } else {
    const resolved = resolveSchema(model.document, schema).node;
    const type = typeText(model.document, isObject(schema) && schema["$ref"] !== undefined ? resolved : schema);
    const limits = constraints(resolved);
    lines.push(`Type of ${label}: ${code(type)}${limits.length === 0 ? "" : `; ${limits.map(code).join(", ")}`}`, "");
  }
  const stated = rules(model.document, schema);
  if (stated.length > 0) lines.push(`Rules of ${label}:`, "", ...stated.map((rule) => `- ${rule}`), "");
  return lines;
}

function responsesBlock(model: ApiModel, responses: readonly ResponseModel[]): string[] {
  if (responses.length === 0) return [];
  const rows = responses.map((response) => [
    code(response.status),
    response.description,
    response.contents.map((media) => `${code(media.mediaType)}: ${mediaSchemaText(model, media)}`).join(", "),
    response.headers.map(code).join(", "),
  ]);
  return ["**Responses**", "", ...table(["status", "description", "body", "headers"], rows), ""];
}

function mediaSchemaText(model: ApiModel, media: MediaModel): string {
  if (media.schemaName !== undefined) return code(media.schemaName);
  if (media.schemaPointer === undefined) return "(no schema)";
  return code(typeText(model.document, getAtPointer(model.document, media.schemaPointer)));
}

function assumptionsBlock(model: ApiModel, pointer: string, requirements: Requirements, shown: Set<AssumptionModel>): string[] {
  const schemes = [...new Set((requirements ?? []).flatMap((requirement) => requirement.map((entry) => entry.scheme)))];
  const found = assumptionsIn(model.assumptions, operationRegions(model.document, pointer, schemes));
  return assumptionList(found, shown);
}

function assumptionList(found: readonly AssumptionModel[], shown: Set<AssumptionModel>): string[] {
  if (found.length === 0) return [];
  for (const assumption of found) shown.add(assumption);
  return ["**Assumptions**", "", ...found.map((assumption) => `- ${code(assumption.pointer)}: ${oneLine(assumption.text)}`), ""];
}

/** Alternatives (any one suffices), each a list of schemes that all apply; undefined when nothing is declared. */
type Requirements = readonly (readonly { readonly scheme: string; readonly scopes: readonly string[] }[])[] | undefined;

function securityRequirements(document: JsonObject, operation: JsonObject): Requirements {
  const declared = operation["security"] ?? document["security"];
  if (!Array.isArray(declared)) return undefined;
  return declared.filter(isObject).map((requirement) =>
    Object.entries(requirement).map(([scheme, scopes]) => ({
      scheme,
      scopes: Array.isArray(scopes) ? scopes.filter((scope): scope is string => typeof scope === "string") : [],
    })),
  );
}

function securityText(requirements: Requirements): string {
  if (requirements === undefined || requirements.length === 0) return "none";
  return requirements
    .map((requirement) => {
      if (requirement.length === 0) return "none";
      return requirement.map((entry) => `${code(entry.scheme)}${entry.scopes.length === 0 ? "" : ` (scopes ${entry.scopes.map(code).join(", ")})`}`).join(" and ");
    })
    .join(" or ");
}

function serverText(server: { readonly url: string; readonly variables: { readonly [name: string]: { readonly default: string; readonly description?: string } } }): string {
  const variables = Object.entries(server.variables).map(
    ([name, variable]) => `${code(name)} default ${code(variable.default)}${variable.description === undefined ? "" : `: ${oneLine(variable.description)}`}`,
  );
  return `${code(server.url)}${variables.length === 0 ? "" : ` (${variables.join("; ")})`}`;
}

function servers(model: ApiModel, shown: Set<AssumptionModel>): string[] {
  const list = Array.isArray(model.document["servers"]) ? model.document["servers"].filter(isObject) : [];
  const rows = list.map((server) => {
    const variables = isObject(server["variables"]) ? server["variables"] : {};
    const described = Object.entries(variables).map(([name, variable]) => {
      const value = asObject(variable);
      const fallback = typeof value["default"] === "string" ? ` default ${code(value["default"])}` : "";
      const enumerated = Array.isArray(value["enum"]) ? `, one of ${value["enum"].map((item) => code(String(item))).join(", ")}` : "";
      const text = typeof value["description"] === "string" ? `: ${value["description"]}` : "";
      return `${code(name)}${fallback}${enumerated}${text}`;
    });
    return [code(typeof server["url"] === "string" ? server["url"] : ""), typeof server["description"] === "string" ? server["description"] : "", described.join("; ")];
  });
  const found = assumptionsIn(model.assumptions, componentRegions("/servers"));
  return ["## Servers", "", ...(rows.length === 0 ? ["None declared.", ""] : [...table(["url", "description", "variables"], rows), ""]), ...assumptionList(found, shown)];
}

function securitySchemes(model: ApiModel, shown: Set<AssumptionModel>): string[] {
  const components = asObject(model.document["components"]);
  const schemes = asObject(components["securitySchemes"]);
  const lines = ["## Security schemes", ""];
  if (Object.keys(schemes).length === 0) return [...lines, "None declared.", ""];
  const rows = Object.entries(schemes).map(([name, value]) => {
    const scheme = asObject(value);
    return [code(name), code(typeof scheme["type"] === "string" ? scheme["type"] : ""), schemeDetails(scheme), typeof scheme["description"] === "string" ? scheme["description"] : ""];
  });
  lines.push(...table(["name", "type", "details", "description"], rows), "");
  const found = assumptionsIn(model.assumptions, componentRegions("/components/securitySchemes"));
  return [...lines, ...assumptionList(found, shown)];
}

function schemeDetails(scheme: JsonObject): string {
  const details: string[] = [];
  for (const key of ["scheme", "bearerFormat", "in", "name", "openIdConnectUrl"]) {
    if (typeof scheme[key] === "string") details.push(`${key} ${code(scheme[key])}`);
  }
  for (const [flow, value] of Object.entries(asObject(scheme["flows"]))) {
    const settings = asObject(value);
    const urls = ["authorizationUrl", "tokenUrl", "refreshUrl"].filter((key) => typeof settings[key] === "string").map((key) => `${key} ${code(String(settings[key]))}`);
    const scopes = Object.keys(asObject(settings["scopes"])).map(code);
    details.push(`${flow} flow: ${[...urls, ...(scopes.length === 0 ? [] : [`scopes ${scopes.join(", ")}`])].join(", ")}`);
  }
  return details.join("; ");
}

function schemas(model: ApiModel, shown: Set<AssumptionModel>): string[] {
  const lines = ["## Schemas", ""];
  if (model.schemas.length === 0) return [...lines, "None declared.", ""];
  for (const schema of model.schemas) lines.push(...schemaBlock(model, schema, shown));
  return lines;
}

const usage: { readonly [key in SchemaModel["usedAs"][number]]: string } = {
  request: "request body",
  response: "response body",
  webhook: "webhook payload",
  nested: "nested in other schemas, parameters or inline bodies",
};

function schemaBlock(model: ApiModel, schema: SchemaModel, shown: Set<AssumptionModel>): string[] {
  const node = getAtPointer(model.document, schema.pointer);
  const used = schema.usedAs.map((as) => usage[as]);
  return [
    `### Schema ${code(schema.name)}`,
    "",
    ...paragraph(schema.description),
    `Used as: ${used.length === 0 ? "unused" : used.join("; ")}.`,
    "",
    ...fieldsBlock(model, node, code(schema.name)),
    ...assumptionList(assumptionsIn(model.assumptions, componentRegions(schema.pointer)), shown),
  ];
}

function otherAssumptions(model: ApiModel, shown: ReadonlySet<AssumptionModel>): string[] {
  const rest = model.assumptions.filter((assumption) => !shown.has(assumption));
  if (rest.length === 0) return [];
  return ["## Other assumptions", "", "The `x-assumption`s that apply to no operation, server, security scheme or schema above.", "", ...rest.map((assumption) => `- ${code(assumption.pointer)}: ${oneLine(assumption.text)}`), ""];
}

function asObject(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}
