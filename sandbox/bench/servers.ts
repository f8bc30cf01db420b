/**
 * The servers under load, each in a child process of its own so the load generator (autocannon, in the bench's
 * process) and the server never share an event loop: the sandbox's CLI (built dist) and Prism's mock of the same
 * bundled spec. A child that outlives the bench is killed on exit.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPOSITORY_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SANDBOX_CLI = join(REPOSITORY_ROOT, "sandbox/dist/cli.js");
export const SPEC_FILE = join(REPOSITORY_ROOT, "generated/openapi.json");
const require = createRequire(import.meta.url);
const PRISM_PACKAGE = require.resolve("@stoplight/prism-cli/package.json");
const PRISM_CLI = join(dirname(PRISM_PACKAGE), "dist/index.js");
export const PRISM_VERSION = (require(PRISM_PACKAGE) as { version: string }).version;
export const AUTOCANNON_VERSION = (require("autocannon/package.json") as { version: string }).version;

const STARTUP_TIMEOUT_MS = 120_000;

export interface RunningServer {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A crash of the bench must not leave a server listening.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

function track(child: ChildProcess): void {
  running.add(child);
  child.once("exit", () => running.delete(child));
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** The last lines a child wrote, for the error when it fails to start. */
function captureTail(child: ChildProcess): () => string {
  let tail = "";
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString("utf8")).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => tail.trim();
}

/**
 * `node [nodeOptions] sandbox/dist/cli.js --port 0 --no-tls [args]`; resolves with the URL the CLI prints once it
 * listens. `nodeOptions` is for profiling (`--cpu-prof --cpu-prof-dir=...`), `cli` for a candidate build, `args`
 * for more options (`--data <file>`).
 */
export function startSandboxProcess(
  nodeOptions: readonly string[],
  cli = SANDBOX_CLI,
  args: readonly string[] = [],
  name = "sandbox",
): Promise<RunningServer> {
  const child = spawn(process.execPath, [...nodeOptions, cli, "--port", "0", "--no-tls", ...args], {
    cwd: REPOSITORY_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  track(child);
  const tail = captureTail(child);
  return new Promise((resolve, reject) => {
    let printed = "";
    let listening = false;
    const timer = setTimeout(() => {
      void stopChild(child);
      reject(new Error(`the sandbox did not print its URL within ${STARTUP_TIMEOUT_MS / 1000} s:\n${tail()}`));
    }, STARTUP_TIMEOUT_MS);
    // The tail listener keeps both pipes draining afterwards, so a chatty child never blocks on a full pipe.
    child.stdout!.on("data", (chunk: Buffer) => {
      if (listening) return;
      printed += chunk.toString("utf8");
      // The ready line (one JSON object on stdout, sandbox/README.md "Starting it from a script").
      const url = /^\{"status":"ready","url":"(http:\/\/[^"]+)"/m.exec(printed)?.[1];
      if (url === undefined) return;
      listening = true;
      clearTimeout(timer);
      resolve({ name, url, pid: child.pid!, stop: () => stopChild(child) });
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (!listening) reject(new Error(`the sandbox exited (${code ?? signal}) before it listened:\n${tail()}`));
    });
  });
}

/** A port free right now (Prism's silent mode does not print the one it picked for `-p 0`). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * `prism mock generated/openapi.json -p <port> -v silent` (static examples, its default request validation), ready
 * once `probePath` answers 2xx with `headers`.
 */
export async function startPrismProcess(
  probePath: string,
  headers: Readonly<Record<string, string>>,
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [PRISM_CLI, "mock", SPEC_FILE, "-h", "127.0.0.1", "-p", String(port), "-v", "silent"],
    {
      cwd: REPOSITORY_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  track(child);
  const tail = captureTail(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`Prism exited (${child.exitCode ?? child.signalCode}) before it answered:\n${tail()}`);
    try {
      const response = await fetch(`${url}${probePath}`, { headers: { ...headers } });
      await response.arrayBuffer();
      if (response.ok) return { name: "Prism", url, pid: child.pid!, stop: () => stopChild(child) };
      throw new Error(`Prism answered ${probePath} with ${response.status}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("Prism answered")) {
        await stopChild(child);
        throw error;
      }
    }
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`Prism did not answer within ${STARTUP_TIMEOUT_MS / 1000} s:\n${tail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
