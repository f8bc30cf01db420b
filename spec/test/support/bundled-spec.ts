/** The bundled spec the tests check; `make check-generated` guarantees it equals what spec/ bundles to. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { deref as followRefs, type JsonObject } from "@account-funds/generator/json-pointer";

export type { JsonObject };

export const bundlePath = fileURLToPath(new URL("../../../generated/openapi.json", import.meta.url));

export interface Operation extends JsonObject {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: JsonObject[];
  requestBody?: JsonObject;
  responses: { [status: string]: JsonObject };
}

export const httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

export function loadBundledSpec(): JsonObject {
  return JSON.parse(readFileSync(bundlePath, "utf8")) as JsonObject;
}

/** Follows local `$ref`s (`#/components/...`); other values, and refs that lead nowhere, come back unchanged. */
export function deref<T>(spec: JsonObject, node: T): T {
  const resolved = followRefs(spec, node);
  return resolved.ok ? (resolved.value as T) : node;
}

export interface LocatedOperation {
  readonly path: string;
  readonly method: string;
  readonly operation: Operation;
  /** Path-level parameters merged with the operation's own, dereferenced. */
  readonly parameters: JsonObject[];
}

export function listOperations(spec: JsonObject): LocatedOperation[] {
  const paths = (spec["paths"] ?? {}) as { [path: string]: JsonObject };
  return Object.entries(paths).flatMap(([path, rawItem]) => {
    const item = deref(spec, rawItem);
    const shared = ((item["parameters"] ?? []) as JsonObject[]).map((p) => deref(spec, p));
    return httpMethods
      .filter((method) => item[method] !== undefined)
      .map((method) => {
        const operation = item[method] as Operation;
        const own = (operation.parameters ?? []).map((p) => deref(spec, p));
        const parameters = [
          ...shared.filter((s) => !own.some((o) => o["name"] === s["name"] && o["in"] === s["in"])),
          ...own,
        ];
        return { path, method, operation, parameters };
      });
  });
}
