/**
 * The sandbox as a real child process (the `account-funds-sandbox` command, i.e. sandbox/bin → dist/cli.js):
 * started on a free port, stopped with SIGTERM or SIGKILL, its exit and output kept for the assertions.
 * Plus the few raw HTTP calls the durability tests make (a token, a create, a list).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export const SANDBOX_COMMAND = fileURLToPath(new URL("../../../sandbox/bin/account-funds-sandbox.js", import.meta.url));
const STARTUP_TIMEOUT_MS = 60_000;

export interface SandboxProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** stdout and stderr so far. */
  output(): { stdout: string; stderr: string };
  /** Resolves when the process has exited, with its code or signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

const running = new Set<ChildProcess>();
/**
 * A test that fails half-way must not leave a sandbox running: killed after each test file (support/setup.ts, the
 * project's setup file, which runs for every file, also where files share modules) and when the worker exits.
 */
export const killSandboxProcesses = (): void => {
  for (const child of running) child.kill("SIGKILL");
};
process.once("exit", killSandboxProcesses);

/**
 * Spawns the command with `args` after `defaults` (a free port, no HTTPS; a later option of the same name wins),
 * under `wrapper` when given; killed after the test file if still running.
 */
export function spawnSandbox(
  args: readonly string[],
  wrapper: readonly string[] = [],
  defaults: readonly string[] = ["--port", "0", "--no-tls"],
): { child: ChildProcess; output: () => { stdout: string; stderr: string }; exited: SandboxProcess["exited"] } {
  const command = [...wrapper, process.execPath, SANDBOX_COMMAND, ...defaults, ...args];
  const child = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, output: () => ({ stdout, stderr }), exited };
}

/** The ready line's fields (sandbox/README.md, "Starting it from a script"). */
export interface ReadyLine {
  readonly status: "ready";
  readonly url: string;
  readonly tlsUrl: string | null;
  readonly healthUrl: string;
  readonly certificateSha256: string | null;
  readonly dataFile: string | null;
  readonly pid: number;
  readonly version: string;
}

/** The ready line, once stdout has it whole (on success the command prints nothing else there). */
export function readyLineOf(stdout: string): ReadyLine | undefined {
  const line = stdout.split("\n", 2);
  if (line.length < 2) return undefined;
  const parsed = JSON.parse(line[0]!) as { status?: unknown };
  return parsed.status === "ready" ? (parsed as ReadyLine) : undefined;
}

/** Starts the sandbox; resolves once it printed its ready line. `wrapper` runs it under another command (e.g. prlimit). */
export async function startSandboxProcess(
  args: readonly string[],
  wrapper: readonly string[] = [],
): Promise<SandboxProcess> {
  const { child, output, exited } = spawnSandbox(args, wrapper);
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    const url = readyLineOf(output().stdout)?.url;
    if (url !== undefined) return { url, child, output, exited };
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      await exited;
      throw new Error(
        `the sandbox did not start (${child.exitCode ?? child.signalCode}):\n${output().stdout}\n${output().stderr}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Runs the sandbox until it exits by itself (a refused start-up), or kills it after `timeoutMs`. */
export async function runSandboxProcess(
  args: readonly string[],
  timeoutMs = 60_000,
  wrapper: readonly string[] = [],
): Promise<Exit> {
  const { child, output, exited } = spawnSandbox(args, wrapper);
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const { code, signal } = await exited;
  clearTimeout(timer);
  return { code, signal, ...output() };
}

/** Sends `signal` and waits for the exit. */
export async function stopSandboxProcess(sandbox: SandboxProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<Exit> {
  sandbox.child.kill(signal);
  const { code, signal: by } = await sandbox.exited;
  return { code, signal: by, ...sandbox.output() };
}

export async function passwordToken(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "password",
      scope: "serviceFXAPI",
      client_id: "sandbox-client",
      client_secret: "sandbox-secret",
      username,
      password,
    }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (response.status !== 200 || body.access_token === undefined)
    throw new Error(`token: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

export async function call(
  url: string,
  token: string,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === "" ? undefined : (JSON.parse(text) as unknown),
  };
}

/**
 * Creates alerts for Limits `from` .. `from + count - 1`, `workers` requests at a time; each answer goes to
 * `onAnswer` with its Limit, in the order they arrive.
 */
export async function createAlerts(
  url: string,
  token: string,
  from: number,
  count: number,
  onAnswer: (answer: Answer, limit: number) => void,
  workers = 4,
): Promise<void> {
  let next = from;
  const worker = async (): Promise<void> => {
    while (next < from + count) {
      const limit = next++;
      onAnswer(
        await call(url, token, "POST", "/api/v1/Alerts/Create", {
          SourceCurrencyCode: "GBP",
          TargetCurrencyCode: "EUR",
          Limit: limit,
        }),
        limit,
      );
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
}

/** Every row of an OData list (the sandbox is started with a page size that holds them all). */
export async function listAll<T>(url: string, token: string, path: string): Promise<T[]> {
  const answer = await call(url, token, "GET", path);
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  const { value, "@odata.nextLink": next } = answer.body as { value: T[]; "@odata.nextLink"?: string };
  if (next !== undefined)
    throw new Error(`GET ${path}: more than one page; start the sandbox with a larger --page-size`);
  return value;
}
