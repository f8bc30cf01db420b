/**
 * Paths, webhooks and callbacks, their operations, and what an operation is made of: parameters, request body,
 * responses, security, servers. A path is matched by its template with parameter names left out (`/a/{id}` is
 * `/a/{accountId}`); a webhook by its name, or, when a removed one and an added one are the same operation, as a
 * rename. For an operation of `paths` the client sends the parameters and body (request side) and receives the
 * responses; for a webhook or callback the API sends the request, so its parameters and payload are data the
 * client receives (response side) and what the client answers is the request side.
 */
import { childPointer, isJsonObject } from "@account-funds/generator/json-pointer";
import {
  at,
  compareContent,
  compareHeader,
  compareMap,
  compareRemainingFields,
  compareShared,
  matchNames,
  objectOf,
  resolveObject,
} from "./objects.js";
import type { Change } from "../change.js";
import type { Recorder, Scope } from "./recorder.js";
import type { Located } from "./schemas.js";
import { compareParameters } from "./parameters.js";
import { compareSecurity } from "./security.js";
import { compareServers } from "./servers.js";
import { canonical } from "./values.js";

export const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"] as const;
const methodSet: ReadonlySet<string> = new Set(methods);

/** `/accounts/{accountId}/items` → `/accounts/{}/items`: the same path whatever its parameters are called. */
export const pathKey = (path: string): string => path.replace(/\{[^}]*\}/g, "{}");

export type Section = "paths" | "webhooks" | "callback";

export function comparePathItems(
  recorder: Recorder,
  section: Section,
  base: Located,
  revision: Located,
  parent?: Scope,
): void {
  const old = objectOf(base);
  const now = objectOf(revision);
  const keyOf = section === "paths" ? pathKey : (name: string) => name;
  const { pairs, removed, added } = matchNames(old, now, keyOf);
  const node = section === "paths" ? "path" : section === "webhooks" ? "webhook" : "callback";
  const scope = (name: string): Scope => ({
    side: "call",
    polarity: "normal",
    operation: parent?.operation ?? (section === "webhooks" ? `webhook ${name}` : name),
    webhook: section !== "paths",
  });
  for (const name of removed) {
    const renamed =
      section === "webhooks" ? added.find((candidate) => sameWebhook(recorder, old[name], now[candidate])) : undefined;
    if (renamed !== undefined) {
      added.splice(added.indexOf(renamed), 1);
      recorder.record(scope(renamed), {
        node,
        kind: "changed",
        property: "name",
        basePointer: childPointer(base.pointer, name),
        revisionPointer: childPointer(revision.pointer, renamed),
        before: name,
        after: renamed,
        detail: { from: name, to: renamed },
      });
      continue;
    }
    const removedChange = recorder.record(scope(name), {
      node,
      kind: "removed",
      basePointer: childPointer(base.pointer, name),
      before: old[name],
      detail: { name },
    });
    if (section === "paths")
      nameOperations(removedChange, resolveObject(recorder, "base", { node: old[name], pointer: "" }).node, name);
  }
  for (const name of added) {
    const addedChange = recorder.record(scope(name), {
      node,
      kind: "added",
      revisionPointer: childPointer(revision.pointer, name),
      after: now[name],
      detail: { name },
    });
    if (section === "paths")
      nameOperations(addedChange, resolveObject(recorder, "revision", { node: now[name], pointer: "" }).node, name);
  }
  for (const [name, match] of pairs) {
    comparePathItem(
      recorder,
      section,
      match,
      resolveObject(recorder, "base", { node: old[name], pointer: childPointer(base.pointer, name) }),
      resolveObject(recorder, "revision", { node: now[match], pointer: childPointer(revision.pointer, match) }),
      parent,
    );
  }
}

/** A path added or removed concerns each of its operations: `GET /path`, `POST /path`. */
function nameOperations(change: Change, pathItem: unknown, path: string): void {
  if (!isJsonObject(pathItem)) return;
  const labels = methods
    .filter((method) => pathItem[method] !== undefined)
    .map((method) => `${method.toUpperCase()} ${path}`);
  if (labels.length === 0) return;
  change.operations.clear();
  for (const label of labels) change.operations.add(label);
}

/** A renamed webhook: a removed one and an added one whose operations are the same but for their documentation. */
function sameWebhook(recorder: Recorder, old: unknown, now: unknown): boolean {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!isJsonObject(value)) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "description" && key !== "summary" && key !== "operationId")
        .map(([key, item]) => [key, strip(item)]),
    );
  };
  const from = resolveObject(recorder, "base", { node: old, pointer: "" }).node;
  const to = resolveObject(recorder, "revision", { node: now, pointer: "" }).node;
  return canonical(strip(from)) === canonical(strip(to));
}

const pathItemFields = new Set([...methods, "parameters", "servers", "summary", "description", "$ref"]);

function comparePathItem(
  recorder: Recorder,
  section: Section,
  name: string,
  base: Located,
  revision: Located,
  parent?: Scope,
): void {
  const old = objectOf(base);
  const now = objectOf(revision);
  const label = (method: string): string =>
    parent?.operation ?? (section === "webhooks" ? `webhook ${name}` : `${method.toUpperCase()} ${name}`);
  const callScope = (method: string): Scope => ({
    side: "call",
    polarity: "normal",
    operation: label(method),
    webhook: section !== "paths",
  });
  for (const method of methods) {
    const before = old[method];
    const after = now[method];
    if (before === undefined && after === undefined) continue;
    const basePointer = childPointer(base.pointer, method);
    const revisionPointer = childPointer(revision.pointer, method);
    if (after === undefined)
      recorder.record(callScope(method), {
        node: "operation",
        kind: "removed",
        basePointer,
        before,
        detail: { name: label(method) },
      });
    else if (before === undefined)
      recorder.record(callScope(method), {
        node: "operation",
        kind: "added",
        revisionPointer,
        after,
        detail: { name: label(method) },
      });
    else
      compareOperation(
        recorder,
        callScope(method),
        { node: before, pointer: basePointer },
        { node: after, pointer: revisionPointer },
        { base: at(base, "parameters"), revision: at(revision, "parameters") },
      );
  }
  const scope = callScope("");
  compareServers(recorder, scope, at(base, "servers"), at(revision, "servers"));
  compareRemainingFields(
    recorder,
    scope,
    section === "paths" ? "path" : section === "webhooks" ? "webhook" : "callback",
    base,
    revision,
    pathItemFields,
  );
}

const operationFields = new Set(["parameters", "requestBody", "responses", "callbacks", "security", "servers"]);

function compareOperation(
  recorder: Recorder,
  scope: Scope,
  base: Located,
  revision: Located,
  pathParameters: { readonly base: Located; readonly revision: Located },
): void {
  const incoming: Scope = { ...scope, side: scope.webhook ? "response" : "request" };
  const outgoing: Scope = { ...scope, side: scope.webhook ? "request" : "response" };
  compareParameters(
    recorder,
    incoming,
    [pathParameters.base, at(base, "parameters")],
    [pathParameters.revision, at(revision, "parameters")],
  );
  const bodies = { base: at(base, "requestBody"), revision: at(revision, "requestBody") };
  if (bodies.base.node === undefined || bodies.revision.node === undefined) {
    if (bodies.base.node !== bodies.revision.node)
      recorder.record(incoming, {
        node: "request-body",
        kind: bodies.base.node === undefined ? "added" : "removed",
        ...(bodies.base.node === undefined
          ? {
              revisionPointer: bodies.revision.pointer,
              after: resolveObject(recorder, "revision", bodies.revision).node,
            }
          : { basePointer: bodies.base.pointer, before: resolveObject(recorder, "base", bodies.base).node }),
      });
  } else {
    compareShared(recorder, incoming, "request-body", bodies.base, bodies.revision, (from, to) => {
      compareContent(recorder, incoming, at(from, "content"), at(to, "content"));
      compareRemainingFields(recorder, incoming, "request-body", from, to, new Set(["content"]));
    });
  }
  compareMap(
    recorder,
    outgoing,
    "response",
    at(base, "responses"),
    at(revision, "responses"),
    (status, from, to) =>
      compareShared(recorder, outgoing, "response", from, to, (old, now) =>
        compareResponse(recorder, outgoing, status, old, now),
      ),
    (status) => status.toUpperCase(),
    (status) => ({ status }),
  );
  compareMap(recorder, scope, "callback", at(base, "callbacks"), at(revision, "callbacks"), (name, from, to) => {
    const old = resolveObject(recorder, "base", from);
    const now = resolveObject(recorder, "revision", to);
    comparePathItems(recorder, "callback", old, now, { ...scope, operation: `${scope.operation} callback ${name}` });
  });
  compareSecurity(recorder, scope, base, revision);
  compareServers(recorder, scope, at(base, "servers"), at(revision, "servers"));
  compareRemainingFields(recorder, scope, "operation", base, revision, operationFields);
}

function compareResponse(recorder: Recorder, scope: Scope, status: string, base: Located, revision: Located): void {
  compareMap(
    recorder,
    scope,
    "header",
    at(base, "headers"),
    at(revision, "headers"),
    (name, from, to) => compareHeader(recorder, scope, name, from, to),
    (name) => name.toLowerCase(),
    (name, value) => ({ name, status, parameter: { required: isJsonObject(value) && value["required"] === true } }),
  );
  compareContent(recorder, scope, at(base, "content"), at(revision, "content"));
  compareMap(recorder, scope, "link", at(base, "links"), at(revision, "links"), (name, from, to) =>
    compareRemainingFields(recorder, scope, "link", from, to, new Set(), { name, status }),
  );
  compareRemainingFields(recorder, scope, "response", base, revision, new Set(["headers", "content", "links"]), {
    status,
  });
}

export const isMethod = (key: string): boolean => methodSet.has(key);
