/**
 * The generator's two CPU-heavy library calls run in a worker thread (library-worker.js), beside the main thread's
 * emitters on a second core: openapi-typescript with the TypeScript compiler it loads, and ajv compiling the
 * standalone validators. The thread starts with the pipeline and loads both libraries while the main thread loads
 * the spec; it keeps the process alive only while it has work. One thread for both, as a rule: on two cores a
 * third thread costs its own start (0.1 s of CPU on our spec) and saves nothing while the main thread has work. A
 * large spec's validators get a thread of their own (`ownThread`): there the two libraries take seconds each
 * (Stripe: 1 s and 2 s), which two cores then run side by side while the main thread waits.
 */
import { Worker } from "node:worker_threads";

export interface ThreadResult<T> {
  readonly output: T;
  /** What the library printed meanwhile. */
  readonly printed: readonly string[];
}

/** What ajv-standalone.js compiles: per module, the schemas at its refs (export name → `documentId#pointer`). */
export interface AjvStandaloneInput {
  readonly document: { readonly [key: string]: unknown };
  /** `$id` the document's schemas are registered under; the refs point into it. */
  readonly documentId: string;
  readonly modules: readonly (readonly { readonly name: string; readonly ref: string; readonly pointer: string }[])[];
  /** Name of the format map the code reads function formats from. */
  readonly formatsName: string;
}

/** ajv's standalone code per module, or the schema it could not compile (a spec problem, at a pointer of the bundle). */
export type AjvStandaloneOutput =
  | { readonly codes: readonly string[] }
  | { readonly failed: { readonly pointer: string; readonly reason: string } };

export interface Tasks {
  /** openapi-typescript's output for `document` with `options`, printed to text. */
  readonly openapiTypescript: {
    readonly input: {
      readonly document: unknown;
      readonly options: object;
      /** Component schema name → the name of its type (model/type-names.ts): each is declared as a named type. */
      readonly typeNames?: Readonly<Record<string, string>>;
    };
    readonly output: string;
  };
  readonly ajvStandalone: { readonly input: AjvStandaloneInput; readonly output: AjvStandaloneOutput };
}

interface Reply {
  readonly id: number;
  readonly output?: unknown;
  readonly error?: unknown;
  readonly printed: string[];
}

class LibraryThread {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (result: ThreadResult<unknown>) => void; reject: (error: unknown) => void }
  >();
  private nextId = 0;
  /** Why the thread stopped, if it did: work sent to it fails with this rather than waiting forever. */
  private stopped: unknown;

  /** `preload`: the tasks whose library the thread loads as it starts. */
  constructor(preload: readonly (keyof Tasks)[]) {
    // `execArgv: []`: under tsx the worker would inherit its loader hooks, and load its libraries twice as slowly.
    this.worker = new Worker(new URL("./library-worker.js", import.meta.url), {
      execArgv: [],
      workerData: { preload },
    });
    this.worker.on("message", ({ id, output, error, printed }: Reply) => {
      const job = this.pending.get(id);
      if (job === undefined) return;
      this.pending.delete(id);
      if (this.pending.size === 0) this.worker.unref();
      if (output === undefined) job.reject(error);
      else job.resolve({ output, printed });
    });
    this.worker.on("error", (error) => this.stop(error));
    this.worker.on("exit", (code) => this.stop(new Error(`the generator's worker thread stopped (exit code ${code})`)));
    // After the listeners: listening for messages refs the worker again.
    this.worker.unref();
  }

  run(task: keyof Tasks, input: unknown): Promise<ThreadResult<unknown>> {
    if (this.stopped !== undefined) return Promise.reject(this.stopped);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, task, input });
    });
  }

  private stop(reason: unknown): void {
    this.stopped ??= reason;
    for (const job of this.pending.values()) job.reject(this.stopped);
    this.pending.clear();
  }
}

let thread: LibraryThread | undefined;
/** Threads of one task each (`ownThread`). */
const ownThreads = new Map<keyof Tasks, LibraryThread>();
const tasks: readonly (keyof Tasks)[] = ["openapiTypescript", "ajvStandalone"];

/** Starts the thread ahead of its first task, so its libraries load while the main thread loads the spec. */
export function startLibraryThread(): void {
  thread ??= new LibraryThread(tasks);
}

/**
 * Runs `task` in the library thread (a structured clone of `input` goes there), or with `ownThread` in a thread
 * of its own, started now.
 */
export async function runInLibraryThread<T extends keyof Tasks>(
  task: T,
  input: Tasks[T]["input"],
  { ownThread = false }: { readonly ownThread?: boolean } = {},
): Promise<ThreadResult<Tasks[T]["output"]>> {
  let runner: LibraryThread;
  if (ownThread) {
    runner = ownThreads.get(task) ?? new LibraryThread([task]);
    ownThreads.set(task, runner);
  } else runner = thread ??= new LibraryThread(tasks);
  return (await runner.run(task, input)) as ThreadResult<Tasks[T]["output"]>;
}
