/**
 * ts-morph, loaded on first use and with `require`. On first use: the emitters that hand work to the library
 * thread post it before anything needs ts-morph, so the thread is not kept waiting for the third of a second the
 * load takes. With `require`: ts-morph is CommonJS, and Node's ESM loader would first lex its source for export
 * names, which costs a sixth of a second more. Types come from `import type ... from "ts-morph"` as usual.
 */
import { createRequire } from "node:module";
import type { VariableDeclarationKind as TsMorphVariableDeclarationKind } from "ts-morph";

let library: typeof import("ts-morph") | undefined;

export function tsMorph(): typeof import("ts-morph") {
  return (library ??= createRequire(import.meta.url)("ts-morph") as typeof import("ts-morph"));
}

/** ts-morph's `VariableDeclarationKind` (a string enum), for structures built before ts-morph is loaded. */
export const VariableDeclarationKind = {
  Const: "const" as TsMorphVariableDeclarationKind.Const,
  Let: "let" as TsMorphVariableDeclarationKind.Let,
  Var: "var" as TsMorphVariableDeclarationKind.Var,
} as const;
