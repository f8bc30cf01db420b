/**
 * The data file on its own, with the real command: the `.db` copied without its WAL while the sandbox runs holds
 * every write acknowledged a second before the copy (timed checkpoints); a `.db` whose WAL was deleted after a
 * SIGKILL starts from its last checkpoint and says so, never re-seeded; a snapshot saved by the `snapshot`
 * subcommand while the sandbox runs starts another with `--from` (file unchanged, reset back to it) or `--data`;
 * and without an SQLite binding (better-sqlite3 not installed, simulated by failing its resolution) `--data` fails
 * at once with a structured reason, while an in-memory sandbox starts and answers a snapshot with 501.
 * @module-tag node-lines: the SQLite driver's files, with and without better-sqlite3.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USER } from "./support/sandbox-fixture.js";
import {
  createAlerts as createAlertsWith,
  listAll,
  passwordToken,
  runSandboxProcess,
  SANDBOX_COMMAND,
  startSandboxProcess,
  stopSandboxProcess,
  type SandboxProcess,
} from "./support/sandbox-process.js";

/** The README's promise: the file alone is at most this far behind the last acknowledged write. */
const FILE_LAG_BOUND_MS = 1_000;
const PAGE = ["--page-size", "1000000"];

let directory: string;
beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "sandbox-copies-"));
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Creates `count` alerts, 4 at a time; returns id → Limit of each acknowledged one and when the last was acknowledged. */
async function createAlerts(
  sandbox: SandboxProcess,
  token: string,
  from: number,
  count: number,
): Promise<{ acknowledged: Map<number, number>; lastAt: number }> {
  const acknowledged = new Map<number, number>();
  let lastAt = 0;
  await createAlertsWith(sandbox.url, token, from, count, (answer, limit) => {
    expect(answer.status).toBe(201);
    acknowledged.set((answer.body as { Id: number }).Id, limit);
    lastAt = performance.now();
  });
  return { acknowledged, lastAt };
}

/** The demo user's alerts in a sandbox started with `args`, and what it said on stderr. */
async function alertsIn(args: readonly string[]): Promise<{ alerts: Map<number, number>; stderr: string }> {
  const sandbox = await startSandboxProcess([...args, ...PAGE]);
  try {
    const token = await passwordToken(sandbox.url, DEMO_USER.username, DEMO_USER.password);
    const rows = await listAll<{ Id: number; Limit: number }>(sandbox.url, token, "/api/v1/Alerts");
    return { alerts: new Map(rows.map((row) => [row.Id, row.Limit])), stderr: sandbox.output().stderr };
  } finally {
    expect((await stopSandboxProcess(sandbox)).code).toBe(0);
  }
}

const missingFrom = (expected: ReadonlyMap<number, number>, found: ReadonlyMap<number, number>): number[] =>
  [...expected].filter(([id, limit]) => found.get(id) !== limit).map(([id]) => id);

describe("the data file alone", () => {
  it(`copied without its WAL while the sandbox runs, holds every write acknowledged ${FILE_LAG_BOUND_MS} ms before; with its WAL deleted after a SIGKILL, starts from its last checkpoint; both say so, neither is re-seeded`, async () => {
    const path = join(directory, "running.db");
    const sandbox = await startSandboxProcess(["--data", path, ...PAGE]);
    const token = await passwordToken(sandbox.url, DEMO_USER.username, DEMO_USER.password);
    const { acknowledged, lastAt } = await createAlerts(sandbox, token, 1, 60);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastAt + FILE_LAG_BOUND_MS - performance.now())));
    const copy = join(directory, "copy.db");
    copyFileSync(path, copy); // only the .db, as cp does while the sandbox runs
    await createAlerts(sandbox, token, 1_000, 20); // in the WAL only when the process dies just after
    expect((await stopSandboxProcess(sandbox, "SIGKILL")).signal).toBe("SIGKILL");
    rmSync(`${path}-wal`, { force: true });

    const copied = await alertsIn(["--data", copy]);
    expect(missingFrom(acknowledged, copied.alerts)).toEqual([]);
    expect(copied.alerts.size).toBe(acknowledged.size + 2); // the seed's two, and no seed again
    expect(copied.stderr).toContain(`warning: the sandbox data file ${copy} was in use by a running sandbox`);

    const killed = await alertsIn(["--data", path]);
    expect(missingFrom(acknowledged, killed.alerts)).toEqual([]);
    expect(killed.stderr).toMatch(/has no WAL file beside it .*starting from its last checkpoint \(\d{4}-\d\d-\d\dT/);
  });
});

describe("snapshots with the command", () => {
  it("saved while it runs, start another sandbox with --from (file unchanged, reset back to it) and --data", async () => {
    const source = await startSandboxProcess(PAGE);
    const token = await passwordToken(source.url, DEMO_USER.username, DEMO_USER.password);
    const { acknowledged } = await createAlerts(source, token, 1, 12);
    const saved = join(directory, "saved.db");
    const save = spawnSync(process.execPath, [SANDBOX_COMMAND, "snapshot", saved, "--url", source.url], {
      encoding: "utf8",
    });
    expect(save.status, save.stderr).toBe(0);
    expect(JSON.parse(save.stdout)).toEqual({ status: "saved", snapshot: saved, bytes: readFileSync(saved).length });
    expect((await stopSandboxProcess(source)).code).toBe(0);
    const bytes = readFileSync(saved);

    const from = await startSandboxProcess(["--from", saved, ...PAGE]);
    const fromToken = await passwordToken(from.url, DEMO_USER.username, DEMO_USER.password);
    await createAlerts(from, fromToken, 500, 4);
    expect((await fetch(`${from.url}/_sandbox/reset`, { method: "POST" })).status).toBe(200);
    const afterReset = await listAll<{ Id: number; Limit: number }>(from.url, fromToken, "/api/v1/Alerts");
    expect(missingFrom(acknowledged, new Map(afterReset.map((row) => [row.Id, row.Limit])))).toEqual([]);
    expect(afterReset).toHaveLength(acknowledged.size + 2);
    expect((await stopSandboxProcess(from)).code).toBe(0);
    expect(readFileSync(saved).equals(bytes)).toBe(true);

    const data = join(directory, "from-snapshot.db");
    copyFileSync(saved, data);
    const { alerts, stderr } = await alertsIn(["--data", data]);
    expect(missingFrom(acknowledged, alerts)).toEqual([]);
    expect(stderr).not.toContain("warning");
  });

  it("says why when it cannot save: nothing there, or no sandbox at the URL", () => {
    const target = join(directory, "not-saved.db");
    const result = spawnSync(process.execPath, [SANDBOX_COMMAND, "snapshot", target, "--url", "http://127.0.0.1:9"], {
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`${target} not saved: POST http://127.0.0.1:9/_sandbox/snapshot failed`);
    expect(existsSync(target)).toBe(false);
    const usage = spawnSync(process.execPath, [SANDBOX_COMMAND, "snapshot"], { encoding: "utf8" });
    expect(usage.status).toBe(64);
  });
});

describe("without an SQLite binding (Node.js 20 without better-sqlite3)", () => {
  const hide = (): string => {
    const hook = join(directory, "hide-better-sqlite3.mjs");
    writeFileSync(
      hook,
      `import Module from "node:module";
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "better-sqlite3") {
    const error = new Error("Cannot find module 'better-sqlite3'");
    error.code = "MODULE_NOT_FOUND";
    throw error;
  }
  return resolve.call(this, request, ...rest);
};
`,
    );
    return hook;
  };
  const environment = (): readonly string[] => [
    "env",
    "ACCOUNT_FUNDS_SANDBOX_SQLITE=better-sqlite3", // on Node 22+, node:sqlite would be taken otherwise
    `NODE_OPTIONS=--import=${hide()}`,
  ];

  it("--data fails at once, before taking a port: exit 1, code sqlite_unavailable, what to install", async () => {
    const exit = await runSandboxProcess(["--data", join(directory, "never.db")], 60_000, environment());
    expect(exit.code).toBe(1);
    const failure = JSON.parse(exit.stdout) as { status: string; error: { code: string; message: string } };
    expect(failure).toMatchObject({ status: "failed", error: { code: "sqlite_unavailable" } });
    expect(failure.error.message).toContain("npm install --save-dev better-sqlite3@^12");
    expect(exit.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(directory, "never.db"))).toBe(false);
  });

  it("in memory it starts, and a snapshot is 501 sqlite_unavailable", async () => {
    const sandbox = await startSandboxProcess([], environment());
    try {
      const response = await fetch(`${sandbox.url}/_sandbox/snapshot`, { method: "POST" });
      expect(response.status).toBe(501);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("sqlite_unavailable");
    } finally {
      expect((await stopSandboxProcess(sandbox)).code).toBe(0);
    }
  });
});
