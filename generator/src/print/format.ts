/** One formatting of all generated TypeScript, so output is readable and stable across generator changes. */
import { format } from "prettier";

const options = { parser: "typescript", printWidth: 120, singleQuote: false, trailingComma: "all", endOfLine: "lf" } as const;

export async function formatTypeScript(code: string): Promise<string> {
  return format(code, options);
}
