/**
 * The one way generated TypeScript is authored: emitters add ts-morph structures (imports, type aliases,
 * interfaces, variable statements with JSDoc, functions) to a `TypeScriptFile`, which prints them once, behind
 * the generated-file header, and formats the result. Code a library already printed as text (ajv's standalone
 * validators) goes in with `addVerbatimCode`.
 *
 * Structures are collected and handed to ts-morph in one `createSourceFile`: ts-morph re-parses a whole source
 * file after every `add...` call, which made building a file quadratic (most of the emitters' time).
 */
import {
  IndentationText,
  NewLineKind,
  Project,
  QuoteKind,
  StructureKind,
  type ExportDeclarationStructure,
  type FunctionDeclarationStructure,
  type ImportDeclarationStructure,
  type InterfaceDeclarationStructure,
  type OptionalKind,
  type StatementStructures,
  type TypeAliasDeclarationStructure,
  type VariableStatementStructure,
  type WriterFunction,
  type CodeBlockWriter,
} from "ts-morph";
import { formatTypeScript } from "./format.js";
import { generatedHeader } from "./header.js";

/** Statements of one generated file, in order; nothing is printed until `printTypeScriptFile`. */
export class TypeScriptFile {
  readonly statements: (StatementStructures | string)[] = [];

  constructor(readonly fileName: string) {}

  addImportDeclaration(structure: OptionalKind<ImportDeclarationStructure>): void {
    this.statements.push({ ...structure, kind: StructureKind.ImportDeclaration });
  }

  addExportDeclaration(structure: OptionalKind<ExportDeclarationStructure>): void {
    this.statements.push({ ...structure, kind: StructureKind.ExportDeclaration });
  }

  addExportDeclarations(structures: readonly OptionalKind<ExportDeclarationStructure>[]): void {
    for (const structure of structures) this.addExportDeclaration(structure);
  }

  addTypeAlias(structure: OptionalKind<TypeAliasDeclarationStructure>): void {
    this.statements.push({ ...structure, kind: StructureKind.TypeAlias });
  }

  addTypeAliases(structures: readonly OptionalKind<TypeAliasDeclarationStructure>[]): void {
    for (const structure of structures) this.addTypeAlias(structure);
  }

  addInterface(structure: OptionalKind<InterfaceDeclarationStructure>): void {
    this.statements.push({ ...structure, kind: StructureKind.Interface });
  }

  addInterfaces(structures: readonly OptionalKind<InterfaceDeclarationStructure>[]): void {
    for (const structure of structures) this.addInterface(structure);
  }

  addVariableStatement(structure: OptionalKind<VariableStatementStructure>): void {
    this.statements.push({ ...structure, kind: StructureKind.VariableStatement });
  }

  addFunction(structure: OptionalKind<FunctionDeclarationStructure>): void {
    this.statements.push({ ...structure, kind: StructureKind.Function });
  }

  /** Whether a declaration of this name was added (type alias, interface, function or variable). */
  declares(name: string): boolean {
    return this.statements.some((statement) => {
      if (typeof statement === "string") return false;
      if (statement.kind === StructureKind.VariableStatement) return statement.declarations.some((declaration) => declaration.name === name);
      return "name" in statement && statement.name === name;
    });
  }

  /** The statements printed by ts-morph, unformatted. */
  print(): string {
    const project = new Project({
      useInMemoryFileSystem: true,
      manipulationSettings: {
        indentationText: IndentationText.TwoSpaces,
        newLineKind: NewLineKind.LineFeed,
        quoteKind: QuoteKind.Double,
        useTrailingCommas: true,
      },
    });
    return project.createSourceFile(this.fileName, { statements: withBlankLinesBetweenKinds(this.statements) }, { overwrite: true }).getFullText();
  }
}

/**
 * A blank line where one kind of structure follows another (after the imports, between a constant and a type),
 * as ts-morph's \`add...\` calls put them; its structure printer leaves them out. The formatter collapses any
 * blank line the printer wrote as well.
 */
function withBlankLinesBetweenKinds(statements: readonly (StatementStructures | string)[]): (StatementStructures | string | WriterFunction)[] {
  return statements.flatMap<StatementStructures | string | WriterFunction>((statement, index) => {
    const previous = statements[index - 1];
    const kindChanges = typeof previous === "object" && typeof statement === "object" && previous.kind !== statement.kind;
    return kindChanges ? [(writer: CodeBlockWriter) => writer.blankLineIfLastNot(), statement] : [statement];
  });
}

export function createTypeScriptFile(fileName: string): TypeScriptFile {
  return new TypeScriptFile(fileName);
}

/** Code to print as it is, in place of its marker statement. */
export interface VerbatimCode {
  readonly marker: string;
  readonly code: string;
}

/**
 * Adds statements that are already text (ajv's standalone validators): the file holds a one-line marker, printing
 * puts the code in its place, so that ts-morph never parses ajv's 0.5 MB of code.
 */
export function addVerbatimCode(file: TypeScriptFile, code: string): VerbatimCode {
  const marker = `// verbatim code ${file.statements.length}`;
  file.statements.push(marker);
  return { marker, code };
}

/**
 * Header + the file's full text, formatted. `directives` go right under the header (`// @ts-nocheck`);
 * `verbatim` is what `addVerbatimCode` added to the file. A blank line follows verbatim code, as ts-morph put
 * one after ajv's last function.
 */
export async function printTypeScriptFile(
  file: TypeScriptFile,
  source: string,
  what: string,
  directives: readonly string[] = [],
  verbatim: readonly VerbatimCode[] = [],
): Promise<string> {
  const header = generatedHeader(source, what) + directives.map((directive) => `${directive}\n`).join("");
  let text = file.print();
  for (const { marker, code } of verbatim) text = text.replace(`${marker}\n`, () => `${code}\n\n`);
  return formatTypeScript(`${header}\n${text}`);
}

/** Text safe inside a JSDoc block: no `*\/` that would end it early. */
export function jsDocText(text: string): string {
  return text.replaceAll("*/", "*\\/").trim();
}
