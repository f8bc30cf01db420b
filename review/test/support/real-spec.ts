/**
 * The real bundled spec: generated/openapi.json, the committed output of `make generate` (make check-generated
 * keeps it equal to what spec/ bundles to). Mutation tests start from a fresh copy of it, so they need neither
 * git nor the generator.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isJsonObject, type JsonObject } from "@account-funds/generator/json-pointer";
import { repositoryRoot } from "../../src/paths.js";

const text = readFileSync(join(repositoryRoot, "generated", "openapi.json"), "utf8");

/**
 * The spec as the mutation tests edit it: a JSON document reached into by path (`spec["paths"][path]["get"]`),
 * whose every level they both read and assign. `any` is the point here, and stays in the tests.
 */
// oxlint-disable-next-line typescript/no-explicit-any
export type Spec = Record<string, any>;

/** A fresh, mutable copy for each call. */
export function realSpec(): Spec {
  return JSON.parse(text) as Spec;
}

const parsed: unknown = JSON.parse(text);
if (!isJsonObject(parsed)) throw new Error("generated/openapi.json is not a JSON object");
export const realSpecJson: JsonObject = parsed;
