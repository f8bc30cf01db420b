/**
 * Checks of a data file's content before the sandbox uses it: every row against its record schema, keys unique,
 * and every id counter past the largest id of its table (a counter behind its table would hand out an id in
 * use: a "duplicate key" 500 later). Each problem names the table and the row, so start-up can name them.
 */
import { Ajv, type ValidateFunction } from "ajv";
import type { SandboxState } from "./records.js";
import { recordSchemas } from "./record-schemas.js";
import { TABLE_NAMES, type TableName } from "./store.js";
import type { RowKey } from "./table.js";

/** A data file the sandbox cannot use; the message names the file and, where there is one, the row. */
export class DataFileError extends Error {
  override readonly name = "DataFileError";
}

/** Tables keyed by what their records are (reference data, balances, cursors), not by an id from a counter. */
const KEYED_BY_WHAT_THEY_ARE: readonly TableName[] = [
  "balances",
  "currencies",
  "countries",
  "sectors",
  "paymentPurposes",
  "rates",
  "webhookCursors",
];

/** The tables whose keys are ids from a counter of the same name (`store.nextId(table)`). */
export const COUNTED_TABLES: readonly TableName[] = TABLE_NAMES.filter((name) => !KEYED_BY_WHAT_THEY_ARE.includes(name));

let validators: { readonly [N in TableName]: ValidateFunction<SandboxState[N][number]> } | undefined;

function validatorsOf(): { readonly [N in TableName]: ValidateFunction<SandboxState[N][number]> } {
  if (validators !== undefined) return validators;
  const ajv = new Ajv({ allErrors: false, strict: true });
  const compile = <N extends TableName>(name: N): ValidateFunction<SandboxState[N][number]> =>
    ajv.compile(recordSchemas[name]);
  validators = {
    entities: compile("entities"),
    accounts: compile("accounts"),
    balances: compile("balances"),
    statementItems: compile("statementItems"),
    transferBeneficiaries: compile("transferBeneficiaries"),
    beneficiaries: compile("beneficiaries"),
    transfers: compile("transfers"),
    withdrawals: compile("withdrawals"),
    exchanges: compile("exchanges"),
    alerts: compile("alerts"),
    deposits: compile("deposits"),
    depositors: compile("depositors"),
    jobs: compile("jobs"),
    currencies: compile("currencies"),
    countries: compile("countries"),
    sectors: compile("sectors"),
    paymentPurposes: compile("paymentPurposes"),
    rates: compile("rates"),
    events: compile("events"),
    webhookTargets: compile("webhookTargets"),
    webhookCursors: compile("webhookCursors"),
    webhookDeadLetters: compile("webhookDeadLetters"),
  };
  return validators;
}

/** Why `value` is not a row of `table` ("/value must be integer"), or undefined when it is one. */
export function rowProblem(table: TableName, value: unknown): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return `the row is ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}, not an object`;
  }
  const validate = validatorsOf()[table];
  if (validate(value)) return undefined;
  const error = validate.errors?.[0];
  if (error === undefined) return "the row does not match its record schema";
  const where = error.instancePath === "" ? "the row" : error.instancePath;
  return `${where} ${error.message ?? "is invalid"}`;
}

/** Where a problem is: a table and a row (an index in a JSON array, or a key in the database). */
export interface RowPlace {
  readonly table: TableName;
  readonly row: string;
}

export interface StateProblem {
  readonly place: RowPlace | undefined;
  readonly problem: string;
}

/** The key of each row, as the store computes it (balances by account and currency, rates by pair, ...). */
export type KeyOf = (table: TableName, row: object) => RowKey;

/**
 * The first problem of a whole state whose rows already passed `rowProblem`: duplicate keys, and counters that
 * are missing, not integers, or not past the largest id of their table.
 */
export function stateProblem(state: SandboxState, keyOf: KeyOf, placeOf: (table: TableName, index: number) => string): StateProblem | undefined {
  for (const table of TABLE_NAMES) {
    const seen = new Map<RowKey, number>();
    for (const [index, row] of state[table].entries()) {
      const key = keyOf(table, row);
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        return {
          place: { table, row: placeOf(table, index) },
          problem: `its key ${JSON.stringify(key)} is also the key of ${placeOf(table, earlier)}`,
        };
      }
      seen.set(key, index);
    }
  }
  for (const table of COUNTED_TABLES) {
    const rows: readonly object[] = state[table];
    const largest = rows.reduce((max, row) => Math.max(max, Number(keyOf(table, row))), 0);
    const next = state.nextId[table];
    if (next === undefined && largest === 0) continue;
    if (typeof next !== "number" || !Number.isSafeInteger(next) || next < 1) {
      return {
        place: undefined,
        problem: `the id counter nextId.${table} is ${JSON.stringify(next) ?? "missing"}, not a positive integer${largest > 0 ? ` (its table holds ids up to ${largest})` : ""}`,
      };
    }
    if (next <= largest) {
      return {
        place: undefined,
        problem: `the id counter nextId.${table} is ${next}, but its table already holds id ${largest}: it would hand out an id in use`,
      };
    }
  }
  return undefined;
}
