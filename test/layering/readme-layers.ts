/**
 * A package's layers as its README states them: the table of its "Layers" section, one row per layer from the lowest
 * up, with a `module` column (each module as a code span: a folder, a folder's own files as `folder/*`, or a file, by
 * its path from the package's root) and a `may import` column (code spans of the places its modules may import,
 * "every lower layer" for all modules of the rows before, or "nothing"). The README is the one place the layers are
 * written; the layering test reads them from it, so a README that disagrees with the code fails the test.
 */
import { readFileSync } from "node:fs";

/** What each module may import besides its own files, as the README's table says; paths without a trailing `/`. */
export interface ReadmeLayers {
  readonly modules: Readonly<Record<string, readonly string[]>>;
}

const EVERY_LOWER_LAYER = /every lower layer/i;

/** The table of the README's "Layers" section, or an error that says what to write. */
export function readmeLayers(readmePath: string, readmeName: string): ReadmeLayers {
  return layersOf(readFileSync(readmePath, "utf8"), readmeName);
}

/** The table of a README's "Layers" section, from the README's text. */
export function layersOf(readme: string, readmeName: string): ReadmeLayers {
  const lines = readme.split("\n");
  const heading = lines.findIndex((line) => /^#{2,4} Layers\s*$/.test(line));
  if (heading < 0)
    throw new Error(`${readmeName} has no "## Layers" section: the layering test reads the package's layers from it`);
  const start = lines.findIndex((line, index) => index > heading && line.startsWith("|"));
  const nextHeading = lines.findIndex((line, index) => index > heading && line.startsWith("#"));
  if (start < 0 || (nextHeading >= 0 && nextHeading < start))
    throw new Error(`${readmeName}, "Layers": no table under the heading`);
  const end = lines.findIndex((line, index) => index > start && !line.startsWith("|"));
  const [header, , ...rows] = lines.slice(start, end < 0 ? undefined : end).map(cells);
  const columns = (header ?? []).map((cell) => cell.toLowerCase());
  const moduleColumn = columns.indexOf("module");
  const importColumn = columns.indexOf("may import");
  if (moduleColumn < 0 || importColumn < 0)
    throw new Error(`${readmeName}, "Layers": the table needs a "module" and a "may import" column`);

  const modules: Record<string, readonly string[]> = {};
  const lower: string[] = [];
  for (const row of rows) {
    const names = codeSpans(row[moduleColumn] ?? "").map(place);
    const cell = row[importColumn] ?? "";
    const places = codeSpans(cell).map(place);
    const everyLower = EVERY_LOWER_LAYER.test(cell);
    if (names.length === 0)
      throw new Error(
        `${readmeName}, "Layers": a row names no module (its "module" cell has no code span): ${row.join(" | ")}`,
      );
    if (places.length === 0 && !everyLower && !/^nothing\b/i.test(cell.trim()))
      throw new Error(
        `${readmeName}, "Layers": the "may import" cell of ${names.join(", ")} must name places as code spans, say "every lower layer", or say "nothing"`,
      );
    const allowed = [...new Set([...(everyLower ? lower : []), ...places])];
    for (const name of names) {
      if (name in modules) throw new Error(`${readmeName}, "Layers": ${name} is in two rows`);
      modules[name] = allowed;
    }
    lower.push(...names);
  }
  return { modules };
}

/** The cells of a Markdown table row (`\|` is a pipe inside a cell). */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? "");
}

/** A module or place as the import graph names it: `src/core/` is `src/core`. */
function place(span: string): string {
  return span.endsWith("/") ? span.slice(0, -1) : span;
}
