/**
 * The review's engine: two bundled OpenAPI 3.1 documents → every change between them (compare/), each judged by
 * the rules (rules/) on its side. Pure and in-process: what `make review`, `account-funds-review diff` and the
 * corpus test all run, once per pair of documents.
 */
import type { JsonObject } from "@account-funds/generator/json-pointer";
import { compareDocuments } from "./compare/document.js";
import { classifyChanges } from "./classify.js";
import type { Finding } from "./finding.js";

export function diffDocuments(base: JsonObject, revision: JsonObject): Finding[] {
  return classifyChanges(compareDocuments(base, revision), { base, revision });
}
