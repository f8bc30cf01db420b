/**
 * Runs a command and returns what happened as data: the review reports a failed step (a generator that cannot
 * read the base spec, a tsc error) instead of stopping at the first exception.
 */
import { spawn } from "node:child_process";

export interface ExecResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Milliseconds from spawn to exit: the report shows where a slow review spends its time. */
  readonly millis: number;
}

export interface ExecOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Killed (and reported with code 124, like timeout(1)) after this many milliseconds. */
  readonly timeoutMillis?: number;
  /** Bytes written to the child's stdin, then closed. */
  readonly input?: string | Buffer;
}

export function exec(command: string, args: readonly string[], options: ExecOptions = {}): Promise<ExecResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => err.push(chunk));
    let timedOut = false;
    const timer =
      options.timeoutMillis === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill("SIGTERM");
          }, options.timeoutMillis);
    const finish = (code: number, extra = ""): void => {
      if (timer !== undefined) clearTimeout(timer);
      resolve({
        code: timedOut ? 124 : code,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr:
          Buffer.concat(err).toString("utf8") +
          extra +
          (timedOut ? `\n${command} timed out after ${options.timeoutMillis} ms` : ""),
        millis: Date.now() - started,
      });
    };
    child.on("error", (error) => finish(127, `${command}: ${error.message}`));
    child.on("close", (code, signal) => finish(code ?? (signal === null ? 1 : 128)));
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}
