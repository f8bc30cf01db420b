/**
 * Worker threads for the generator's CPU-heavy library calls (library-worker.js: prettier, openapi-typescript),
 * so that they run beside the main thread's own work: two where there are two cores. Formatting goes to the
 * worker with the least work queued, measured by the size of what it was sent; openapi-typescript (one call per
 * run) always to the first worker, which loads it up front rather than each worker loading it.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

export type Task = "format" | "openapiTypescript";

export interface TaskResult {
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

/** One worker; it keeps the process alive only while it has work. */
class PoolWorker {
  /** Size of the work sent and not done yet. */
  queued = 0;
  private readonly worker: Worker;
  private readonly pending = new Map<number, { size: number; resolve: (result: TaskResult) => void; reject: (error: unknown) => void }>();
  private nextId = 0;
  /** Why the worker stopped, if it did: work sent to it fails with this rather than waiting forever. */
  private stopped: unknown;

  constructor(openapiTypescript: boolean) {
    // `execArgv: []`: under tsx the worker would inherit its loader hooks, and load its libraries twice as slowly.
    this.worker = new Worker(new URL("./library-worker.js", import.meta.url), { execArgv: [], workerData: { openapiTypescript } });
    this.worker.on("message", ({ id, output, error, printed }: Reply) => {
      const job = this.pending.get(id);
      if (job === undefined) return;
      this.pending.delete(id);
      this.queued -= job.size;
      if (this.pending.size === 0) this.worker.unref();
      if (output === undefined) job.reject(error);
      else job.resolve({ output, printed });
    });
    this.worker.on("error", (error) => this.stop(error));
    this.worker.on("exit", (code) => this.stop(new Error(`a generator worker thread stopped (exit code ${code})`)));
    // After the listeners: listening for messages refs the worker again.
    this.worker.unref();
  }

  run(task: Task, input: unknown, size: number): Promise<TaskResult> {
    if (this.stopped !== undefined) return Promise.reject(this.stopped);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    this.queued += size;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { size, resolve, reject });
      this.worker.postMessage({ id, task, input });
    });
  }

  private stop(reason: unknown): void {
    this.stopped ??= reason;
    for (const job of this.pending.values()) job.reject(this.stopped);
    this.pending.clear();
    this.queued = 0;
  }
}

let workers: readonly PoolWorker[] | undefined;

/** Starts the workers ahead of their first task, so their libraries load while the main thread loads the spec. */
export function startWorkers(): readonly PoolWorker[] {
  workers ??= Array.from({ length: Math.min(2, availableParallelism()) }, (_, index) => new PoolWorker(index === 0));
  return workers;
}

/** Runs `task` in a worker; `size` (of the input, in characters) is how busy it makes that worker. */
export function runInWorker(task: Task, input: unknown, size: number): Promise<TaskResult> {
  const [first, ...others] = startWorkers();
  if (first === undefined) throw new Error("no worker threads");
  const worker = task === "openapiTypescript" ? first : others.reduce((best, next) => (next.queued < best.queued ? next : best), first);
  return worker.run(task, input, size);
}
