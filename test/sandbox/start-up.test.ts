/**
 * Start-up under fire, with the real command: no request is ever left unanswered while the sandbox starts.
 *
 * The command is started on ports chosen beforehand (HTTP, and HTTPS, whose certificate is made in the window), and
 * requests are fired at it from the first moment: one connection attempt after another until the HTTP port
 * accepts, then a new connection with a request every 2 ms (without waiting for answers) until the ready line is
 * read: every other one the health route, in between an API read, a token request, a control command with a JSON
 * body and a token request at the HTTPS entry point. Every request sent once its port accepts must be answered within
 * the timeout (before the start gate, the first such request waited forever). Health answers 503 starting
 * (Retry-After: 1) until the core stands, 200 ready after, and at least one 503 shows the window was hit (a run that
 * missed it, as a loaded machine can, is started again, up to WINDOW_ATTEMPTS times); the other requests get their
 * real answers (401, 200), never a 503, since they wait for the core. Run in memory, with a data
 * file (created and seeded in the window), and with a start that fails (a file that is no data file): then every
 * answer is 503 (starting, start_failed) and the other requests are refused or reset as the process goes; none
 * hangs. Alongside the first, curl polls the health route as the README says, from before the port accepts, and
 * exits 0 once the sandbox is ready. Last, the README's start-and-wait.sh runs the client against the sandbox.
 * @module-tag node-lines: sockets and signals during the command's start-up.
 */
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USER } from "./support/sandbox-fixture.js";
import { readyLineOf, spawnSandbox } from "./support/sandbox-process.js";

const repository = fileURLToPath(new URL("../../", import.meta.url));
/** The README's script (sandbox/README.md, "Starting it from a script"), run as it is. */
const SCRIPT = fileURLToPath(new URL("../../sandbox/examples/start-and-wait.sh", import.meta.url));
/** A request that waits longer than this has hung (the core stands in about a second). */
const ANSWER_TIMEOUT_MS = 20_000;
const FIRE_EVERY_MS = 2;
/**
 * Starts until a health request is answered 503 starting: the gate answers only while the command's start awaits
 * (its certificate, its data file), a few tens of milliseconds; what comes while it builds its core in one stretch
 * is answered once the core stands. On a loaded machine a run can miss that, and then it proved nothing about the
 * window: the test starts the command again.
 */
const WINDOW_ATTEMPTS = 5;

let directory: string;
beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "sandbox-start-up-"));
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A port free on loopback now (bound and released; the sandbox binds it next). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Aim {
  readonly scheme: "http" | "https";
  readonly name: string;
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly body?: { readonly type: string; readonly text: string };
}

const AIMS: readonly Aim[] = [
  { scheme: "http", name: "health", method: "GET", path: "/_sandbox/health" },
  { scheme: "http", name: "read", method: "GET", path: "/api/v1/Accounts" },
  {
    scheme: "http",
    name: "token",
    method: "POST",
    path: "/connect/token",
    body: {
      type: "application/x-www-form-urlencoded",
      text: new URLSearchParams({
        grant_type: "password",
        scope: "serviceFXAPI",
        client_id: "sandbox-client",
        client_secret: "sandbox-secret",
        username: DEMO_USER.username,
        password: DEMO_USER.password,
      }).toString(),
    },
  },
  {
    scheme: "http",
    name: "command",
    method: "POST",
    path: "/_sandbox/clock",
    body: { type: "application/json", text: JSON.stringify({ advanceSeconds: 0 }) },
  },
];
/** At the HTTPS entry point (when it is on): the token request, the one route served there that a test can call. */
const HTTPS_AIMS: readonly Aim[] = AIMS.filter((aim) => aim.name === "token").map((aim) => ({
  ...aim,
  scheme: "https",
}));

interface Shot {
  readonly aim: Aim;
  readonly sentAt: number;
  connected: boolean;
  status?: number;
  headers?: IncomingHttpHeaders;
  body?: string;
  error?: string;
}

/**
 * One request on a connection of its own: `reached` settles once the connection is made (true) or refused (false),
 * `answered` with the answer, the connection's error, or a timeout.
 */
function shoot(ports: Ports, aim: Aim): { reached: Promise<boolean>; answered: Promise<Shot> } {
  const shot: Shot = { aim, sentAt: performance.now(), connected: false };
  const { scheme } = aim;
  let reach: (connected: boolean) => void = () => {};
  const reached = new Promise<boolean>((resolve) => (reach = resolve));
  const answered = new Promise<Shot>((resolve) => {
    const send = scheme === "https" ? httpsRequest : httpRequest;
    const request = send({
      host: "127.0.0.1",
      port: ports[scheme],
      method: aim.method,
      path: aim.path,
      agent: false,
      rejectUnauthorized: false,
      timeout: ANSWER_TIMEOUT_MS,
      headers: aim.body === undefined ? {} : { "content-type": aim.body.type },
    });
    request.once("socket", (socket) =>
      socket.once("connect", () => {
        shot.connected = true;
        reach(true);
      }),
    );
    request.once("timeout", () => request.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)));
    request.once("error", (error: NodeJS.ErrnoException) => {
      shot.error = error.code ?? error.message;
      reach(shot.connected);
      resolve(shot);
    });
    request.once("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.once("end", () => {
        Object.assign(shot, { status: response.statusCode, headers: response.headers, body });
        resolve(shot);
      });
    });
    request.end(aim.body?.text);
  });
  return { reached, answered };
}

interface Volley {
  readonly shots: Shot[];
  /** When the first request that reached the server was sent. */
  readonly firstAcceptedAt: number;
  /** When the ready line (or the failure line) was read, or the process exited. */
  readonly endedAt: number;
  readonly stdout: string;
  readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

interface Ports {
  readonly http: number;
  readonly https: number;
}

/**
 * Starts the command on `port` (default: a free one) and HTTPS on a free port, and fires at it until its ready or
 * failure line is read (see the file's comment). HTTPS is on: its certificate is made once the HTTP port listens,
 * which makes the window long enough (tens of milliseconds) for every run to land requests in it.
 */
async function startUnderFire(args: readonly string[], port?: number): Promise<Volley> {
  const ports: Ports = { http: port ?? (await freePort()), https: await freePort() };
  const { child, output, exited } = spawnSandbox(
    args,
    [],
    ["--port", String(ports.http), "--tls-port", String(ports.https)],
  );
  let ended = false;
  const end = (): void => void (ended = true);
  child.stdout!.on("data", () => {
    if (output().stdout.includes("\n")) end();
  });
  void exited.then(end);
  const deadline = performance.now() + 60_000;
  // Every other request asks for health, so the window shows in its answers; the others take turns.
  const others = [...AIMS.filter((aim) => aim.name !== "health"), ...HTTPS_AIMS];
  const aimAt = (index: number): Aim => (index % 2 === 0 ? AIMS[0]! : others[(index >> 1) % others.length]!);

  // Until the HTTP port accepts: one attempt after another (the one that connects is not waited for: it is
  // answered only once the core stands).
  const shots: Promise<Shot>[] = [];
  let firstAcceptedAt: number | undefined;
  while (firstAcceptedAt === undefined && !ended && performance.now() < deadline) {
    const sentAt = performance.now();
    const { reached, answered } = shoot(ports, AIMS[1]!);
    if (await reached) {
      firstAcceptedAt = sentAt;
      shots.push(answered);
    }
  }
  if (firstAcceptedAt === undefined) throw new Error(`the port never accepted:\n${output().stderr}`);
  // Then a request every FIRE_EVERY_MS, not waiting for answers, until the ready (or failure) line.
  for (let index = 0; !ended && performance.now() < deadline; index += 1) {
    shots.push(shoot(ports, aimAt(index)).answered);
    await new Promise((resolve) => setTimeout(resolve, FIRE_EVERY_MS));
  }
  const endedAt = performance.now();
  return { shots: await Promise.all(shots), firstAcceptedAt, endedAt, stdout: output().stdout, exit: exited };
}

/**
 * The requests that had to be answered: at each port, every one sent once a request had reached that port (the
 * HTTPS port listens a little after the HTTP one; before a port listens, its connections are refused).
 */
function dueAnswers(volley: Volley): Shot[] {
  return (["http", "https"] as const).flatMap((scheme) => {
    const atEntryPoint = volley.shots.filter((shot) => shot.aim.scheme === scheme).sort((a, b) => a.sentAt - b.sentAt);
    const first = atEntryPoint.findIndex((shot) => shot.connected);
    return first === -1 ? [] : atEntryPoint.slice(first);
  });
}

/** Runs curl as the README's health poll, from now, against `port`. */
function curlHealthPoll(port: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const curl = spawn(
    "curl",
    [
      "--fail",
      "--silent",
      "--show-error",
      "--retry",
      "30",
      "--retry-delay",
      "1",
      "--retry-connrefused",
      "--retry-max-time",
      "60",
      "--connect-timeout",
      "2",
      "--max-time",
      "5",
      `http://127.0.0.1:${port}/_sandbox/health`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  curl.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  curl.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => curl.once("exit", (code) => resolve({ code, stdout, stderr })));
}

const expectedStatus: Readonly<Record<string, number>> = { read: 401, token: 200, command: 200 };

/** How many health requests were answered 503 starting: the run's requests that fell in the start-up window. */
const inWindow = (volley: Volley): number =>
  dueAnswers(volley).filter((shot) => shot.aim.name === "health" && shot.status === 503).length;

/**
 * The first of up to WINDOW_ATTEMPTS runs (`start(1)`, `start(2)`, ...) in which a health request fell in the
 * start-up window, or the last; every run's requests are all answered, and a run that missed the window is stopped.
 */
async function windowHit(start: (attempt: number) => Promise<Volley>): Promise<Volley> {
  let volley = await start(1);
  for (let attempt = 2; attempt <= WINDOW_ATTEMPTS && inWindow(volley) === 0; attempt += 1) {
    expectAnsweredThroughout(volley, { window: false });
    console.info(`[start-up] run ${attempt - 1} missed the start-up window: starting again`);
    process.kill(readyLineOf(volley.stdout)!.pid, "SIGTERM");
    expect((await volley.exit).code).toBe(0);
    volley = await start(attempt);
  }
  return volley;
}

/**
 * Every request answered; health 503 starting then 200 ready; every other request its real answer; with `window`
 * (the default), at least one health request answered 503 starting.
 */
function expectAnsweredThroughout(volley: Volley, { window = true }: { readonly window?: boolean } = {}): void {
  const due = dueAnswers(volley);
  const unanswered = due.filter((shot) => shot.status === undefined);
  expect(
    unanswered.map(
      (shot) =>
        `${shot.aim.scheme} ${shot.aim.name} sent at +${(shot.sentAt - volley.firstAcceptedAt).toFixed(0)} ms: ${shot.error}`,
    ),
  ).toEqual([]);
  const health = due.filter((shot) => shot.aim.name === "health");
  const starting = health.filter((shot) => shot.status === 503);
  for (const shot of starting) {
    expect(JSON.parse(shot.body!)).toEqual({ status: "starting" });
    expect(shot.headers?.["retry-after"]).toBe("1");
  }
  for (const shot of health.filter((shot) => shot.status !== 503))
    expect(JSON.parse(shot.body!)).toEqual({ status: "ready" });
  if (window) expect(starting.length, "no health request fell in the start-up window").toBeGreaterThan(0);
  for (const shot of due.filter((shot) => shot.aim.name !== "health"))
    expect(shot.status, `${shot.aim.scheme} ${shot.aim.name}: ${shot.body}`).toBe(expectedStatus[shot.aim.name]);
}

/** What a run says of itself in the test's output. */
function summary(volley: Volley): string {
  const due = dueAnswers(volley);
  const window = (volley.endedAt - volley.firstAcceptedAt).toFixed(0);
  return `${due.length} requests from the first accepted one to the ready line (${window} ms; ${inWindow(volley)} health answers 503 starting), all answered`;
}

describe("start-up under fire: every request answered", () => {
  it("in memory, while curl polls the health route as the README says", async () => {
    const port = await freePort();
    const curl = curlHealthPoll(port);
    const first = await startUnderFire([], port);
    expect(readyLineOf(first.stdout)).toEqual({
      status: "ready",
      url: `http://127.0.0.1:${port}`,
      tlsUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+$/),
      healthUrl: `http://127.0.0.1:${port}/_sandbox/health`,
      certificateSha256: expect.stringMatching(/^[0-9A-F]{64}$/),
      dataFile: null,
      pid: expect.any(Number),
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    const polled = await curl;
    expect(polled, polled.stderr).toMatchObject({ code: 0, stdout: JSON.stringify({ status: "ready" }) });
    const volley = await windowHit(async (attempt) => (attempt === 1 ? first : startUnderFire([])));
    expectAnsweredThroughout(volley);
    expect(dueAnswers(volley).some((shot) => shot.aim.scheme === "https")).toBe(true);
    process.kill(readyLineOf(volley.stdout)!.pid, "SIGTERM");
    expect((await volley.exit).code).toBe(0);
    console.info(`[start-up] in memory: ${summary(volley)}`);
  });

  it("with a data file (created and seeded in the window)", async () => {
    let path = "";
    const volley = await windowHit((attempt) => {
      path = join(directory, `state-${attempt}.db`);
      return startUnderFire(["--data", path]);
    });
    expectAnsweredThroughout(volley);
    const ready = readyLineOf(volley.stdout)!;
    expect(ready.dataFile).toBe(path);
    process.kill(ready.pid, "SIGTERM");
    expect((await volley.exit).code).toBe(0);
    console.info(`[start-up] --data: ${summary(volley)}`);
  });

  it("when the start fails: 503 start_failed, or refused once the process is gone; none hangs", async () => {
    const path = join(directory, "notes.txt");
    writeFileSync(path, "not a sandbox state\n");
    const volley = await startUnderFire(["--data", path]);
    expect((await volley.exit).code).toBe(1);
    expect(JSON.parse(volley.stdout)).toEqual({
      status: "failed",
      error: { code: "data_file_unusable", message: expect.stringContaining(`${path} cannot be used`) },
    });
    const answered = volley.shots.filter((shot) => shot.status !== undefined);
    expect(answered.length).toBeGreaterThan(0);
    for (const shot of answered) {
      expect(shot.status, shot.body).toBe(503);
      const body = JSON.parse(shot.body!) as { status?: string; error?: { code: string } };
      expect(body.status ?? body.error?.code).toMatch(/^(starting|start_failed)$/);
    }
    // The others settled too: refused or reset as the server closed, never a timeout.
    const errors = new Set(volley.shots.filter((shot) => shot.status === undefined).map((shot) => shot.error));
    for (const error of errors) expect(["ECONNREFUSED", "ECONNRESET", "socket hang up"]).toContain(error);
  });

  it("the README's start-and-wait.sh: waits for the ready line, runs the client against the sandbox, stops it", () => {
    const client = `
      import { createAccountFundsClient } from "@account-funds/client";
      const url = process.env.SANDBOX_URL;
      const credentials = { clientId: "sandbox-client", clientSecret: "sandbox-secret", username: "${DEMO_USER.username}", password: "${DEMO_USER.password}" };
      const { value } = await createAccountFundsClient({ baseUrl: url, authUrl: url, credentials }).accounts.listAccounts();
      console.log(JSON.stringify({ url, accounts: value.length }));`;
    const run = spawnSync("bash", [SCRIPT, process.execPath, "--input-type=module", "-e", client], {
      cwd: repository,
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const { url, accounts } = JSON.parse(run.stdout) as { url: string; accounts: number };
    expect(accounts).toBeGreaterThan(0);
    // Stopped by the pid of its ready line: its port is closed once it has exited.
    const closed = spawnSync("bash", [
      "-c",
      `for i in $(seq 50); do curl -s ${url}/ >/dev/null || exit 0; sleep 0.1; done; exit 1`,
    ]);
    expect(closed.status, `the sandbox at ${url} is still running`).toBe(0);
  });
});
