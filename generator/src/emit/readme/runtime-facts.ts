/**
 * What the README says about the runtime, read from the runtime's own declarations and their JSDoc: the option
 * tables (options/client-options.ts, and retry/retry.ts's `RetrySettings`), the error classes (errors/errors.ts) and
 * the filter builder's operators (odata/odata-filter.ts). A new
 * option or error class, or a changed default in the documentation, reaches the README with the next
 * `make generate`, and the README cannot describe what the client does not have. The runtime's text comes with the
 * emit input (the pipeline reads generator/runtime/ once).
 */
import type { SourceFile } from "ts-morph";
import { tsMorph } from "../../print/ts-morph.js";
import { sourceText, type SourceText } from "../emitter.js";
import { runtimeFile, type RuntimeModule } from "../runtime-modules.js";

export interface OptionRow {
  readonly name: string;
  /** The declared type, without `readonly` (`PasswordCredentials & {...}` reads as `PasswordCredentials`). */
  readonly type: string;
  readonly optional: boolean;
  /** The JSDoc, on one line. */
  readonly description: string;
}

export interface OptionTables {
  /** `credentials`, `authUrl`, `mtls`, `tokenProvider`: one table over the three ways to authenticate. */
  readonly authentication: readonly OptionRow[];
  readonly credentials: readonly OptionRow[];
  readonly client: readonly OptionRow[];
  readonly call: readonly OptionRow[];
  /** `.paginate(...)`'s own options beside the per-call ones (`maxPages`). */
  readonly paginate: readonly OptionRow[];
  /** The `retry` option's fields. */
  readonly retry: readonly OptionRow[];
}

export interface ErrorClass {
  readonly name: string;
  readonly extends: string;
  readonly description: string;
}

export interface RuntimeFacts {
  readonly options: OptionTables;
  /** Every error class, base class first, in declaration order. */
  readonly errors: readonly ErrorClass[];
  /** `filter.eq`, `filter.and`, ...: the builder's functions, in declaration order. */
  readonly filterOperators: readonly string[];
}

export function runtimeFacts(runtime: readonly SourceText[]): RuntimeFacts {
  const { Project } = tsMorph();
  const project = new Project({ useInMemoryFileSystem: true });
  const parse = (module: RuntimeModule): SourceFile => {
    const name = runtimeFile(module);
    return project.createSourceFile(name, sourceText(runtime, name, "runtime"));
  };
  const [options, errors, odata] = [parse("clientOptions"), parse("errors"), parse("odataFilter")];
  return {
    options: { ...optionTables(options), retry: rows(parse("retry"), "RetrySettings") },
    errors: errorClasses(errors),
    filterOperators: filterOperators(odata),
  };
}

function errorClasses(file: SourceFile): ErrorClass[] {
  return file
    .getClasses()
    .filter((declaration) => declaration.getName() === "AccountFundsError" || declaration.getExtends() !== undefined)
    .map((declaration) => ({
      name: declaration.getName() ?? "",
      extends: declaration.getExtends()?.getText() ?? "Error",
      description: singleSpaced(
        declaration
          .getJsDocs()
          .map((doc) => doc.getDescription())
          .join(" "),
      ),
    }));
}

function filterOperators(file: SourceFile): string[] {
  const initializer = file.getVariableDeclarationOrThrow("filter").getInitializer();
  const { Node } = tsMorph();
  const object = Node.isAsExpression(initializer) ? initializer.getExpression() : initializer;
  if (!Node.isObjectLiteralExpression(object))
    throw new Error(`runtime/${runtimeFile("odataFilter")}: \`filter\` is no longer an object literal`);
  return object
    .getProperties()
    .flatMap((property) =>
      Node.isPropertyAssignment(property) || Node.isMethodDeclaration(property) ? [property.getName()] : [],
    );
}

function optionTables(file: SourceFile): Omit<OptionTables, "retry"> {
  return {
    authentication: merged(file, ["ClientSecretAuthOptions", "MtlsAuthOptions", "TokenProviderAuthOptions"]),
    credentials: rows(file, "PasswordCredentials"),
    client: rows(file, "CommonClientOptions"),
    call: rows(file, "CallOptions"),
    paginate: rows(file, "PaginateOptions"),
  };
}

function rows(file: SourceFile, interfaceName: string): OptionRow[] {
  return file
    .getInterfaceOrThrow(interfaceName)
    .getProperties()
    .map((property) => ({
      name: property.getName(),
      type: typeText(property.getTypeNode()?.getText() ?? "unknown"),
      optional: property.hasQuestionToken(),
      description: singleSpaced(
        property
          .getJsDocs()
          .map((doc) => doc.getDescription())
          .join(" "),
      ),
    }));
}

/** JSDoc text with every run of white space (line breaks included) as one space. */
function singleSpaced(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The properties of alternative interfaces, once each: a property typed `undefined` there (not allowed) is skipped. */
function merged(file: SourceFile, interfaceNames: readonly string[]): OptionRow[] {
  const byName = new Map<string, OptionRow>();
  for (const row of interfaceNames.flatMap((name) => rows(file, name))) {
    if (row.type === "undefined") continue;
    const known = byName.get(row.name);
    if (known === undefined) byName.set(row.name, { ...row, optional: true });
    else if (known.description === "") byName.set(row.name, { ...known, description: row.description });
  }
  return [...byName.values()];
}

function typeText(text: string): string {
  const plain = text
    .replace(/\breadonly\s+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return plain.includes(" & {") ? plain.slice(0, plain.indexOf(" & {")) : plain;
}
