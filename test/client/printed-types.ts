/**
 * What an editor's hover and the compiler's errors print for the client's types, read with the compiler API:
 * `checker.typeToString` as a hover prints a type (aliases by name, never truncated) of values a consumer module
 * declares, and the messages of the errors it gets. Also every method of the client with the arguments it requires,
 * found by the compiler, so that a sweep covers each one. The modules exist only in memory, beside this file.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { inMemoryProgram } from "./compile-cases.js";

const here = dirname(fileURLToPath(import.meta.url));

const prelude = [
  'import { createAccountFundsClient } from "../../generated/src/index.js";',
  'const client = createAccountFundsClient({ baseUrl: "https://api.test", tokenProvider: () => "t" });',
  "",
].join("\n");

/** How a hover prints a type: by the names it has, whole. */
const hoverFlags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

export interface ClientMethod {
  /** `transfers`. */
  readonly group: string;
  /** `getTransfer`. */
  readonly method: string;
  /** How many arguments a call must pass (path parameters, a required body or query or options). */
  readonly required: number;
  /** The printed type of the body parameter, when the method takes one. */
  readonly body?: string;
}

/** Every method of every group of the client (`withResponse` has the same ones), and the program that found them. */
export function clientMethods(): { readonly methods: readonly ClientMethod[]; readonly program: ts.Program } {
  const file = join(here, "__client-methods.ts");
  const program = inMemoryProgram(file, `${prelude}export const probe = client;\n`);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const declaration = source?.statements
    .filter(ts.isVariableStatement)
    .flatMap((statement) => [...statement.declarationList.declarations])
    .find((each) => each.name.getText(source) === "probe");
  if (declaration === undefined) throw new Error("the probe module does not declare probe");
  const clientType = checker.getTypeAtLocation(declaration.name);
  const methods: ClientMethod[] = [];
  for (const group of clientType.getProperties()) {
    if (group.name === "withResponse") continue;
    const groupType = checker.getTypeOfSymbolAtLocation(group, declaration);
    for (const method of groupType.getProperties()) {
      const signature = checker.getTypeOfSymbolAtLocation(method, declaration).getCallSignatures()[0];
      if (signature === undefined) continue;
      let required = 0;
      let body: string | undefined;
      for (const parameter of signature.getParameters()) {
        const node = parameter.valueDeclaration;
        if (node === undefined || !ts.isParameter(node)) continue;
        const type = checker.getTypeOfSymbolAtLocation(parameter, declaration);
        if (node.dotDotDotToken !== undefined && checker.isTupleType(type)) {
          // An OData read's `...args: [...path parameters, query?, init?]`.
          required += ((type as ts.TypeReference).target as ts.TupleType).minLength;
        } else if (node.questionToken === undefined && node.initializer === undefined) required++;
        if (parameter.name === "body") body = checker.typeToString(type, declaration, hoverFlags);
      }
      methods.push({ group: group.name, method: method.name, required, ...(body === undefined ? {} : { body }) });
    }
  }
  return { methods, program };
}

export interface PrintedTypes {
  /** By name: the printed type of each value. */
  readonly types: ReadonlyMap<string, string>;
  /** By name: the messages of the errors each statement block gets (flattened with their elaboration). */
  readonly errors: ReadonlyMap<string, readonly string[]>;
}

/**
 * The printed type of each expression, declared as an exported constant of a consumer module (whose declaration file
 * must be able to name it: a type the package entry does not export fails here, TS2742); of each `value` a block of
 * statements declares (narrowing); and the errors of each block of `mistakes`.
 */
export function printedTypes(
  cases: {
    readonly expressions?: { readonly [name: string]: string };
    readonly narrowed?: { readonly [name: string]: string };
    readonly mistakes?: { readonly [name: string]: string };
  },
  oldProgram?: ts.Program,
): PrintedTypes {
  const file = join(here, "__printed-types.ts");
  let text = prelude;
  const ranges = new Map<string, readonly [number, number]>();
  for (const [name, expression] of Object.entries(cases.expressions ?? {})) {
    const start = text.length;
    text += `export const ${name} = ${expression};\n`;
    ranges.set(name, [start, text.length]);
  }
  for (const [name, code] of Object.entries({ ...cases.narrowed, ...cases.mistakes })) {
    const start = text.length;
    text += `export async function ${name}(): Promise<void> {\n  ${code}\n}\n`;
    ranges.set(name, [start, text.length]);
  }
  const program = inMemoryProgram(file, text, oldProgram);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (source === undefined) throw new Error("the consumer module was not compiled");

  const types = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      const owner = [...ranges].find(([, [start, end]]) => node.pos >= start && node.end <= end)?.[0];
      const name = node.name.text;
      if (owner !== undefined && (name === owner || (name === "value" && Object.hasOwn(cases.narrowed ?? {}, owner))))
        types.set(owner, checker.typeToString(checker.getTypeAtLocation(node.name), node, hoverFlags));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  const diagnostics = ts.getPreEmitDiagnostics(program, source);
  const errors = new Map<string, string[]>([...ranges.keys()].map((name) => [name, []]));
  for (const diagnostic of diagnostics) {
    const at = diagnostic.start ?? -1;
    const owner = [...ranges].find(([, [start, end]]) => at >= start && at < end)?.[0];
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    if (owner === undefined) throw new Error(`the consumer module's prelude does not compile: ${message}`);
    errors.get(owner)?.push(message);
  }
  return { types, errors };
}
