// @ts-check
/**
 * One worker thread of worker-pool.ts: library calls that turn plain data into text, run beside the main
 * thread. JavaScript, not TypeScript, so it runs alike under tsx, vitest and compiled code. It loads its
 * libraries as soon as it starts, while the main thread is still loading the spec: prettier, and openapi-typescript
 * in the worker the pool sends it to (`workerData.openapiTypescript`).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { parentPort, workerData } from "node:worker_threads";

const prettier = import("prettier").then(async (prettier) => {
  await prettier.format("", { parser: "babel-ts" }); // loads the parser print/format.ts uses
  return prettier;
});
/** @type {Promise<typeof import("openapi-typescript")> | undefined} */
let openapiTypescript = workerData?.openapiTypescript === true ? import("openapi-typescript") : undefined;

/** @type {Record<string, (input: any) => Promise<string>>} */
const tasks = {
  format: async ({ code, options }) => (await prettier).format(code, options),
  // The AST openapi-typescript returns cannot cross threads: it is printed here.
  openapiTypescript: async ({ document, options }) => {
    const { default: openapiTS, astToString } = await (openapiTypescript ??= import("openapi-typescript"));
    return astToString(await openapiTS(document, options));
  },
};

// What a library prints during a task goes back with the task's result, for the caller to report.
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
  printedBy
    .run(printed, async () => tasks[task]?.(input) ?? Promise.reject(new Error(`unknown task ${task}`)))
    .then(
      (output) => parentPort?.postMessage({ id, output, printed }),
      (error) => parentPort?.postMessage({ id, error, printed }),
    );
});
