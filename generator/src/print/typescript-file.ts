/**
 * The one way generated TypeScript is authored: emitters add ts-morph structures (imports, type aliases,
 * interfaces, variable statements with JSDoc, functions) to a `TypeScriptFile`, which prints them once, behind
 * the generated-file header, and formats the result. Code a library already printed as text (ajv's standalone
 * validators) goes in with `addVerbatimCode`.
 *
 * Structures are collected and handed to ts-morph in one `createSourceFile`: ts-morph re-parses a whole source
 * file after every `add...` call, which made building a file quadratic (most of the emitters' time). Collecting
 * needs no ts-morph, which loads when the first file prints (print/ts-morph.ts says why that matters).
 */
import type {
  CodeBlockWriter,
  ExportDeclarationStructure,
  FunctionDeclarationStructure,
  ImportDeclarationStructure,
  InterfaceDeclarationStructure,
  OptionalKind,
  StatementStructures,
  TypeAliasDeclarationStructure,
  VariableStatementStructure,
  WriterFunction,
} from "ts-morph";
import { formatTypeScript } from "./format.js";
import { generatedHeader } from "./header.js";
import { tsMorph } from "./ts-morph.js";

/** One statement of a file: a structure tagged with its kind, or text printed as it is. */
export type Statement =
  | { readonly kind: "import"; readonly structure: OptionalKind<ImportDeclarationStructure> }
  | { readonly kind: "export"; readonly structure: OptionalKind<ExportDeclarationStructure> }
  | { readonly kind: "typeAlias"; readonly structure: OptionalKind<TypeAliasDeclarationStructure> }
  | { readonly kind: "interface"; readonly structure: OptionalKind<InterfaceDeclarationStructure> }
  | { readonly kind: "variable"; readonly structure: OptionalKind<VariableStatementStructure> }
  | { readonly kind: "function"; readonly structure: OptionalKind<FunctionDeclarationStructure> }
  | { readonly kind: "text"; readonly text: string };

/** Statements of one generated file, in order; nothing is printed until `print`. */
export class TypeScriptFile {
  readonly statements: Statement[] = [];

  constructor(readonly fileName: string) {}

  addImportDeclaration(structure: OptionalKind<ImportDeclarationStructure>): void {
    this.statements.push({ kind: "import", structure });
  }

  addExportDeclaration(structure: OptionalKind<ExportDeclarationStructure>): void {
    this.statements.push({ kind: "export", structure });
  }

  addExportDeclarations(structures: readonly OptionalKind<ExportDeclarationStructure>[]): void {
    for (const structure of structures) this.addExportDeclaration(structure);
  }

  addTypeAlias(structure: OptionalKind<TypeAliasDeclarationStructure>): void {
    this.statements.push({ kind: "typeAlias", structure });
  }

  addTypeAliases(structures: readonly OptionalKind<TypeAliasDeclarationStructure>[]): void {
    for (const structure of structures) this.addTypeAlias(structure);
  }

  addInterface(structure: OptionalKind<InterfaceDeclarationStructure>): void {
    this.statements.push({ kind: "interface", structure });
  }

  addInterfaces(structures: readonly OptionalKind<InterfaceDeclarationStructure>[]): void {
    for (const structure of structures) this.addInterface(structure);
  }

  addVariableStatement(structure: OptionalKind<VariableStatementStructure>): void {
    this.statements.push({ kind: "variable", structure });
  }

  addFunction(structure: OptionalKind<FunctionDeclarationStructure>): void {
    this.statements.push({ kind: "function", structure });
  }

  /** Whether a declaration of this name was added (type alias, interface, function or variable). */
  declares(name: string): boolean {
    return this.statements.some((statement) => {
      switch (statement.kind) {
        case "variable":
          return statement.structure.declarations.some((declaration) => declaration.name === name);
        case "typeAlias":
        case "interface":
        case "function":
          return statement.structure.name === name;
        default:
          return false;
      }
    });
  }

  /**
   * The statements printed by ts-morph's structure printer, unformatted. `printStructure`, not a project's
   * `createSourceFile`: that parses the printed text into a syntax tree nobody reads (a third of the emitters' time).
   */
  print(): string {
    const { printStructure, StructureKind } = tsMorph();
    const statements = this.statements.flatMap<StatementStructures | string | WriterFunction>((statement, index) => {
      const previous = this.statements[index - 1];
      // A blank line where one kind of structure follows another (after the imports, between a constant and a
      // type), as ts-morph's `add...` calls put them; its structure printer leaves them out.
      const kindChanges =
        previous !== undefined &&
        previous.kind !== "text" &&
        statement.kind !== "text" &&
        previous.kind !== statement.kind;
      const structure = structureOf(statement);
      return kindChanges ? [(writer: CodeBlockWriter) => writer.blankLineIfLastNot(), structure] : [structure];
    });
    return printStructure({ kind: StructureKind.SourceFile, statements }, { indentNumberOfSpaces: 2, newLine: "\n" });
  }
}

function structureOf(statement: Statement): StatementStructures | string {
  const { StructureKind } = tsMorph();
  switch (statement.kind) {
    case "import":
      return { ...statement.structure, kind: StructureKind.ImportDeclaration };
    case "export":
      return { ...statement.structure, kind: StructureKind.ExportDeclaration };
    case "typeAlias":
      return { ...statement.structure, kind: StructureKind.TypeAlias };
    case "interface":
      return { ...statement.structure, kind: StructureKind.Interface };
    case "variable":
      return { ...statement.structure, kind: StructureKind.VariableStatement };
    case "function":
      return { ...statement.structure, kind: StructureKind.Function };
    case "text":
      return statement.text;
  }
}

export function createTypeScriptFile(fileName: string): TypeScriptFile {
  return new TypeScriptFile(fileName);
}

/** Code to print as it is, in place of its marker statement. */
export interface VerbatimCode {
  readonly marker: string;
  /** Whole top-level statements, in order; each piece is formatted on its own. */
  readonly pieces: readonly string[];
  /** false: the pieces are printed as they are, unformatted. */
  readonly formatted: boolean;
}

/**
 * Adds statements that are already text (ajv's standalone validators): the file holds a one-line marker, printing
 * puts the code in its place, so that ts-morph never parses ajv's code. The code comes in pieces of whole
 * top-level statements, each formatted on its own (concurrently), which prints what formatting them together
 * prints: the formatter lays out each top-level statement by itself, and the pieces hold no blank lines for it to
 * keep. One 20 MB input (Stripe's validators) cost the formatter 1 s of system time; pieces of 1 MB cost a tenth.
 */
export function addVerbatimCode(file: TypeScriptFile, pieces: readonly string[], formatted = true): VerbatimCode {
  const marker = `// verbatim code ${file.statements.length}`;
  file.statements.push({ kind: "text", text: marker });
  return { marker, pieces, formatted };
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
  const [printed, ...codes] = await Promise.all([
    formatTypeScript(`${header}\n${file.print()}`),
    ...verbatim.map(async ({ pieces, formatted }) =>
      formatted ? (await Promise.all(pieces.map(formatTypeScript))).join("") : `${pieces.join("")}\n`,
    ),
  ]);
  let text = printed ?? "";
  for (const [index, { marker }] of verbatim.entries()) {
    if (!text.includes(`${marker}\n`)) throw new Error(`the formatted file lost the marker of its verbatim code`);
    text = text.replace(`${marker}\n`, () => `${codes[index] ?? ""}\n`);
  }
  return text;
}

/** Text safe inside a JSDoc block: no `*\/` that would end it early. */
export function jsDocText(text: string): string {
  return text.replaceAll("*/", "*\\/").trim();
}
