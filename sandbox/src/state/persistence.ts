/**
 * The optional data file: the store's JSON (`SandboxState`) plus the webhook delivery cursors, loaded at start
 * and written after changes. Writes are debounced (a burst of commands is one write) and atomic: a temporary
 * file in the same directory is renamed over the data file, so a crash mid-write leaves the previous state.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { SandboxState } from "./records.js";
import type { Store } from "./store.js";

/** Target id → delivered event sequence (the webhook dispatcher's `snapshot()`). */
export type WebhookCursors = Readonly<Record<string, number>>;

/** What a data file holds: the state, and the webhook cursors beside it (the store has no field for them). */
export interface StateFile {
  readonly state: SandboxState;
  readonly webhookCursors: WebhookCursors;
}

export interface StateWriterOptions {
  /** Quiet time after the last change before the file is written. */
  readonly debounceMs: number;
  /** The webhook cursors to save with the state (the dispatcher's `snapshot`). */
  readonly webhookCursors?: () => WebhookCursors;
  /** Told about a background write that failed (the next change tries again); default: a process warning. */
  readonly onError?: (error: Error) => void;
}

export interface StateWriter {
  /** Writes after the debounce time; called on every store change, and by whoever changes what `webhookCursors` reads. */
  schedule(): void;
  /** Writes now when a change is not written yet, and waits for it; rejects when the write fails. */
  flush(): Promise<void>;
  /** Stops listening to the store and flushes. */
  close(): Promise<void>;
}

const STATE_VERSION = 1;
const CURSORS_KEY = "webhookCursors";

/** Every table of the state; the type makes a table missing here a compile error. */
const tableKeys: Record<Exclude<keyof SandboxState, "version" | "nextId">, true> = {
  entities: true,
  accounts: true,
  balances: true,
  statementItems: true,
  transferBeneficiaries: true,
  beneficiaries: true,
  transfers: true,
  withdrawals: true,
  exchanges: true,
  alerts: true,
  deposits: true,
  depositors: true,
  jobs: true,
  currencies: true,
  countries: true,
  sectors: true,
  paymentPurposes: true,
  rates: true,
  events: true,
  webhookTargets: true,
};

/** The data file's state and cursors; undefined when the file does not exist. Throws naming the file otherwise. */
export function loadStateFile(path: string): StateFile | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(`Cannot read the sandbox data file ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`The sandbox data file ${path} is not valid JSON (${(error as Error).message}); fix or delete it.`);
  }
  const problem = problemOf(value);
  if (problem !== undefined)
    throw new Error(`The sandbox data file ${path} is not a sandbox state: ${problem}; fix or delete it.`);
  const { [CURSORS_KEY]: cursors, ...state } = value as Record<string, unknown>;
  return { state: state as unknown as SandboxState, webhookCursors: cursorsOf(cursors) };
}

/** The data file's state; undefined when the file does not exist. */
export function loadState(path: string): SandboxState | undefined {
  return loadStateFile(path)?.state;
}

/** Why `value` cannot be a `SandboxState` of this version, or undefined when it can. */
function problemOf(value: unknown): string | undefined {
  if (!isObject(value)) return "the file does not hold a JSON object";
  if (value["version"] !== STATE_VERSION) {
    return `its version is ${JSON.stringify(value["version"])}, this sandbox reads version ${STATE_VERSION}`;
  }
  if (!isObject(value["nextId"])) return `"nextId" is not an object`;
  for (const key of Object.keys(tableKeys)) if (!Array.isArray(value[key])) return `"${key}" is not an array`;
  return undefined;
}

/** Cursors that are not numbers are dropped: their targets then start from the current last event. */
function cursorsOf(value: unknown): WebhookCursors {
  if (!isObject(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, number] => Number.isFinite(entry[1])),
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The file's text: the state with the cursors beside it. */
export function serializeState(state: SandboxState, webhookCursors: WebhookCursors = {}): string {
  return `${JSON.stringify({ ...state, [CURSORS_KEY]: webhookCursors })}\n`;
}

/** Writes `text` to `path` atomically: a temporary file in the same directory, flushed to disk, renamed over it. */
export async function writeFileAtomically(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const file = await open(temporary, "w");
    try {
      await file.writeFile(text, "utf8");
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

export function createStateWriter(path: string, store: Store, options: StateWriterOptions): StateWriter {
  const onError = options.onError ?? ((error: Error) => process.emitWarning(error));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  /** The write in progress; writes never overlap, so the last one holds the newest state. */
  let writing: Promise<void> | undefined;

  function schedule(): void {
    dirty = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      flush().catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))));
    }, options.debounceMs);
  }

  async function writeOnce(): Promise<void> {
    dirty = false;
    const text = serializeState(store.toJSON(), options.webhookCursors?.() ?? {});
    try {
      await writeFileAtomically(path, text);
    } catch (error) {
      dirty = true; // not written: the next flush tries again
      throw new Error(`Cannot write the sandbox data file ${path}: ${(error as Error).message}`);
    }
  }

  async function flush(): Promise<void> {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    while (writing !== undefined) await writing.catch(() => undefined);
    if (!dirty) return;
    writing = writeOnce().finally(() => {
      writing = undefined;
    });
    return writing;
  }

  const unsubscribe = store.onChange(schedule);
  return {
    schedule,
    flush,
    async close() {
      unsubscribe();
      await flush();
    },
  };
}
