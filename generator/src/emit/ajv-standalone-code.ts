/**
 * ajv's standalone code (CommonJS-flavoured, a statement a line) made into the body of an ES module: imports for
 * its run-time helpers, the function formats it reads, and the code cut into pieces for the formatter, or
 * indented by block where it is too long to format (emit/validators.ts prints it).
 */
import { pascalCase } from "../print/names.js";

export interface StandaloneCode {
  /** The code, cut between top-level functions (`codePieces`). */
  readonly pieces: readonly string[];
  /** Its length in characters. */
  readonly length: number;
  /** `ajv/dist/runtime/*` modules the code uses, with the default-import binding each gets. */
  readonly runtimeImports: readonly { readonly module: string; readonly binding: string }[];
  /** Function formats the code reads from `allFormats`, sorted. */
  readonly formats: readonly string[];
}

/** ajv's CommonJS-flavoured standalone output as an ES module body: imports for its run-time helpers. */
export function moduleBody(code: string, formatsName: string): StandaloneCode {
  let text = code;

  text = text.replace(/^"use strict";/, "");
  text = text.replace(/export const ([A-Za-z_$][\w$]*) = ([A-Za-z_$][\w$]*);/g, "const $1 = $2;");
  const runtimeImports = new Map<string, string>();
  text = text.replace(/require\("([^"]+)"\)((?:\.[A-Za-z_$][\w$]*)?)/g, (_match, module: string, member: string) => {
    if (!module.startsWith("ajv/dist/runtime/"))
      throw new Error(`ajv standalone code requires ${module}, which is not a run-time helper`);
    const binding = runtimeImports.get(module) ?? `ajvRuntime${pascalCase(module.slice("ajv/dist/runtime/".length))}`;
    runtimeImports.set(module, binding);
    // Node imports a CommonJS module as its `module.exports`; bundlers give `exports.default`. Both work:
    return member === ".default" ? `(${binding}.default ?? ${binding})` : `(${binding}.default ?? ${binding})${member}`;
  });
  const formats = new Set<string>();
  for (const match of text.matchAll(
    new RegExp(`\\b${formatsName}(?:\\.([A-Za-z_$][\\w$]*)|\\[("(?:[^"\\\\]|\\\\.)*")\\])`, "g"),
  )) {
    formats.add(match[1] ?? (JSON.parse(match[2] ?? '""') as string));
  }
  return {
    pieces: codePieces(text),
    length: text.length,
    runtimeImports: [...runtimeImports]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([module, binding]) => ({ module: `${module}.js`, binding })),
    formats: [...formats].sort(),
  };
}

/**
 * The longest validators code that is formatted (characters). Longer code (Stripe's 14 MB, GitHub's 10 MB) is printed
 * as ajv writes it, a statement a line, indented by block (`indentedByBlock`): formatting it cost more CPU than
 * anything but ajv itself (Stripe: 1.2 of 7 s) and made it half as long again. Ours is 0.6 MB.
 */
export const formattedCodeLimit = 4_000_000;

/** About how long a piece of the code is (characters): big enough to format efficiently, small enough not to strain. */
const pieceLength = 1_000_000;

/**
 * ajv's code (a statement a line, `lines: true`; its strings never hold a line break) cut before a top-level
 * function into pieces of about `pieceLength`, without blank lines, for `addVerbatimCode` to format piece by piece.
 * ajv declares no function inside another: a line that starts with `function ` starts a top-level one (were it not
 * so, the piece would not parse, and the formatter would say so).
 */
export function codePieces(text: string): string[] {
  const code = text.replace(/\n{2,}/g, "\n").trim();
  const pieces: string[] = [];
  for (let start = 0; start < code.length;) {
    const cut = code.indexOf("\nfunction ", start + pieceLength);
    const end = cut === -1 ? code.length : cut + 1;
    pieces.push(code.slice(start, end));
    start = end;
  }
  return pieces;
}

/**
 * ajv's code, a statement a line, indented two spaces a block: a line that starts with `}` closes one, a line that
 * ends with `{` opens one (ajv writes an object literal on one line, and no string holds a line break).
 */
export function indentedByBlock(code: string): string {
  let depth = 0;
  return code
    .split("\n")
    .map((line) => {
      if (line.startsWith("}")) depth = Math.max(0, depth - 1);
      const indented = line === "" ? line : `${"  ".repeat(depth)}${line}`;
      if (line.endsWith("{")) depth++;
      return indented;
    })
    .join("\n");
}
