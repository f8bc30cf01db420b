/**
 * The one seam between the durable store and an SQLite binding. Two bindings offer the same synchronous shape
 * (`exec`, `prepare` → `run`/`get`/`all`, `close`):
 * - `node:sqlite` (`DatabaseSync`), built into Node.js from 22.13 (22.5 behind a flag): nothing to compile, and
 *   always built for the running Node.js, so it is preferred wherever the runtime has it;
 * - `better-sqlite3` 12, an optional peer dependency the user installs (it compiles from source with node-gyp
 *   where no prebuilt binary downloads): the binding on Node.js 20, which has no `node:sqlite`. A peer, not an
 *   optional dependency, so that installing the sandbox never compiles anything.
 * `ACCOUNT_FUNDS_SANDBOX_SQLITE=node:sqlite|better-sqlite3` forces one (tests of either on the same runtime).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export type SqliteDriverName = "node:sqlite" | "better-sqlite3";
export type SqlValue = string | number | null;

export interface SqliteStatement {
  run(...parameters: SqlValue[]): unknown;
  get(...parameters: SqlValue[]): unknown;
  all(...parameters: SqlValue[]): unknown[];
}

/** An open database: what both bindings offer, by the same names. */
export interface SqliteConnection {
  readonly driver: SqliteDriverName;
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  close(): void;
}

/** The shape both bindings' database objects have. */
interface RawDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): SqliteStatement;
  close(): unknown;
}
type RawDatabaseConstructor = new (path: string) => RawDatabase;

export const SQLITE_DRIVER_VARIABLE = "ACCOUNT_FUNDS_SANDBOX_SQLITE";

/** No SQLite binding can be loaded here: `--data`, `--from` and snapshots cannot work; the message says what to install. */
export class SqliteUnavailableError extends Error {
  override readonly name = "SqliteUnavailableError";
  readonly code = "sqlite_unavailable";
}

/** The range of the optional peer better-sqlite3, from the package's manifest (two folders up, in src/ and dist/). */
function betterSqliteRange(): string {
  try {
    const manifest: unknown = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8"));
    const peers = isObject(manifest) ? manifest["peerDependencies"] : undefined;
    const range = isObject(peers) ? peers["better-sqlite3"] : undefined;
    return typeof range === "string" ? range : "12";
  } catch {
    return "12";
  }
}

const isConstructor = (value: unknown): value is RawDatabaseConstructor => typeof value === "function";
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** `node:sqlite`'s DatabaseSync, or why it is not there. */
function nodeSqlite(): RawDatabaseConstructor | Error {
  // Node 22 warns once that SQLite is experimental; the sandbox chose it knowingly, so that one warning is muted.
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: never[]) => {
    const text = typeof warning === "string" ? warning : warning.message;
    if (/SQLite is an experimental feature/.test(text)) return;
    emitWarning.call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    const loaded: unknown = process.getBuiltinModule("node:sqlite");
    if (isObject(loaded) && isConstructor(loaded["DatabaseSync"])) return loaded["DatabaseSync"];
    return new Error(`Node.js ${process.version} has no node:sqlite (it is built in from Node.js 22.13)`);
  } catch (error) {
    return new Error(`node:sqlite did not load: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    process.emitWarning = emitWarning;
  }
}

/** better-sqlite3's Database class, or why it is not there. */
function betterSqlite(): RawDatabaseConstructor | Error {
  try {
    const loaded: unknown = createRequire(import.meta.url)("better-sqlite3");
    if (isConstructor(loaded)) return loaded;
    return new Error("better-sqlite3 did not export its Database class");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND" && /'better-sqlite3'/.test(String(error)))
      return new Error(
        `better-sqlite3, the sandbox's optional peer dependency, is not installed: npm install --save-dev better-sqlite3@${betterSqliteRange()} (it compiles with node-gyp where no prebuilt binary downloads)`,
      );
    const reason = error instanceof Error ? error.message.split("\n", 1)[0] : String(error);
    return new Error(
      `better-sqlite3 did not load (${reason}); rebuild it for this Node.js: npm rebuild better-sqlite3`,
    );
  }
}

const loaders: Readonly<Record<SqliteDriverName, () => RawDatabaseConstructor | Error>> = {
  "node:sqlite": nodeSqlite,
  "better-sqlite3": betterSqlite,
};

/** The binding to use: the forced one, else node:sqlite when the runtime has it, else better-sqlite3. */
export function loadSqliteDriver(forced: string | undefined = process.env[SQLITE_DRIVER_VARIABLE]): {
  readonly name: SqliteDriverName;
  readonly open: RawDatabaseConstructor;
} {
  if (forced !== undefined && forced !== "") {
    if (forced !== "node:sqlite" && forced !== "better-sqlite3")
      throw new Error(`${SQLITE_DRIVER_VARIABLE} must be node:sqlite or better-sqlite3, got ${JSON.stringify(forced)}`);
    const open = loaders[forced]();
    if (open instanceof Error) throw new SqliteUnavailableError(open.message);
    return { name: forced, open };
  }
  const native = nodeSqlite();
  if (!(native instanceof Error)) return { name: "node:sqlite", open: native };
  const addon = betterSqlite();
  if (!(addon instanceof Error)) return { name: "better-sqlite3", open: addon };
  throw new SqliteUnavailableError(
    `The data file needs SQLite and none is available: ${native.message}; ${addon.message}. Or run on Node.js 22.13+, where node:sqlite is built in.`,
  );
}

/** Opens (creating when missing) the database file at `path` with the chosen binding. */
export function openSqlite(path: string, forced?: string): SqliteConnection {
  const { name, open } = loadSqliteDriver(forced);
  const database = new open(path);
  return {
    driver: name,
    exec: (sql) => void database.exec(sql),
    prepare: (sql) => database.prepare(sql),
    close: () => void database.close(),
  };
}

/** Closes the database; never throws: a failure is returned. */
export function closeQuietly(database: SqliteConnection): Error | undefined {
  try {
    database.close();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
