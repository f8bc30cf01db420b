/**
 * The one way generated TypeScript is authored: build a ts-morph source file in memory, then print it once,
 * behind the generated-file header, and format it. Emitters add structures (imports, type aliases, variable
 * statements with JSDoc), never concatenate text; code that a library already printed as text (ajv's standalone
 * validators) goes in with `addVerbatimCode`.
 */
import { IndentationText, NewLineKind, Project, QuoteKind, type SourceFile } from "ts-morph";
import { formatJavaScript, formatTypeScript } from "./format.js";
import { generatedHeader } from "./header.js";

export function createTypeScriptFile(fileName: string): SourceFile {
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      newLineKind: NewLineKind.LineFeed,
      quoteKind: QuoteKind.Double,
      useTrailingCommas: true,
    },
  });
  return project.createSourceFile(fileName, "", { overwrite: true });
}

/** JavaScript to print as it is (formatted), in place of its marker statement. */
export interface VerbatimCode {
  readonly marker: string;
  readonly code: string;
}

/**
 * Adds JavaScript that is already text (ajv's standalone validators): the file holds a one-line marker, printing
 * puts the code in its place. ts-morph re-parses the file and re-scans each node's line for comments on every
 * later change, which on ajv's 0.5 MB one-line output took seconds.
 */
export function addVerbatimCode(file: SourceFile, code: string): VerbatimCode {
  const marker = `// verbatim code ${file.getStatementsWithComments().length}`;
  file.addStatements(marker);
  return { marker, code };
}

/**
 * Header + the file's full text, formatted. `directives` go right under the header (`// @ts-nocheck`);
 * `verbatim` is what `addVerbatimCode` added to the file.
 */
export async function printTypeScriptFile(
  file: SourceFile,
  source: string,
  what: string,
  directives: readonly string[] = [],
  verbatim?: VerbatimCode,
): Promise<string> {
  const header = generatedHeader(source, what) + directives.map((directive) => `${directive}\n`).join("");
  const text = `${header}\n${file.getFullText()}`;
  if (verbatim === undefined) return formatTypeScript(text);
  // prettier formats top-level statements one by one and keeps a blank line between two where the input has
  // one, so the parts around the code format alike on their own, and the code with a JavaScript parser (its
  // parse is 4× faster than TypeScript's). A blank line follows the code, as ts-morph put one after ajv's last
  // function.
  const at = text.indexOf(`${verbatim.marker}\n`);
  const before = text.slice(0, at);
  const after = text.slice(at + verbatim.marker.length + 1);
  const parts = await Promise.all([formatTypeScript(before), formatJavaScript(verbatim.code), formatTypeScript(after)]);
  const [head = "", code = "", tail = ""] = parts.map((part) => part.replace(/\n$/, ""));
  const blocks = [
    { text: head, gap: "" },
    { text: code, gap: before.endsWith("\n\n") ? "\n\n" : "\n" },
    { text: tail, gap: "\n\n" },
  ].filter((block) => block.text !== "");
  return `${blocks.map((block, index) => (index === 0 ? "" : block.gap) + block.text).join("")}\n`;
}

/** Text safe inside a JSDoc block: no `*\/` that would end it early. */
export function jsDocText(text: string): string {
  return text.replaceAll("*/", "*\\/").trim();
}
