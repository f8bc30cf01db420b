/**
 * Type tests as compiled programs: each case is a statement using `client` (and `filter`), wrapped in a function of
 * one virtual module compiled with test/client's settings. A case must compile, or fail with the error its mistake
 * should cause (the flattened message matches), never with another one.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { expect } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));

export interface Case {
  readonly name: string;
  /** Statements using `client` and `filter`. */
  readonly code: string;
  /** undefined: compiles; otherwise one of the errors the statement gets (flattened with its elaboration) matches. */
  readonly error?: RegExp;
}

/** Each case's diagnostics (flattened messages), compiled together in one program as `fileName`, beside this file. */
export function compileCases(fileName: string, cases: readonly Case[]): string[][] {
  const file = join(here, fileName);
  const ranges: [number, number][] = [];
  let text = [
    'import { createAccountFundsClient, filter } from "../../generated/src/index.js";',
    'const client = createAccountFundsClient({ baseUrl: "https://api.test", tokenProvider: () => "t" });',
    "void filter;",
    "",
  ].join("\n");
  for (const [index, { code }] of cases.entries()) {
    const start = text.length;
    text += `export async function case${index}(): Promise<void> {\n  ${code}\n}\n`;
    ranges.push([start, text.length]);
  }
  const program = inMemoryProgram(file, text);
  const diagnostics = ts.getPreEmitDiagnostics(program).filter((diagnostic) => diagnostic.file?.fileName === file);
  const outside = diagnostics.filter(
    (diagnostic) => !ranges.some(([start, end]) => (diagnostic.start ?? -1) >= start && (diagnostic.start ?? -1) < end),
  );
  if (outside.length > 0)
    throw new Error(
      `the cases' prelude does not compile: ${outside.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")).join("; ")}`,
    );
  return ranges.map(([start, end]) =>
    diagnostics
      .filter((diagnostic) => (diagnostic.start ?? -1) >= start && (diagnostic.start ?? -1) < end)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")),
  );
}

/**
 * A program of one module that exists only in memory (`text`, as `file`), compiled with test/client's settings; put
 * beside this file, its imports resolve as the tests' own do. `oldProgram` lends its parsed files to a second one.
 */
export function inMemoryProgram(file: string, text: string, oldProgram?: ts.Program): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(here, "tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  const options = { ...config?.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const readSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, text, language) : readSourceFile(name, language, ...rest);
  host.fileExists = (
    (exists) => (name: string) =>
      name === file || exists(name)
  )(host.fileExists.bind(host));
  return ts.createProgram([file], options, host, oldProgram);
}

/** The case compiled (no error), or one of its errors is the expected one. */
export function expectCase(testCase: Case, errors: readonly string[]): void {
  if (testCase.error === undefined) {
    expect(errors, testCase.code).toEqual([]);
    return;
  }
  expect(errors.length, `${testCase.code} compiles`).toBeGreaterThan(0);
  const expected = testCase.error;
  expect(
    errors.filter((error) => expected.test(error)),
    `${testCase.code}: no error matches ${String(expected)}:\n${errors.join("\n")}`,
  ).not.toEqual([]);
}
