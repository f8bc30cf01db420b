/**
 * The validators' floors (validators/README.md, "Floors"): results and issues at the bottom, then one module per
 * identifier, the payment routings built from them, the request shapes built from fields and conditional rules, and
 * the entry points on top. The package imports nothing of ours.
 */
import { fileURLToPath } from "node:url";
import type { Floors } from "./import-graph.js";

export const validatorsFloors: Floors = {
  name: "validators",
  root: fileURLToPath(new URL("../../validators/", import.meta.url)),
  sources: ["src"],
  rooms: {
    // Results, issues, Standard Schema, JSON field readers: the ground floor.
    "src/core": [],
    // One module per bank identifier (python-stdnum style).
    "src/identifiers": ["src/core"],
    // The spec's custom formats for ajv, each an identifier check.
    "src/formats": ["src/core", "src/identifiers"],
    // One module per payment routing type, from the identifiers.
    "src/routing": ["src/core", "src/identifiers"],
    // The fields request shapes share (addresses, currency codes, enums, references).
    "src/requests/fields": ["src/core", "src/identifiers"],
    // The server-supplied RegEx rules: a safe dialect, compiled with re2js.
    "src/requests/rules/regex": ["src/core"],
    // Conditional rules that need context (sectors, currencies, additional information).
    "src/requests/rules": ["src/core", "src/requests/fields", "src/requests/rules/regex"],
    // One module per request shape.
    "src/requests": [
      "src/core",
      "src/identifiers",
      "src/routing",
      "src/requests/fields",
      "src/requests/rules",
      "src/requests/rules/regex",
    ],
    // Any error a form meets (issues, the client's errors, the API's error bodies) mapped to field names.
    "src/field-errors": ["src/core"],
    // The entry points (index.ts, node.ts).
    "src/*": [
      "src/core",
      "src/identifiers",
      "src/formats",
      "src/routing",
      "src/requests",
      "src/requests/rules/regex",
      "src/field-errors",
    ],
  },
};
