/**
 * The one way generated TypeScript is authored: build a ts-morph source file in memory, then print it once,
 * behind the generated-file header, and format it. Emitters add structures (imports, type aliases, variable
 * statements with JSDoc), never concatenate text.
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

/** Header + the file's full text, formatted. `directives` go right under the header (`// @ts-nocheck`). */
export async function printTypeScriptFile(file: SourceFile, source: string, what: string, directives: readonly string[] = []): Promise<string> {
  const header = generatedHeader(source, what) + directives.map((directive) => `${directive}\n`).join("");
  return formatTypeScript(`${header}\n${file.getFullText()}`);
}

/** Text safe inside a JSDoc block: no `*\/` that would end it early. */
export function jsDocText(text: string): string {
  return text.replaceAll("*/", "*\\/").trim();
}
