/** Small statistics and a child-process timer shared by the benchmark parts. */
import { spawnSync } from "node:child_process";

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface TimedRun {
  readonly ms: number;
  readonly stdout: string;
}

/** Runs a command to completion; throws with its output when it fails. Wall time in milliseconds. */
export function timedRun(command: string, args: readonly string[], cwd: string): TimedRun {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: 300_000 });
  const ms = performance.now() - started;
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`.trim();
    throw new Error(
      `${command} ${args.join(" ")} exited ${result.status ?? result.signal}:\n${output.split("\n").slice(-20).join("\n")}`,
    );
  }
  return { ms, stdout: result.stdout };
}
