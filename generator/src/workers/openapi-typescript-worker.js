// @ts-check
/**
 * The worker thread of openapi-typescript-thread.ts: openapi-typescript on a copy of the document, printed to
 * text here (its AST cannot cross threads). JavaScript, not TypeScript, so it runs alike under tsx, vitest and
 * compiled code. It loads the library as soon as it starts, while the main thread is still loading the spec.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { parentPort } from "node:worker_threads";

const library = import("openapi-typescript");

/** @param {{ document: any, options: any }} input */
async function generate({ document, options }) {
  const { default: openapiTS, astToString } = await library;
  return astToString(await openapiTS(document, options));
}

// What the library prints during a task goes back with the task's result, for the caller to report as the types
// emitter's warnings rather than interleaved with the CLI's output.
/** @type {AsyncLocalStorage<string[]>} */
const printedBy = new AsyncLocalStorage();
for (const method of /** @type {const} */ (["log", "warn", "error"])) {
  const original = console[method];
  console[method] = (...parts) => {
    const printed = printedBy.getStore();
    if (printed === undefined) original(...parts);
    else printed.push(parts.map(String).join(" "));
  };
}

parentPort?.on("message", ({ id, input }) => {
  /** @type {string[]} */
  const printed = [];
  printedBy.run(printed, () => generate(input)).then(
    (output) => parentPort?.postMessage({ id, output, printed }),
    (error) => parentPort?.postMessage({ id, error, printed }),
  );
});
