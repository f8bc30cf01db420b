/**
 * One formatting of all generated code, so output is readable and stable across generator changes: oxfmt, the
 * oxc project's Prettier-compatible formatter, with Prettier's options. It prints what Prettier 3 prints for
 * everything we generate (the switch left every byte of generated/ as it was) at a tenth of the cost: Prettier
 * was most of `make generate`'s CPU time, two seconds of it on ajv's 0.8 MB of validators alone. Native code,
 * run off the main thread by its binding, so the main thread builds the next files meanwhile.
 */
import { format } from "oxfmt";

// Prettier's defaults but for the width; named so that an oxfmt upgrade cannot change them silently. The file
// name only tells oxfmt the language.
const options = {
  printWidth: 120,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  trailingComma: "all",
  endOfLine: "lf",
} as const;

/** Thrown when generated code does not parse: a generator bug, reported with oxfmt's own messages. */
export class FormatError extends Error {
  override readonly name = "FormatError";
}

export async function formatTypeScript(code: string): Promise<string> {
  const result = await format("generated.ts", code, options);
  if (result.errors.length > 0) {
    const reasons = result.errors.map((error) =>
      [error.message, error.codeframe].filter((part) => part !== null && part !== "").join("\n"),
    );
    throw new FormatError(`generated code does not parse:\n${reasons.join("\n")}`);
  }
  return result.code;
}
