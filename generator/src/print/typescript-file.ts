/**
 * The one way generated TypeScript is authored: build a ts-morph source file in memory, then print it once,
 * behind the generated-file header, and format it. Emitters add structures (imports, type aliases, variable
 * statements with JSDoc), never concatenate text; code that a library already printed as text (ajv's standalone
 * validators) goes in with `addVerbatimCode`.
 */
import { IndentationText, NewLineKind, Project, QuoteKind, type SourceFile } from "ts-morph";
import { formatTypeScript } from "./format.js";
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

/** Code to print as it is, in place of its marker statement. */
export interface VerbatimCode {
  readonly marker: string;
  readonly code: string;
}

/**
 * Adds statements that are already text (ajv's standalone validators): the file holds a one-line marker, printing
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
 * `verbatim` is what `addVerbatimCode` added to the file. A blank line follows verbatim code, as ts-morph put
 * one after ajv's last function.
 */
export async function printTypeScriptFile(
  file: SourceFile,
  source: string,
  what: string,
  directives: readonly string[] = [],
  verbatim: readonly VerbatimCode[] = [],
): Promise<string> {
  const header = generatedHeader(source, what) + directives.map((directive) => `${directive}\n`).join("");
  let text = file.getFullText();
  for (const { marker, code } of verbatim) text = text.replace(`${marker}\n`, () => `${code}\n\n`);
  return formatTypeScript(`${header}\n${text}`);
}

/** Text safe inside a JSDoc block: no `*\/` that would end it early. */
export function jsDocText(text: string): string {
  return text.replaceAll("*/", "*\\/").trim();
}
