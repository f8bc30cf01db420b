/**
 * From a pointer into the bundled document back to the spec file and line a person edits, for GitHub
 * annotations: the generator's own source locator finds the file and the pointer inside it, the YAML parser the
 * line. A node the revision no longer has (a removed property) is annotated where its nearest surviving parent is.
 */
import { readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from "yaml";
import { formatPointer, parsePointer } from "@account-funds/generator/json-pointer";
import { createSourceLocator, type SourceLocator } from "@account-funds/generator/source-locator";

export interface SourceLocation {
  /** Path relative to the repository root, with forward slashes. */
  readonly file: string;
  readonly line?: number;
}

export type Locate = (bundlePointer: string) => SourceLocation | undefined;

/**
 * @param specRoot  absolute path of spec/openapi.yaml (of the working tree)
 * @param repositoryRoot  what `file` is relative to
 */
export async function createLocator(specRoot: string, repositoryRoot: string): Promise<Locate> {
  const specDirectory = resolve(specRoot, "..");
  const files = (await readdir(specDirectory, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  return locatorFrom(createSourceLocator(specRoot, files), repositoryRoot);
}

/** The same from a source locator the caller has (the generator's loader returns one with the files it read). */
export function locatorFrom(locateSource: SourceLocator, repositoryRoot: string): Locate {
  const documents = new Map<string, { readonly document: Document; readonly lines: LineCounter } | undefined>();
  const parsed = (file: string) => {
    if (!documents.has(file)) {
      try {
        const lines = new LineCounter();
        documents.set(file, { document: parseDocument(readFileSync(file, "utf8"), { lineCounter: lines }), lines });
      } catch {
        documents.set(file, undefined);
      }
    }
    return documents.get(file);
  };
  return (bundlePointer) => {
    const segments = parsePointer(bundlePointer);
    for (let length = segments.length; length >= 1; length--) {
      const found = locateSource(formatPointer(segments.slice(0, length)));
      if (found === undefined) continue;
      // The locator names files relative to the working directory.
      const absolute = resolve(process.cwd(), found.file);
      const file = relative(repositoryRoot, absolute).split("\\").join("/");
      const yaml = parsed(absolute);
      const line = yaml === undefined ? undefined : lineOf(yaml.document, yaml.lines, parsePointer(found.pointer));
      return line === undefined ? { file } : { file, line };
    }
    return undefined;
  };
}

/** The line of the key that holds the node at `segments` (1-based), or of the nearest parent that exists. */
export function lineOf(document: Document, lines: LineCounter, segments: readonly string[]): number | undefined {
  let node: unknown = document.contents;
  let offset: number | undefined = (node as { range?: [number, number, number] } | null)?.range?.[0];
  for (const segment of segments) {
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => (isScalar(item.key) ? String(item.key.value) : String(item.key)) === segment,
      );
      if (pair === undefined) break;
      offset = (pair.key as { range?: [number, number, number] } | null)?.range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)];
      if (item === undefined) break;
      offset = (item as { range?: [number, number, number] } | null)?.range?.[0] ?? offset;
      node = item;
    } else {
      break;
    }
  }
  return offset === undefined ? undefined : lines.linePos(offset).line;
}
