// @ts-check
/**
 * A worker thread of library-thread.ts: openapi-typescript (printed to text here, as its AST cannot cross threads;
 * openapi-typescript.js) and ajv's standalone compile (ajv-standalone.js). JavaScript, not TypeScript, so it runs
 * alike under tsx, vitest and compiled code. It loads the libraries `workerData.preload` names as soon as it
 * starts, while the main thread is still loading the spec, and any other on its first task.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { parentPort, workerData } from "node:worker_threads";

/** @type {{ [task: string]: () => Promise<(input: any) => unknown> }} */
const libraries = {
  openapiTypescript: async () => {
    const { openapiTypescript } = await import("./openapi-typescript.js");
    return ({ document, options, typeNames }) => openapiTypescript(document, options, typeNames);
  },
  ajvStandalone: async () => (await import("./ajv-standalone.js")).compileStandalone,
};
/** @type {Map<string, Promise<(input: any) => unknown>>} */
const loaded = new Map();
/** @param {string} task */
const library = (task) => {
  const load = libraries[task];
  if (load === undefined) return Promise.reject(new Error(`unknown task ${task}`));
  let loading = loaded.get(task);
  if (loading === undefined) {
    loading = load();
    // A library that fails to load fails the tasks that need it, not the thread before any task came.
    loading.catch(() => undefined);
    loaded.set(task, loading);
  }
  return loading;
};
for (const task of /** @type {string[]} */ (workerData?.preload ?? [])) library(task);

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
  printedBy
    .run(printed, async () => (await library(task))(input))
    .then(
      (output) => parentPort?.postMessage({ id, output, printed }),
      (error) => parentPort?.postMessage({ id, error, printed }),
    );
});
