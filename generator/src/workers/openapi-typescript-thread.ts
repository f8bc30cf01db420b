/**
 * openapi-typescript in a worker thread (openapi-typescript-worker.js), so that it and the TypeScript compiler it
 * loads (over a second of CPU) run on a second core beside the main thread's emitters. The thread starts with the
 * pipeline and loads its libraries while the main thread loads the spec; it keeps the process alive only while
 * it has work. (ajv's compile stays on the main thread: in a thread of its own it made the run no faster on two
 * cores, being a third thread.)
 */
import { Worker } from "node:worker_threads";

export interface ThreadResult {
  readonly output: string;
  /** What the library printed meanwhile. */
  readonly printed: readonly string[];
}

interface Reply {
  readonly id: number;
  readonly output?: string;
  readonly error?: unknown;
  readonly printed: string[];
}

class LibraryThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (result: ThreadResult) => void; reject: (error: unknown) => void }>();
  private nextId = 0;
  /** Why the thread stopped, if it did: work sent to it fails with this rather than waiting forever. */
  private stopped: unknown;

  constructor() {
    // `execArgv: []`: under tsx the worker would inherit its loader hooks, and load its libraries twice as slowly.
    this.worker = new Worker(new URL("./openapi-typescript-worker.js", import.meta.url), { execArgv: [] });
    this.worker.on("message", ({ id, output, error, printed }: Reply) => {
      const job = this.pending.get(id);
      if (job === undefined) return;
      this.pending.delete(id);
      if (this.pending.size === 0) this.worker.unref();
      if (output === undefined) job.reject(error);
      else job.resolve({ output, printed });
    });
    this.worker.on("error", (error) => this.stop(error));
    this.worker.on("exit", (code) => this.stop(new Error(`the openapi-typescript worker thread stopped (exit code ${code})`)));
    // After the listeners: listening for messages refs the worker again.
    this.worker.unref();
  }

  run(input: unknown): Promise<ThreadResult> {
    if (this.stopped !== undefined) return Promise.reject(this.stopped);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, input });
    });
  }

  private stop(reason: unknown): void {
    this.stopped ??= reason;
    for (const job of this.pending.values()) job.reject(this.stopped);
    this.pending.clear();
  }
}

let thread: LibraryThread | undefined;

/** Starts the thread ahead of its first task, so openapi-typescript loads while the main thread loads the spec. */
export function startOpenapiTypescriptThread(): void {
  thread ??= new LibraryThread();
}

/** openapi-typescript's output for `document` with `options`, printed to text. */
export function runOpenapiTypescript(input: { readonly document: unknown; readonly options: object }): Promise<ThreadResult> {
  thread ??= new LibraryThread();
  return thread.run(input);
}
