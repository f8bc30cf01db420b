/**
 * Storage that fails under the `account-funds-sandbox` command, with real faults: a full disk (a small tmpfs
 * filled up, as root; else a file size limit, RLIMIT_FSIZE through prlimit), a data file made immutable while
 * the sandbox runs (`chattr +i`), read-only storage at start-up (a tmpfs remounted read-only), and data files
 * start-up must refuse. A write the disk refuses is a 503 with Retry-After and is not there after a restart;
 * every 201 is. A refused start-up exits 1 naming the file (and the row), without a stack trace.
 * @module-tag node-lines: storage faults through the SQLite driver, processes and signals.
 */
import { execFileSync } from "node:child_process";
import { startSandbox } from "@account-funds/sandbox";
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USER } from "./support/sandbox-fixture.js";
import {
  createAlerts as createAlertsWith,
  listAll,
  passwordToken,
  runSandboxProcess,
  startSandboxProcess,
  stopSandboxProcess,
  type SandboxProcess,
} from "./support/sandbox-process.js";

const PAGE = ["--page-size", "1000000"];
let directory: string;
beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "sandbox-faults-"));
});
afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** Runs a system command; false when it fails (not root, no such file system feature). */
function tryRun(command: string, args: readonly string[]): boolean {
  try {
    execFileSync(command, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** A tmpfs of `size` mounted on a new directory; undefined when mounting is not permitted here. */
function mountTmpfs(name: string, size: string): { path: string; unmount: () => void } | undefined {
  const path = join(directory, name);
  mkdirSync(path);
  if (!tryRun("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", path])) return undefined;
  return { path, unmount: () => void tryRun("umount", ["-l", path]) };
}

/** Fills the file system of `path` with a file of zeros until it is full; returns the file. */
function fillUp(path: string): string {
  const filler = join(path, "filler");
  const descriptor = openSync(filler, "w");
  const chunk = Buffer.alloc(16 * 1024);
  try {
    for (;;) writeSync(descriptor, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(descriptor);
  }
  return filler;
}

interface Outcomes {
  readonly acknowledged: Map<number, number>;
  refused: number;
  readonly retryAfter: Set<string | null>;
  readonly codes: Set<string>;
  readonly others: number[];
}

/** `count` alert creates, 4 at a time; each answer sorted into acknowledged (201) and refused (503). */
async function createAlerts(
  sandbox: SandboxProcess,
  token: string,
  from: number,
  count: number,
  outcomes: Outcomes,
): Promise<void> {
  await createAlertsWith(sandbox.url, token, from, count, (answer, limit) => {
    if (answer.status === 201) outcomes.acknowledged.set((answer.body as { Id: number }).Id, limit);
    else if (answer.status === 503) {
      outcomes.refused += 1;
      outcomes.retryAfter.add(answer.headers.get("retry-after"));
      outcomes.codes.add((answer.body as { error: { code: string } }).error.code);
    } else outcomes.others.push(answer.status);
  });
}

const newOutcomes = (): Outcomes => ({
  acknowledged: new Map(),
  refused: 0,
  retryAfter: new Set(),
  codes: new Set(),
  others: [],
});

/** After a restart: the demo user's alerts are the seed's two plus exactly the acknowledged ones. */
async function expectExactlyAcknowledged(path: string, acknowledged: ReadonlyMap<number, number>): Promise<void> {
  const sandbox = await startSandboxProcess(["--data", path, ...PAGE]);
  try {
    const token = await passwordToken(sandbox.url, DEMO_USER.username, DEMO_USER.password);
    const rows = await listAll<{ Id: number; Limit: number }>(sandbox.url, token, "/api/v1/Alerts");
    const created = rows.filter((row) => row.Id > 2);
    expect(new Map(created.map((row) => [row.Id, row.Limit]))).toEqual(new Map(acknowledged));
  } finally {
    await stopSandboxProcess(sandbox);
  }
}

describe("a full disk", () => {
  it("answers 503 with Retry-After, acknowledges nothing it could not store, and recovers when space is freed", async () => {
    const disk = mountTmpfs("full-disk", "3m");
    // Not root: RLIMIT_FSIZE makes the kernel refuse the data file's growth past 1.5 MB (EFBIG), a real fault too.
    const path = join(disk?.path ?? directory, "full.db");
    const wrapper = disk === undefined ? ["prlimit", `--fsize=${1536 * 1024}`] : [];
    try {
      const sandbox = await startSandboxProcess(["--data", path, ...PAGE], wrapper);
      const token = await passwordToken(sandbox.url, DEMO_USER.username, DEMO_USER.password);
      const outcomes = newOutcomes();
      const filler = disk === undefined ? undefined : fillUp(disk.path);
      await createAlerts(sandbox, token, 1, disk === undefined ? 400 : 150, outcomes);
      expect(outcomes.others).toEqual([]);
      expect(outcomes.refused).toBeGreaterThan(0);
      expect([...outcomes.retryAfter]).toEqual(["5"]);
      expect([...outcomes.codes]).toEqual(["storage_unavailable"]);

      if (filler !== undefined) {
        rmSync(filler);
        const after = newOutcomes();
        await createAlerts(sandbox, token, 10_000, 20, after);
        expect(after.refused).toBe(0);
        for (const [id, limit] of after.acknowledged) outcomes.acknowledged.set(id, limit);
      }
      expect((await stopSandboxProcess(sandbox, "SIGKILL")).signal).toBe("SIGKILL");
      await expectExactlyAcknowledged(path, outcomes.acknowledged);
    } finally {
      disk?.unmount();
    }
  });
});

describe("read-only storage", () => {
  it("answers 503 while the data file is immutable (chattr +i), and recovers when it is writable again", async (context) => {
    const path = join(directory, "immutable.db");
    const sandbox = await startSandboxProcess(["--data", path, ...PAGE]);
    const files = [path, `${path}-wal`];
    try {
      const token = await passwordToken(sandbox.url, DEMO_USER.username, DEMO_USER.password);
      const outcomes = newOutcomes();
      await createAlerts(sandbox, token, 1, 8, outcomes);
      if (!tryRun("chattr", ["+i", ...files])) {
        await stopSandboxProcess(sandbox);
        context.skip("chattr +i is not possible here (needs root and a file system with attributes)");
      }
      const refused = newOutcomes();
      await createAlerts(sandbox, token, 100, 8, refused);
      tryRun("chattr", ["-i", ...files]);
      expect(refused.acknowledged.size).toBe(0);
      expect(refused.refused).toBe(8);
      expect([...refused.retryAfter]).toEqual(["5"]);
      await createAlerts(sandbox, token, 200, 8, outcomes);
      expect(outcomes.refused).toBe(0);
      expect((await stopSandboxProcess(sandbox, "SIGKILL")).signal).toBe("SIGKILL");
      await expectExactlyAcknowledged(path, outcomes.acknowledged);
    } finally {
      tryRun("chattr", ["-i", ...files]);
      if (sandbox.child.exitCode === null && sandbox.child.signalCode === null)
        await stopSandboxProcess(sandbox, "SIGKILL");
    }
  });

  it("stops start-up naming the file when its storage is read-only", async (context) => {
    const disk = mountTmpfs("read-only", "4m");
    if (disk === undefined) return context.skip("mounting a tmpfs is not permitted here (needs root)");
    try {
      const path = join(disk.path, "state.db");
      const first = await startSandboxProcess(["--data", path]);
      expect((await stopSandboxProcess(first)).code).toBe(0);
      expect(tryRun("mount", ["-o", "remount,ro", disk.path])).toBe(true);
      const exit = await runSandboxProcess(["--data", path]);
      expect(exit.code).toBe(1);
      expect(exit.stderr).toContain(`The sandbox data file ${path} cannot be used: it is read-only here`);
      expect(exit.stderr).not.toMatch(/\n\s+at /);
    } finally {
      disk.unmount();
    }
  });
});

describe("start-up refuses a data file it cannot use", () => {
  async function refusal(args: readonly string[]): Promise<string> {
    const exit = await runSandboxProcess(args);
    expect(exit.code).toBe(1);
    // stdout: only the failure line, a script's structured reason (README, "Starting it from a script").
    expect(JSON.parse(exit.stdout)).toEqual({
      status: "failed",
      error: { code: "data_file_unusable", message: expect.any(String) },
    });
    expect(exit.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
    return exit.stderr;
  }

  /** The seed's tables, read once from a sandbox started in-process. */
  let seedTables: Record<string, unknown>;
  beforeAll(async () => {
    const sandbox = await startSandbox({ port: 0, tlsPort: false });
    const { webhookCursors: _cursors, webhookDeadLetters: _letters, ...tables } = sandbox.store.toJSON();
    await sandbox.close();
    seedTables = tables;
  });

  /** A version 1 JSON data file of the seed (what the sandbox wrote before its data file was SQLite), changed. */
  async function jsonFile(name: string, mutate: (state: Record<string, unknown>) => void): Promise<string> {
    const state: Record<string, unknown> = { ...structuredClone(seedTables), webhookCursors: {} };
    mutate(state);
    const path = join(directory, `${name}.json`);
    writeFileSync(path, JSON.stringify(state));
    return path;
  }

  it("in a directory that does not exist", async () => {
    const path = join(directory, "no-such-directory", "state.db");
    expect(await refusal(["--data", path])).toContain(`The directory of the sandbox data file ${path} does not exist`);
  });

  it("that is not a data file", async () => {
    const path = join(directory, "notes.txt");
    writeFileSync(path, "not a sandbox state\n");
    expect(await refusal(["--data", path])).toContain(`${path} cannot be used: it is neither a sandbox database`);
  });

  it("with nextId {}, a balance as a string, or a null row: the file and the row named", async () => {
    const emptyCounters = await jsonFile("counters", (state) => (state["nextId"] = {}));
    expect(await refusal(["--data", emptyCounters])).toContain(
      `The sandbox data file ${emptyCounters} cannot be used: the id counter nextId.entities is missing`,
    );
    const stringBalance = await jsonFile("balance", (state) => {
      const balances = state["balances"] as Record<string, unknown>[];
      balances[3] = { ...balances[3], value: "100.00" };
    });
    expect(await refusal(["--data", stringBalance])).toContain(
      `The sandbox data file ${stringBalance} cannot be used: row balances[3]: /value must be integer`,
    );
    const nullRow = await jsonFile("null-row", (state) => (state["transfers"] as unknown[]).splice(1, 0, null));
    expect(await refusal(["--data", nullRow])).toContain(
      `The sandbox data file ${nullRow} cannot be used: row transfers[1]: the row is null, not an object`,
    );
  });

  it("imports a good version 1 JSON data file once, keeping the JSON beside it", async () => {
    const path = await jsonFile("good", () => undefined);
    const sandbox = await startSandboxProcess(["--data", path]);
    expect(sandbox.output().stderr).toContain(`imported the JSON data file, kept as ${path}.v1.json`);
    expect((await stopSandboxProcess(sandbox)).code).toBe(0);
    const again = await startSandboxProcess(["--data", path]);
    expect(again.output().stderr).not.toContain("imported");
    expect((await stopSandboxProcess(again)).code).toBe(0);
  });
});
