/**
 * "Acknowledged means durable", with real processes and real faults: the `account-funds-sandbox` command with
 * `--data`, SIGKILLed at random moments during bursts of creates from several concurrent clients, over several
 * cycles; after every restart each acknowledged (201) write is there, unchanged, and no id was handed out twice.
 * SIGTERM closes cleanly. (A full disk, read-only storage and refused data files: storage-faults.test.ts.)
 * @module-tag node-lines: SIGKILL of the command, and the SQLite driver.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USER, OTHER_USER } from "./support/sandbox-fixture.js";
import {
  call,
  listAll,
  passwordToken,
  startSandboxProcess,
  stopSandboxProcess,
  type SandboxProcess,
} from "./support/sandbox-process.js";

/** Three kills at random moments (150–750 ms into a burst, across the 500 ms checkpoints) hold the property. */
const CYCLES = 3;
const CLIENTS = 6;
/** One page holds every row, so a list is one request. */
const PAGE = ["--page-size", "1000000"];

let directory: string;
beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "sandbox-durability-"));
});
afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** What a client was told: each 201's id with what it created, and how many requests got no answer. */
interface Acknowledged {
  readonly alerts: Map<number, number>; // id → Limit
  readonly transfers: Map<number, string>; // id → Reference
}

interface Burst {
  readonly acknowledged: number;
  readonly unanswered: number;
  readonly otherStatuses: readonly number[];
}

interface Payer {
  readonly accountId: number;
  readonly beneficiaryId: number;
}

async function payerOf(sandbox: SandboxProcess, token: string): Promise<Payer> {
  const [account] = await listAll<{ Id: number }>(sandbox.url, token, "/api/v1/Accounts?$orderby=Id");
  const beneficiaries = await listAll<{ Id: number; AccountId: number }>(
    sandbox.url,
    token,
    `/api/v1/TransferBeneficiaries?$filter=${encodeURIComponent(`AccountId eq ${account!.Id} and CurrencyCode eq 'GBP' and StatusCode eq 'E'`)}`,
  );
  return { accountId: account!.Id, beneficiaryId: beneficiaries[0]!.Id };
}

/**
 * `CLIENTS` clients create alerts (demo) and transfers (other) as fast as they are answered until the process
 * dies; every 201 is recorded before the next request, so it counts as acknowledged.
 */
async function burst(
  sandbox: SandboxProcess,
  cycle: number,
  tokens: { demo: string; other: string },
  payer: Payer,
  acknowledged: Acknowledged,
): Promise<Burst> {
  let count = 0;
  let unanswered = 0;
  const otherStatuses: number[] = [];
  const client = async (index: number): Promise<void> => {
    for (let n = 0; ; n += 1) {
      const transfer = index % 3 === 2;
      const limit = cycle * 1_000_000 + index * 10_000 + n + 1;
      const reference = `k${cycle}-${index}-${n}`;
      let answer;
      try {
        answer = transfer
          ? await call(sandbox.url, tokens.other, "POST", "/api/v1/Transfers/CreateAccountTransfer", {
              AccountId: payer.accountId,
              CurrencyCode: "GBP",
              Amount: 0.01,
              BeneficiaryId: payer.beneficiaryId,
              Reference: reference,
            })
          : await call(sandbox.url, tokens.demo, "POST", "/api/v1/Alerts/Create", {
              SourceCurrencyCode: "GBP",
              TargetCurrencyCode: "EUR",
              Limit: limit,
            });
      } catch {
        unanswered += 1; // the process died with this request in flight: not acknowledged
        return;
      }
      if (answer.status !== 201) {
        otherStatuses.push(answer.status);
        continue;
      }
      const id = (answer.body as { Id: number }).Id;
      const known = transfer ? acknowledged.transfers : acknowledged.alerts;
      // The same id acknowledged twice would be an id handed out again.
      expect(known.has(id), `${transfer ? "transfer" : "alert"} id ${id} acknowledged twice`).toBe(false);
      if (transfer) acknowledged.transfers.set(id, reference);
      else acknowledged.alerts.set(id, limit);
      count += 1;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  return { acknowledged: count, unanswered, otherStatuses };
}

/** Every acknowledged write is in the restarted sandbox, as it was created. */
async function expectAllThere(
  sandbox: SandboxProcess,
  tokens: { demo: string; other: string },
  acknowledged: Acknowledged,
): Promise<void> {
  const alerts = new Map(
    (await listAll<{ Id: number; Limit: number }>(sandbox.url, tokens.demo, "/api/v1/Alerts")).map((row) => [
      row.Id,
      row.Limit,
    ]),
  );
  const transfers = new Map(
    (await listAll<{ Id: number; Reference?: string }>(sandbox.url, tokens.other, "/api/v1/Transfers")).map((row) => [
      row.Id,
      row.Reference,
    ]),
  );
  const missing = [
    ...[...acknowledged.alerts].filter(([id, limit]) => alerts.get(id) !== limit).map(([id]) => `alert ${id}`),
    ...[...acknowledged.transfers]
      .filter(([id, reference]) => transfers.get(id) !== reference)
      .map(([id]) => `transfer ${id}`),
  ];
  expect(missing, "acknowledged writes missing or changed after the restart").toEqual([]);
}

describe("--data: acknowledged means durable", () => {
  it(`finds every acknowledged write and no reused id after SIGKILL at random moments, over ${CYCLES} cycles`, async () => {
    const path = join(directory, "kill.db");
    const acknowledged: Acknowledged = { alerts: new Map(), transfers: new Map() };
    const stats: string[] = [];
    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      const sandbox = await startSandboxProcess(["--data", path, ...PAGE]);
      const tokens = {
        demo: await passwordToken(sandbox.url, DEMO_USER.username, DEMO_USER.password),
        other: await passwordToken(sandbox.url, OTHER_USER.username, OTHER_USER.password),
      };
      await expectAllThere(sandbox, tokens, acknowledged);
      const payer = await payerOf(sandbox, tokens.other);
      const killAfterMs = 150 + Math.floor(Math.random() * 600);
      const killer = new Promise<void>((resolve) =>
        setTimeout(() => {
          sandbox.child.kill("SIGKILL");
          resolve();
        }, killAfterMs),
      );
      const [result] = await Promise.all([burst(sandbox, cycle, tokens, payer, acknowledged), killer]);
      const exit = await sandbox.exited;
      expect(exit.signal).toBe("SIGKILL");
      expect(result.otherStatuses).toEqual([]);
      expect(result.unanswered).toBeGreaterThan(0); // killed mid-burst, not after it
      stats.push(
        `cycle ${cycle}: killed after ${killAfterMs} ms, ${result.acknowledged} acknowledged, ${result.unanswered} in flight`,
      );
    }
    // A last start: every write of every cycle is there, and new ids follow all of them.
    const sandbox = await startSandboxProcess(["--data", path, ...PAGE]);
    try {
      const tokens = {
        demo: await passwordToken(sandbox.url, DEMO_USER.username, DEMO_USER.password),
        other: await passwordToken(sandbox.url, OTHER_USER.username, OTHER_USER.password),
      };
      await expectAllThere(sandbox, tokens, acknowledged);
      const created = await call(sandbox.url, tokens.demo, "POST", "/api/v1/Alerts/Create", {
        SourceCurrencyCode: "GBP",
        TargetCurrencyCode: "EUR",
        Limit: 7,
      });
      expect(created.status).toBe(201);
      expect((created.body as { Id: number }).Id).toBeGreaterThan(Math.max(...acknowledged.alerts.keys()));
    } finally {
      await stopSandboxProcess(sandbox);
    }
    const total = acknowledged.alerts.size + acknowledged.transfers.size;
    expect(total).toBeGreaterThan(CYCLES * 10);
    console.info(`[durability] ${stats.join("; ")}; ${total} acknowledged writes, all found after ${CYCLES} SIGKILLs`);
  });

  it("closes cleanly on SIGTERM during a burst: exit 0, no stack trace, and every acknowledged write kept", async () => {
    const path = join(directory, "term.db");
    const sandbox = await startSandboxProcess(["--data", path, ...PAGE]);
    const token = await passwordToken(sandbox.url, DEMO_USER.username, DEMO_USER.password);
    const acknowledged = new Map<number, number>();
    const creating = (async () => {
      for (let n = 1; ; n += 1) {
        try {
          const answer = await call(sandbox.url, token, "POST", "/api/v1/Alerts/Create", {
            SourceCurrencyCode: "GBP",
            TargetCurrencyCode: "EUR",
            Limit: n,
          });
          if (answer.status === 201) acknowledged.set((answer.body as { Id: number }).Id, n);
        } catch {
          return;
        }
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exit = await stopSandboxProcess(sandbox, "SIGTERM");
    await creating;
    expect(exit.code).toBe(0);
    expect(exit.signal).toBeNull();
    // stderr holds the banner and nothing after it: no stack trace, no failure while closing, no warning.
    expect(exit.stderr.slice(exit.stderr.indexOf("Token endpoints:"))).toMatch(/^Token endpoints:[^\n]*\n$/);
    expect(acknowledged.size).toBeGreaterThan(0);

    const again = await startSandboxProcess(["--data", path, ...PAGE]);
    try {
      const rows = await listAll<{ Id: number; Limit: number }>(
        again.url,
        await passwordToken(again.url, DEMO_USER.username, DEMO_USER.password),
        "/api/v1/Alerts",
      );
      const found = new Map(rows.map((row) => [row.Id, row.Limit]));
      expect([...acknowledged].filter(([id, limit]) => found.get(id) !== limit)).toEqual([]);
    } finally {
      expect((await stopSandboxProcess(again)).code).toBe(0);
    }
  });
});
