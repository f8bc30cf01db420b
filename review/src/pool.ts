/**
 * At most `concurrency` tasks at a time. CI has two shared cores: the review's heavy steps (generator runs, tsc,
 * API Extractor) are CPU-bound, and more processes than cores only add memory and context switches.
 */
import { availableParallelism } from "node:os";

export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

export function limit(concurrency: number = Math.max(2, Math.min(availableParallelism(), 4))): Limit {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    running--;
    waiting.shift()?.();
  };
  return async (task) => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
