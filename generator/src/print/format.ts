/**
 * One formatting of all generated code, so output is readable and stable across generator changes. prettier is
 * most of the generator's CPU time (the validators module alone is 0.8 MB), so it runs in worker threads: the
 * main thread builds the next files meanwhile (the pipeline runs the emitters concurrently).
 */
import { runInWorker } from "../workers/worker-pool.js";

// prettier's `babel-ts` parser rather than `typescript`: the same output (for generated/ and every test snapshot),
// parsed twice as fast on the large files (the `typescript` parser converts TypeScript's AST to ESTree after).
const options = { parser: "babel-ts", printWidth: 120, singleQuote: false, trailingComma: "all", endOfLine: "lf" } as const;

export async function formatTypeScript(code: string): Promise<string> {
  return (await runInWorker("format", { code, options }, code.length)).output;
}
