/**
 * Compiles README snippets as a consumer's project would: each snippet is an ES module of its own (`.mts`,
 * top-level await allowed) in a directory inside the repository, so `@account-funds/*` resolve through
 * node_modules and the packages' `exports` to their built `.d.ts` (run `make build` first), with
 * `module`/`moduleResolution` `nodenext` and the strict options of test/consumer (exactOptionalPropertyTypes,
 * noUncheckedIndexedAccess, verbatimModuleSyntax). Names a README leaves to the reader (`client`, the form's
 * values) are declared per README, only in the snippets that use them without declaring them.
 */
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import type { Snippet } from "./snippets.js";

export const repositoryRoot = fileURLToPath(new URL("../../", import.meta.url));

/** A name a README's snippets use without declaring it, and the TypeScript that declares it. */
export interface Ambient {
  readonly name: string;
  /** Full statements: imports and a `declare`, e.g. `import type { X } from "…";\ndeclare const client: X;`. */
  readonly declaration: string;
}

export const consumerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: ["node"],
  typeRoots: [join(repositoryRoot, "node_modules/@types")],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  skipLibCheck: true,
  noEmit: true,
};

/** Whether `code` uses `name` without declaring or importing it. */
function usesUndeclared(code: string, name: string): boolean {
  const uses = new RegExp(`(?<![\\w$.])${name}\\b`).test(code);
  const declares = new RegExp(
    `\\b(?:const|let|var|function|class)\\s+${name}\\b|\\bimport\\b[^;]*\\b${name}\\b[^;]*\\bfrom\\b`,
  ).test(code);
  return uses && !declares;
}

/** The module a snippet is compiled as: the declarations it needs, the snippet, and `export {}`. */
export function moduleOf(snippet: Snippet, ambient: readonly Ambient[]): string {
  const needed = ambient.filter(({ name }) => usesUndeclared(snippet.code, name));
  return [...needed.map(({ declaration }) => declaration), snippet.code, "export {};", ""].join("\n");
}

/** Type-checks `files` (absolute paths) with the consumer's options. */
export function diagnosticsOf(files: readonly string[]): readonly ts.Diagnostic[] {
  return ts.getPreEmitDiagnostics(ts.createProgram(files, consumerOptions));
}

/** One line per diagnostic: `file:line: message`. */
export function formatDiagnostic(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  const file = diagnostic.file;
  if (file === undefined || diagnostic.start === undefined) return message;
  const line = file.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
  return `${relative(repositoryRoot, file.fileName)}:${line}: ${message}`;
}

/**
 * Type-checks the snippets; returns one line per diagnostic (`README.md:41 (+3): message`, the line of the
 * snippet's fence and the line within the snippet), so an empty list means every snippet compiles.
 */
export async function compileSnippets(snippets: readonly Snippet[], ambient: readonly Ambient[]): Promise<string[]> {
  const parent = join(repositoryRoot, "test-results");
  await mkdir(parent, { recursive: true });
  const directory = await mkdtemp(join(parent, "readme-snippets-"));
  try {
    const files = new Map<string, { readonly snippet: Snippet; readonly offset: number }>();
    for (const [index, snippet] of snippets.entries()) {
      const file = join(directory, `snippet-${index + 1}.mts`);
      const text = moduleOf(snippet, ambient);
      const offset = text.split("\n").length - snippet.code.split("\n").length - 2;
      await writeFile(file, text);
      files.set(file, { snippet, offset });
    }
    return diagnosticsOf([...files.keys()]).map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
      const file = diagnostic.file;
      const found = file === undefined ? undefined : files.get(file.fileName);
      if (file === undefined || found === undefined || diagnostic.start === undefined)
        return formatDiagnostic(diagnostic);
      const line = file.getLineAndCharacterOfPosition(diagnostic.start).line - found.offset;
      return `${found.snippet.source}:${found.snippet.line} (+${line + 1}): ${message}`;
    });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
