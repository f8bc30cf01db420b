/**
 * Maps a pointer into the bundled document back to the spec file a person edits: it walks the pointer through
 * the unbundled root file, following each `$ref` into the file it names, so
 * `/paths/~1api~1v1~1Accounts/get` becomes `spec/paths/accounts.yaml#/Accounts/get`. Components the bundler
 * hoisted (`/components/schemas/FeeDto/...`) are found by their file name among the files the bundle read.
 * Files are parsed only when an error needs them.
 */
import { readFileSync } from "node:fs";
import { basename, dirname, extname, resolve } from "node:path";
import { parseYaml } from "@redocly/openapi-core";
import {
  formatPointer,
  isPointer,
  parsePointer,
  resolvePointer,
  type JsonObject,
} from "../json-pointer/json-pointer.js";
import { displayPath } from "./display-path.js";

export interface SourceLocation {
  readonly file: string;
  readonly pointer: string;
}

export type SourceLocator = (bundlePointer: string) => SourceLocation | undefined;

/** Objects and arrays alike: a pointer walks through both. */
function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object";
}

export function createSourceLocator(rootFile: string, files: readonly string[]): SourceLocator {
  const parsed = new Map<string, unknown>();
  const parse = (file: string): unknown => {
    if (!parsed.has(file)) {
      try {
        parsed.set(file, parseYaml(readFileSync(file, "utf8")));
      } catch {
        parsed.set(file, undefined);
      }
    }
    return parsed.get(file);
  };

  /** The file a hoisted component came from: `<name>.yaml`, preferring one in a folder named like the kind. */
  const componentFile = (kind: string, name: string): string | undefined => {
    const candidates = files.filter((file) => basename(file, extname(file)) === name);
    if (candidates.length <= 1) return candidates[0];
    const inKindFolder = candidates.filter((file) => basename(dirname(file)) === kind);
    return inKindFolder.length === 1 ? inKindFolder[0] : undefined;
  };

  const walk = (file: string, node: unknown, at: string[], segments: readonly string[]): SourceLocation | undefined => {
    for (const segment of segments) {
      for (
        let hops = 0;
        isObject(node) && !(segment in node) && typeof node["$ref"] === "string" && hops < 32;
        hops++
      ) {
        const [fileRef = "", encoded = ""] = node["$ref"].split("#", 2);
        const fragment = safeDecode(encoded);
        if (!isPointer(fragment)) return undefined; // an anchor, not a pointer
        if (fileRef !== "") file = resolve(dirname(file), fileRef);
        at = parsePointer(fragment);
        node = resolvePointer(parse(file), fragment);
      }
      if (!isObject(node) || !(segment in node)) return undefined;
      node = node[segment];
      at = [...at, segment];
    }
    return { file: displayPath(file), pointer: formatPointer(at) };
  };

  return (bundlePointer) => {
    const segments = parsePointer(bundlePointer);
    const direct = walk(rootFile, parse(rootFile), [], segments);
    if (direct !== undefined) return direct;
    // A component the bundler hoisted from its own file: /components/<kind>/<name>/...
    const [first, kind = "", name = "", ...rest] = segments;
    const file = first === "components" ? componentFile(kind, name) : undefined;
    return file === undefined ? undefined : walk(file, parse(file), [], rest);
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
