/**
 * One formatting of all generated code, so output is readable and stable across generator changes.
 * prettier is most of the generator's CPU time (the validators module alone is 0.8 MB), so it runs in worker
 * threads: the main thread builds the next files meanwhile (the pipeline runs the emitters concurrently).
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

// prettier's `babel-ts` parser rather than `typescript`: the same output (for generated/ and every test snapshot),
// parsed twice as fast on the large files (the `typescript` parser converts TypeScript's AST to ESTree after).
const options = { parser: "babel-ts", printWidth: 120, singleQuote: false, trailingComma: "all", endOfLine: "lf" } as const;

// Plain JavaScript, so the workers run alike under tsx, vitest and compiled code. A worker loads prettier and
// its parser as soon as it starts, while the main thread is still loading the spec.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const prettier = import(workerData.prettier).then(async (prettier) => {
  await prettier.format("", workerData.options);
  return prettier;
});
parentPort.on("message", ({ id, code }) => {
  prettier
    .then((prettier) => prettier.format(code, workerData.options))
    .then((text) => parentPort.postMessage({ id, text }), (error) => parentPort.postMessage({ id, error }));
});
`;

interface Reply {
  readonly id: number;
  readonly text?: string;
  readonly error?: unknown;
}

/** One worker; it keeps the process alive only while it has code to format. */
class FormatWorker {
  /** Characters sent and not formatted yet: a new file goes to the worker with the least. */
  queued = 0;
  // `execArgv: []`: under tsx the worker would inherit its loader hooks, and load prettier twice as slowly.
  private readonly worker = new Worker(workerSource, { eval: true, execArgv: [], workerData: { prettier: import.meta.resolve("prettier"), options } });
  private readonly pending = new Map<number, { size: number; resolve: (text: string) => void; reject: (error: unknown) => void }>();
  private nextId = 0;
  /** Why the worker stopped, if it did: every file sent to it fails with this rather than waiting forever. */
  private stopped: unknown;

  constructor() {
    this.worker.on("message", ({ id, text, error }: Reply) => {
      const job = this.pending.get(id);
      if (job === undefined) return;
      this.pending.delete(id);
      this.queued -= job.size;
      if (this.pending.size === 0) this.worker.unref();
      if (text === undefined) job.reject(error);
      else job.resolve(text);
    });
    this.worker.on("error", (error) => this.stop(error));
    this.worker.on("exit", (code) => this.stop(new Error(`the formatting worker stopped (exit code ${code})`)));
    // After the listeners: listening for messages refs the worker again.
    this.worker.unref();
  }

  format(code: string): Promise<string> {
    if (this.stopped !== undefined) return Promise.reject(this.stopped);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    this.queued += code.length;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { size: code.length, resolve, reject });
      this.worker.postMessage({ id, code });
    });
  }

  private stop(reason: unknown): void {
    this.stopped ??= reason;
    for (const job of this.pending.values()) job.reject(this.stopped);
    this.pending.clear();
    this.queued = 0;
  }
}

/**
 * Two workers where there are two cores: the validators module and src/types.ts, the two largest files, then
 * format side by side.
 */
let workers: readonly FormatWorker[] | undefined;

/** Starts the workers ahead of the first file, so prettier is loaded by the time the emitters need it. */
export function warmUpFormatter(): readonly FormatWorker[] {
  workers ??= Array.from({ length: Math.min(2, availableParallelism()) }, () => new FormatWorker());
  return workers;
}

export async function formatTypeScript(code: string): Promise<string> {
  const idlest = warmUpFormatter().reduce((best, worker) => (worker.queued < best.queued ? worker : best));
  return idlest.format(code);
}
