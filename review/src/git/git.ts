/** git, run in the repository, as data. */
import { exec, type ExecResult } from "../exec.js";

export function git(cwd: string, ...args: string[]): Promise<ExecResult> {
  return exec("git", args, { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" } });
}

/** The trimmed stdout of a successful git command, or undefined. */
export async function gitValue(cwd: string, ...args: string[]): Promise<string | undefined> {
  const result = await git(cwd, ...args);
  return result.code === 0 ? result.stdout.trim() : undefined;
}
