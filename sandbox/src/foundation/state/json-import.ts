/**
 * Importing a version 1 JSON data file (what the sandbox wrote before its data file was an SQLite database): the
 * store's JSON (`SandboxState`) with the webhook delivery cursors beside it, target id → delivered sequence.
 * The durable store imports such a file once (`data-file.ts`), into an SQLite file written beside it and renamed
 * over it; everything in it is checked first, and the first problem stops the import naming the file and the row.
 */
import { constants, copyFileSync, existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { WebhookCursorRecord } from "./records.js";
import { syncDirectory, writeStateDatabase } from "./snapshot-file.js";
import { SqliteUnavailableError } from "./sqlite-driver.js";
import { DataFileError, rowProblem, stateProblem } from "./state-checks.js";
import { TABLE_NAMES, type SandboxState, type TableName } from "./tables.js";

const JSON_VERSION = 1;
/** In a version 1 file, `webhookCursors` is a map of target id → delivered sequence, not an array of rows. */
const CURSORS_KEY = "webhookCursors";
/**
 * The tables a version 1 file holds (frozen, as that format is): every one must be there. A table that came
 * later (the dead letters came with the SQLite store) starts empty.
 */
const VERSION_1_TABLES: readonly TableName[] = [
  "entities",
  "accounts",
  "balances",
  "statementItems",
  "transferBeneficiaries",
  "beneficiaries",
  "transfers",
  "withdrawals",
  "exchanges",
  "alerts",
  "deposits",
  "depositors",
  "jobs",
  "currencies",
  "countries",
  "sectors",
  "paymentPurposes",
  "rates",
  "events",
  "webhookTargets",
  "webhookCursors",
];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The checked state of the version 1 JSON file at `path`; throws a `DataFileError` naming the file and row. */
export function readJsonDataFile(path: string): SandboxState {
  const fail = (problem: string): never => {
    throw new DataFileError(`The sandbox data file ${path} cannot be used: ${problem}. Fix or move it.`);
  };
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    return fail(`it cannot be read (${(error as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail(`it is not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(value)) return fail("it does not hold a JSON object");
  if (value["version"] !== JSON_VERSION) {
    return fail(
      `its version is ${JSON.stringify(value["version"])}; a JSON data file of version ${JSON_VERSION} is imported`,
    );
  }
  const nextId = value["nextId"];
  if (!isObject(nextId))
    return fail(`"nextId" is ${JSON.stringify(nextId) ?? "missing"}, not an object of id counters`);
  const state: Record<string, unknown> = { version: 1, nextId };
  const cursors = cursorRowsOf(value[CURSORS_KEY]);
  if (typeof cursors === "string") return fail(cursors);
  for (const table of TABLE_NAMES) {
    const rows =
      table === CURSORS_KEY ? cursors : (value[table] ?? (VERSION_1_TABLES.includes(table) ? undefined : []));
    if (!Array.isArray(rows)) return fail(`"${table}" is ${JSON.stringify(rows) ?? "missing"}, not an array of rows`);
    for (const [index, row] of rows.entries()) {
      const problem = rowProblem(table, row);
      if (problem !== undefined) return fail(`row ${table}[${index}]: ${problem} (the row: ${preview(row)})`);
    }
    state[table] = rows;
  }
  // Every table and counter was checked just above, field by field, against the record types' schemas.
  const checked = state as unknown as SandboxState;
  const problem = stateProblem(checked, (table, index) => `${table}[${index}]`);
  if (problem !== undefined)
    return fail(problem.place === undefined ? problem.problem : `row ${problem.place.row}: ${problem.problem}`);
  return checked;
}

/** The version 1 cursor map `{ "<target id>": <sequence> }` as cursor rows, or what is wrong with it. */
function cursorRowsOf(value: unknown): WebhookCursorRecord[] | string {
  if (value === undefined) return [];
  if (!isObject(value)) return `"${CURSORS_KEY}" is not an object of target id → delivered sequence`;
  const rows: WebhookCursorRecord[] = [];
  for (const [id, sequence] of Object.entries(value)) {
    const targetId = Number(id);
    if (!/^[1-9]\d*$/.test(id) || typeof sequence !== "number" || !Number.isSafeInteger(sequence) || sequence < 0)
      return `${CURSORS_KEY}[${JSON.stringify(id)}] is ${JSON.stringify(sequence)}: cursors are event sequence numbers of target ids`;
    rows.push({ targetId, deliveredSequence: sequence });
  }
  return rows;
}

/** A row shortened for an error message. */
export function preview(row: unknown): string {
  const text = JSON.stringify(row) ?? String(row);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/**
 * Imports the version 1 JSON file at `path`: a new database is written beside it, the JSON is copied to
 * `<file>.v1.json` (or `.v1-2.json`, ...) and the database renamed over it, so a crash at any point leaves
 * either the JSON (imported again on the next start) or the database. Returns where the JSON went.
 */
export function importJson(path: string, driver: string | undefined): string {
  const state = readJsonDataFile(path);
  const temporary = join(dirname(path), `.${basename(path)}.importing-${process.pid}`);
  rmSync(temporary, { force: true });
  try {
    writeStateDatabase(temporary, state, "closed", driver);
    const backup = backupPathOf(path);
    copyFileSync(path, backup, constants.COPYFILE_EXCL);
    renameSync(temporary, path);
    syncDirectory(dirname(path));
    return backup;
  } catch (error) {
    rmSync(temporary, { force: true });
    if (error instanceof DataFileError || error instanceof SqliteUnavailableError) throw error;
    throw new DataFileError(
      `The sandbox data file ${path} could not be imported into a database: ${(error as Error).message}`,
    );
  }
}

function backupPathOf(path: string): string {
  for (let index = 1; ; index += 1) {
    const candidate = `${path}.v1${index === 1 ? "" : `-${index}`}.json`;
    if (!existsSync(candidate)) return candidate;
  }
}
