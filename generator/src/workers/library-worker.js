// @ts-check
/**
 * The worker thread of library-thread.ts: openapi-typescript (printed to text here, as its AST cannot cross
 * threads) and ajv's standalone compile (ajv-standalone.js). JavaScript, not TypeScript, so it runs alike under
 * tsx, vitest and compiled code. It loads both libraries as soon as it starts, while the main thread is still
 * loading the spec.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { parentPort } from "node:worker_threads";
import { openapiTypescript } from "./openapi-typescript.js";

const ajvStandalone = import("./ajv-standalone.js");

/** @type {{ [task: string]: (input: any) => Promise<unknown> }} */
const tasks = {
  openapiTypescript: async ({ document, options }) => openapiTypescript(document, options),
  ajvStandalone: async (input) => (await ajvStandalone).compileStandalone(input),
};

// What a library prints during a task goes back with the task's result, for the main thread to report as the
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

parentPort?.on("message", ({ id, task, input }) => {
  /** @type {string[]} */
  const printed = [];
  const run = tasks[task];
  printedBy
    .run(printed, () => (run === undefined ? Promise.reject(new Error(`unknown task ${task}`)) : run(input)))
    .then(
      (output) => parentPort?.postMessage({ id, output, printed }),
      (error) => parentPort?.postMessage({ id, error, printed }),
    );
});
