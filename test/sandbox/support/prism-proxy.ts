/**
 * Prism (the project's own dev dependency, @stoplight/prism-cli 5.14) as a validating proxy in front of a server:
 * `prism proxy <document> <server> --errors`. In front of the sandbox, the sandbox's document (`sandbox/openapi.json`:
 * the API's with the sandbox's limits, status values and servers laid over it); in front of the stand-in for the
 * real API, the API's (`generated/openapi.json`). Prism checks each request and each response against it and
 * reports what does not match in the `sl-violations` header (RFC 7807 problem bodies instead of the upstream's
 * answer where `--errors` makes a violation an error). A fetch wrapper records those reports per call.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const REPOSITORY_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** The documents Prism can check against. */
export const SANDBOX_DOCUMENT = join(REPOSITORY_ROOT, "sandbox/openapi.json");
export const API_DOCUMENT = join(REPOSITORY_ROOT, "generated/openapi.json");
const require = createRequire(import.meta.url);
const PRISM_PACKAGE = require.resolve("@stoplight/prism-cli/package.json");
const PRISM_CLI = join(dirname(PRISM_PACKAGE), "dist/index.js");
export const PRISM_VERSION = (require(PRISM_PACKAGE) as { version: string }).version;

/** Prism loads and dereferences the whole spec before it listens: generous on a busy 2-core machine. */
const STARTUP_TIMEOUT_MS = 90_000;

export interface PrismProxy {
  readonly url: string;
  stop(): Promise<void>;
}

/** One violation as Prism reports it (its `sl-violations` header, or the `validation` list of its problem body). */
export interface PrismViolation {
  readonly location: readonly string[];
  readonly severity: string;
  readonly code: string | number;
  readonly message: string;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Starts `prism proxy <bundled spec> <upstream> --errors` on a port of the system's choosing, and resolves with its
 * URL once it says it listens (`-v info`: its per-request lines are read and dropped).
 */
export function startPrismProxy(upstream: string, document: string = SANDBOX_DOCUMENT): Promise<PrismProxy> {
  const child = spawn(
    process.execPath,
    [PRISM_CLI, "proxy", document, upstream, "--errors", "-h", "127.0.0.1", "-p", "0", "-v", "info"],
    {
      cwd: REPOSITORY_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  // A test run that ends without afterAll (a crash, a timeout) must not leave Prism listening.
  const killOnExit = (): void => void child.kill("SIGKILL");
  process.once("exit", killOnExit);
  child.once("exit", () => process.removeListener("exit", killOnExit));
  let tail = "";
  return new Promise((resolve, reject) => {
    let listening = false;
    const timer = setTimeout(() => {
      void stopChild(child);
      reject(new Error(`Prism did not listen within ${STARTUP_TIMEOUT_MS / 1000} s:\n${tail}`));
    }, STARTUP_TIMEOUT_MS);
    const read = (chunk: Buffer): void => {
      if (listening) return;
      tail = (tail + chunk.toString("utf8")).slice(-4000);
      const url = /Prism is listening on (http:\/\/[^\s]+)/.exec(tail)?.[1];
      if (url === undefined) return;
      listening = true;
      clearTimeout(timer);
      resolve({ url, stop: () => stopChild(child) });
    };
    // Both pipes stay drained after start-up, so a chatty Prism never blocks on a full pipe.
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (!listening) reject(new Error(`Prism exited (${code ?? signal}) before it listened:\n${tail}`));
    });
  });
}

/** What Prism said about one HTTP exchange it proxied. */
export interface ProxiedExchange {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly violations: readonly PrismViolation[];
}

/**
 * A `fetch` for the client that records, for every exchange, the violations Prism reported: those of the
 * `sl-violations` header and, when Prism answered with a problem body of its own, those of its `validation` list
 * (or the problem itself, e.g. "Route not resolved"). `operationId` is the client's, from its `onRequest` hook.
 */
export class ViolationLog {
  readonly exchanges: ProxiedExchange[] = [];
  private operationId = "";

  readonly hooks = {
    onRequest: ({ operationId }: { readonly operationId: string }): void => {
      this.operationId = operationId;
    },
  };

  readonly fetch = async (input: Request | URL | string, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const url = new URL(input instanceof Request ? input.url : input);
    const response = await globalThis.fetch(input, init);
    const violations = [...parseHeader(response.headers.get("sl-violations")), ...(await problemViolations(response))];
    this.exchanges.push({
      operationId: this.operationId,
      method,
      path: decodeURIComponent(url.pathname),
      status: response.status,
      violations,
    });
    return response;
  };

  clear(): void {
    this.exchanges.length = 0;
  }
}

function parseHeader(header: string | null): PrismViolation[] {
  if (header === null || header === "") return [];
  try {
    const parsed: unknown = JSON.parse(header);
    return Array.isArray(parsed) ? parsed.map(toViolation) : [toViolation(parsed)];
  } catch {
    return [{ location: [], severity: "Error", code: "unparsed", message: header }];
  }
}

/** Prism's own answers are `application/problem+json` with a `type` under stoplight.io/prism/errors. */
async function problemViolations(response: Response): Promise<PrismViolation[]> {
  if (!(response.headers.get("content-type") ?? "").startsWith("application/problem+json")) return [];
  const body: unknown = await response.clone().json();
  if (typeof body !== "object" || body === null) return [];
  const problem = body as {
    readonly type?: unknown;
    readonly title?: unknown;
    readonly detail?: unknown;
    readonly validation?: unknown;
  };
  if (typeof problem.type !== "string" || !problem.type.includes("stoplight.io/prism/errors")) return [];
  if (Array.isArray(problem.validation) && problem.validation.length > 0) return problem.validation.map(toViolation);
  return [
    {
      location: [],
      severity: "Error",
      code: problem.type.replace(/^.*#/, ""),
      message: `${String(problem.title)}: ${String(problem.detail)}`,
    },
  ];
}

function toViolation(value: unknown): PrismViolation {
  const record = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  return {
    location: Array.isArray(record["location"]) ? record["location"].map(String) : [],
    severity: String(record["severity"] ?? "Error"),
    code: typeof record["code"] === "number" ? record["code"] : String(record["code"] ?? ""),
    message: String(record["message"] ?? ""),
  };
}
