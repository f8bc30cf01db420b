/**
 * Builds the one intermediate model from the bundled document. Everything an emitter needs is decided here
 * (client names, OData shapes, security, which schemas are bodies), and every problem of the spec found on the
 * way is reported at once as spec errors with pointers into the bundle.
 */
import { throwIfAny } from "../load/spec-error.js";
import type { ApiModel, OpenApiDocument } from "./model.js";
import { collectAssumptions } from "./assumptions.js";
import { buildGroups } from "./client-names.js";
import { isObject, Problems, stringOr } from "./document.js";
import { buildOperations, type SeenOperationIds } from "./operations.js";
import { buildSchemas } from "./schemas.js";
import { buildWebhooks } from "./webhooks.js";

export interface BuildModelOptions {
  /** Where the document came from, for generated file headers: `spec/openapi.yaml`. */
  readonly source: string;
}

export function buildModel(document: OpenApiDocument, options: BuildModelOptions): ApiModel {
  const problems = new Problems();
  const info = isObject(document["info"]) ? document["info"] : {};
  if (typeof info["title"] !== "string" || typeof info["version"] !== "string") problems.add("/info", "info needs a title and a version");

  const seenOperationIds: SeenOperationIds = new Map();
  const operations = buildOperations(document, seenOperationIds, problems);
  const webhooks = buildWebhooks(document, seenOperationIds, problems);
  const groups = buildGroups(operations, problems);
  const schemas = buildSchemas(document, operations, webhooks, problems);
  throwIfAny(problems.list);

  return {
    document,
    source: options.source,
    info: { title: stringOr(info["title"], ""), version: stringOr(info["version"], "") },
    groups,
    operations,
    schemas,
    webhooks,
    assumptions: collectAssumptions(document),
  };
}
