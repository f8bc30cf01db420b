/**
 * Builds the one intermediate model from the bundled document. Everything an emitter needs is decided here
 * (client names, OData shapes and entity shapes, security, examples, multipart parts, which schemas are bodies,
 * which assumptions apply where), and every problem of the spec found on the way is reported at once as spec
 * errors with pointers into the bundle.
 */
import { isJsonObject, type JsonObject } from "../json-pointer/json-pointer.js";
import { throwIfAny } from "../json-pointer/spec-error.js";
import type { ApiModel, OpenApiDocument, TagModel } from "./model.js";
import { collectAssumptions } from "./assumptions.js";
import { buildGroups, resolveMethodNames } from "./client-names.js";
import { Problems, stringOr, type ModelContext } from "./document.js";
import { buildOperations, declaredOperationIds, type SeenOperationIds } from "./operations.js";
import { buildSchemas } from "./schemas.js";
import { buildSecuritySchemes } from "./security.js";
import { documentServers } from "./servers.js";
import { buildWebhooks } from "./webhooks.js";

export interface BuildModelOptions {
  /** Where the document came from, for generated file headers: `spec/openapi.yaml`. */
  readonly source: string;
}

export function buildModel(document: OpenApiDocument, options: BuildModelOptions): ApiModel {
  const problems = new Problems();
  const info = isJsonObject(document["info"]) ? document["info"] : {};
  if (typeof info["title"] !== "string" || typeof info["version"] !== "string")
    problems.add("/info", "info needs a title and a version");

  const assumptions = collectAssumptions(document);
  const context: ModelContext = {
    document,
    problems,
    securitySchemes: buildSecuritySchemes(document, problems),
    assumptions,
    declaredOperationIds: declaredOperationIds(document),
  };
  const seenOperationIds: SeenOperationIds = new Map();
  const operations = resolveMethodNames(buildOperations(context, seenOperationIds));
  const webhooks = buildWebhooks(context, seenOperationIds);
  const groups = buildGroups(operations);
  const schemas = buildSchemas(document, operations, webhooks, assumptions, problems);
  const servers = documentServers(document, problems);
  throwIfAny(problems.list);

  return {
    documentForLibraries: document,
    source: options.source,
    openapi: stringOr(document["openapi"], ""),
    info: {
      title: stringOr(info["title"], ""),
      version: stringOr(info["version"], ""),
      summary: stringOr(info["summary"], ""),
      description: stringOr(info["description"], ""),
    },
    tags: declaredTags(document),
    servers,
    securitySchemes: context.securitySchemes,
    groups,
    operations,
    schemas,
    webhooks,
    assumptions,
    warnings: problems.warningList,
  };
}

/** The document's `tags`, in its order; a repeated name keeps its first declaration. */
function declaredTags(document: JsonObject): TagModel[] {
  const tags: TagModel[] = [];
  for (const tag of Array.isArray(document["tags"]) ? document["tags"] : []) {
    if (!isJsonObject(tag) || typeof tag["name"] !== "string" || tags.some((known) => known.name === tag["name"]))
      continue;
    tags.push({ name: tag["name"], description: stringOr(tag["description"], "") });
  }
  return tags;
}
