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
 * parameter, field and response; one list item per assumption). Reads the model only (schema nodes included, as
 * the model keeps them); which assumptions apply to an operation, the model decides (model/applicable-assumptions.ts).
 */
import { assumptionsUnder } from "../model/applicable-assumptions.js";
import type {
  ApiModel,
  AssumptionModel,
  MediaModel,
  OperationModel,
  ParameterModel,
  RequestBodyModel,
  ResponseModel,
  SchemaModel,
  SecurityRequirementModel,
  SecuritySchemeModel,
  ServerModel,
  WebhookModel,
} from "../model/model.js";
import { generatedHeader } from "../print/header.js";
import { propertyAccess } from "../print/names.js";
import { isJsonObject } from "../json-pointer/json-pointer.js";
import type { Emitter } from "./emitter.js";
import { code, count, oneLine, paragraph, slug, table } from "../print/markdown.js";
import {
  constraints,
  fields,
  resolveSchema,
  rules,
  schemaScope,
  typeText,
  type SchemaScope,
} from "./reference/schema-text.js";

export const referenceEmitter: Emitter = {
  name: "reference",
  emit({ model }) {
    const shown = new Set<AssumptionModel>();
    const sections = tagSections(model);
    const scope = schemaScope(model.schemas);
    const body = [
      ...sections.flatMap((section) => tagSection(scope, section, shown)),
      ...servers(model, shown),
      ...securitySchemes(model, shown),
      ...schemas(model, scope, shown),
    ];
    const rest = otherAssumptions(model, shown);
    const text = [...header(model), ...intro(model, sections, rest.length > 0), ...body, ...rest]
      .join("\n")
      .replace(/\n{3,}/g, "\n\n");
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
  const { openapi } = model;
  const contents = sections.map((section) => {
    const parts = [
      section.operations.length > 0 ? count(section.operations.length, "operation") : "",
      section.webhooks.length > 0 ? count(section.webhooks.length, "webhook") : "",
    ];
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
    ...paragraph(model.info.summary),
    ...paragraph(model.info.description),
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
  const names = model.tags.map((tag) => tag.name);
  for (const tag of [
    ...model.operations.map((operation) => operation.tag),
    ...model.webhooks.map((webhook) => webhook.tag),
  ])
    if (!names.includes(tag)) names.push(tag);
  return names.map((name) => ({
    name: name === "" ? "Untagged" : name,
    description: model.tags.find((tag) => tag.name === name)?.description ?? "",
    operations: model.operations.filter((operation) => operation.tag === name),
    webhooks: model.webhooks.filter((webhook) => webhook.tag === name),
  }));
}

function tagSection(scope: SchemaScope, section: TagSection, shown: Set<AssumptionModel>): string[] {
  const lines = [`## ${section.name}`, "", ...paragraph(section.description)];
  if (section.operations.length === 0 && section.webhooks.length === 0) lines.push("No operations.", "");
  for (const operation of section.operations) lines.push(...operationBlock(scope, operation, shown));
  for (const webhook of section.webhooks) lines.push(...webhookBlock(scope, webhook, shown));
  return lines;
}

function operationBlock(scope: SchemaScope, operation: OperationModel, shown: Set<AssumptionModel>): string[] {
  const facts = [
    `- Security: ${securityText(operation.securityRequirements)}`,
    ...(operation.servers === undefined ? [] : operation.servers.map((server) => `- Server: ${serverText(server)}`)),
    `- Client: ${code(`client${propertyAccess(operation.group)}${propertyAccess(operation.clientMethod)}`)}`,
    ...(operation.odataList === undefined
      ? []
      : [`- OData: a collection of ${code(operation.odataList.entitySchema)} (query options, paging)`]),
    ...(operation.odataEntity === undefined
      ? []
      : [`- OData: one ${code(operation.odataEntity.entitySchema)} (\`$select\`)`]),
    ...(operation.deprecated ? ["- Deprecated"] : []),
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
    ...requestBodyBlock(scope, operation.requestBody),
    ...responsesBlock(scope, operation.responses),
    ...assumptionList(operation.assumptions, shown),
  ];
}

function webhookBlock(scope: SchemaScope, webhook: WebhookModel, shown: Set<AssumptionModel>): string[] {
  const summary = webhook.summary.trim();
  return [
    `### ${webhook.operationId}`,
    "",
    `Webhook ${code(webhook.name)}: ${code(`${webhook.method.toUpperCase()}`)} to the subscriber's URL${summary === "" ? "" : `: ${summary}`}`,
    "",
    ...paragraph(webhook.description),
    `- Security: ${securityText(webhook.securityRequirements)}`,
    "",
    ...requestBodyBlock(
      scope,
      webhook.requestBody ?? { required: false, description: "", contents: [webhook.payload] },
    ),
    ...responsesBlock(scope, webhook.responses),
    ...assumptionList(webhook.assumptions, shown),
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

function requestBodyBlock(scope: SchemaScope, body: RequestBodyModel | undefined): string[] {
  if (body === undefined || body.contents.length === 0) return [];
  const rows = body.contents.map((media) => [code(media.mediaType), mediaSchemaText(scope, media)]);
  const lines = [
    `**Request body** (${body.required ? "required" : "optional"})`,
    "",
    ...paragraph(body.description),
    ...table(["media type", "schema"], rows),
    "",
  ];
  const seen = new Set<string>();
  for (const media of body.contents) {
    if (media.schemaPointer === undefined) continue;
    const schema = media.schema;
    const name = media.schemaName ?? resolveSchema(scope, schema).name;
    const key = name ?? media.schemaPointer;
    if (seen.has(key)) continue;
    seen.add(key);
    const label = `${name === undefined ? "the inline schema" : code(name)} (${code(media.mediaType)})`;
    lines.push(...fieldsBlock(scope, schema, label));
  }
  return lines;
}

/** The fields table and rules of a body or component schema; a schema without fields shows its type instead. */
function fieldsBlock(scope: SchemaScope, schema: unknown, label: string): string[] {
  const rows = fields(scope, schema);
  const lines: string[] = [];
  if (rows.length > 0) {
    lines.push(
      `Fields of ${label}:`,
      "",
      ...table(
        ["field", "type", "required", "constraints", "description"],
        rows.map((row) => [
          code(row.name),
          code(row.type),
          row.required ? "yes" : "no",
          row.constraints.map(code).join(", "),
          row.description,
        ]),
      ),
      "",
    );
  } else {
    const resolved = resolveSchema(scope, schema).node;
    const type = typeText(scope, isJsonObject(schema) && schema["$ref"] !== undefined ? resolved : schema);
    const limits = constraints(resolved);
    lines.push(`Type of ${label}: ${code(type)}${limits.length === 0 ? "" : `; ${limits.map(code).join(", ")}`}`, "");
  }
  const stated = rules(scope, schema);
  if (stated.length > 0) lines.push(`Rules of ${label}:`, "", ...stated.map((rule) => `- ${rule}`), "");
  return lines;
}

function responsesBlock(scope: SchemaScope, responses: readonly ResponseModel[]): string[] {
  if (responses.length === 0) return [];
  const rows = responses.map((response) => [
    code(response.status),
    response.description,
    response.contents.map((media) => `${code(media.mediaType)}: ${mediaSchemaText(scope, media)}`).join(", "),
    response.headers.map(code).join(", "),
  ]);
  return ["**Responses**", "", ...table(["status", "description", "body", "headers"], rows), ""];
}

function mediaSchemaText(scope: SchemaScope, media: MediaModel): string {
  if (media.schemaName !== undefined) return code(media.schemaName);
  if (media.schemaPointer === undefined) return "(no schema)";
  return code(typeText(scope, media.schema));
}

function assumptionList(found: readonly AssumptionModel[], shown: Set<AssumptionModel>): string[] {
  if (found.length === 0) return [];
  for (const assumption of found) shown.add(assumption);
  return [
    "**Assumptions**",
    "",
    ...found.map((assumption) => `- ${code(assumption.pointer)}: ${oneLine(assumption.text)}`),
    "",
  ];
}

/** Alternatives (any one suffices), each a list of schemes that all apply. */
function securityText(requirements: readonly SecurityRequirementModel[]): string {
  if (requirements.length === 0) return "none";
  return requirements
    .map((requirement) => {
      if (requirement.length === 0) return "none";
      return requirement
        .map(
          (entry) =>
            `${code(entry.scheme)}${entry.scopes.length === 0 ? "" : ` (scopes ${entry.scopes.map(code).join(", ")})`}`,
        )
        .join(" and ");
    })
    .join(" or ");
}

function serverText(server: ServerModel): string {
  const variables = Object.entries(server.variables).map(
    ([name, variable]) =>
      `${code(name)} default ${code(variable.default)}${variable.description === undefined ? "" : `: ${oneLine(variable.description)}`}`,
  );
  return `${code(server.url)}${variables.length === 0 ? "" : ` (${variables.join("; ")})`}`;
}

function servers(model: ApiModel, shown: Set<AssumptionModel>): string[] {
  const rows = model.servers.map((server) => {
    const described = Object.entries(server.variables).map(([name, variable]) => {
      const enumerated =
        variable.enum === undefined ? "" : `, one of ${variable.enum.map((item) => code(item)).join(", ")}`;
      const text = variable.description === undefined ? "" : `: ${variable.description}`;
      return `${code(name)} default ${code(variable.default)}${enumerated}${text}`;
    });
    return [code(server.url), server.description, described.join("; ")];
  });
  const found = assumptionsUnder(model.assumptions, "/servers");
  return [
    "## Servers",
    "",
    ...(rows.length === 0 ? ["None declared.", ""] : [...table(["url", "description", "variables"], rows), ""]),
    ...assumptionList(found, shown),
  ];
}

function securitySchemes(model: ApiModel, shown: Set<AssumptionModel>): string[] {
  const lines = ["## Security schemes", ""];
  if (model.securitySchemes.length === 0) return [...lines, "None declared.", ""];
  const rows = model.securitySchemes.map((scheme) => [
    code(scheme.name),
    code(scheme.type),
    schemeDetails(scheme),
    scheme.description,
  ]);
  lines.push(...table(["name", "type", "details", "description"], rows), "");
  const found = assumptionsUnder(model.assumptions, "/components/securitySchemes");
  return [...lines, ...assumptionList(found, shown)];
}

function schemeDetails(scheme: SecuritySchemeModel): string {
  const details = Object.entries(scheme.settings).map(([key, value]) => `${key} ${code(value)}`);
  for (const { flow, scopes, ...urls } of scheme.flows) {
    const listed = Object.entries(urls).map(([key, value]) => `${key} ${code(value)}`);
    details.push(
      `${flow} flow: ${[...listed, ...(scopes.length === 0 ? [] : [`scopes ${scopes.map(code).join(", ")}`])].join(", ")}`,
    );
  }
  return details.join("; ");
}

function schemas(model: ApiModel, scope: SchemaScope, shown: Set<AssumptionModel>): string[] {
  const lines = ["## Schemas", ""];
  if (model.schemas.length === 0) return [...lines, "None declared.", ""];
  for (const schema of model.schemas) lines.push(...schemaBlock(scope, schema, shown));
  return lines;
}

const usage: { readonly [key in SchemaModel["usedAs"][number]]: string } = {
  request: "request body",
  response: "response body",
  webhook: "webhook payload",
  nested: "nested in other schemas, parameters or inline bodies",
};

function schemaBlock(scope: SchemaScope, schema: SchemaModel, shown: Set<AssumptionModel>): string[] {
  const used = schema.usedAs.map((as) => usage[as]);
  return [
    `### Schema ${code(schema.name)}`,
    "",
    ...paragraph(schema.description),
    `Used as: ${used.length === 0 ? "unused" : used.join("; ")}.`,
    "",
    ...fieldsBlock(scope, schema.schema, code(schema.name)),
    ...assumptionList(schema.assumptions, shown),
  ];
}

function otherAssumptions(model: ApiModel, shown: ReadonlySet<AssumptionModel>): string[] {
  const rest = model.assumptions.filter((assumption) => !shown.has(assumption));
  if (rest.length === 0) return [];
  return [
    "## Other assumptions",
    "",
    "The `x-assumption`s that apply to no operation, server, security scheme or schema above.",
    "",
    ...rest.map((assumption) => `- ${code(assumption.pointer)}: ${oneLine(assumption.text)}`),
    "",
  ];
}
