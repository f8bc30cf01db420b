/**
 * Checks of a data file's content before the sandbox uses it: every row against its record schema, keys unique,
 * and every id counter past the largest id of its table (a counter behind its table would hand out an id in
 * use: a "duplicate key" 500 later). Each problem names the table and the row, so start-up can name them.
 */
import { Ajv, type ValidateFunction } from "ajv";
import type { RowKey } from "./table.js";
import { TABLE_NAMES, TABLES, keyOfRow, type SandboxState, type TableName } from "./tables.js";

/** A data file the sandbox cannot use; the message names the file and, where there is one, the row. */
export class DataFileError extends Error {
  override readonly name = "DataFileError";
}

/** The tables whose keys are ids from a counter of the same name (`store.nextId(table)`). */
const COUNTED_TABLES: readonly TableName[] = TABLE_NAMES.filter((name) => TABLES[name].ids === "counter");

/** Each table's row validator, compiled on first use (most starts open no data file). */
const validators = new Map<TableName, ValidateFunction>();
let ajv: Ajv | undefined;

function validatorOf(table: TableName): ValidateFunction {
  let validate = validators.get(table);
  if (validate === undefined) {
    ajv ??= new Ajv({ allErrors: false, strict: true });
    validate = ajv.compile(TABLES[table].schema);
    validators.set(table, validate);
  }
  return validate;
}

/** Why `value` is not a row of `table` ("/value must be integer"), or undefined when it is one. */
export function rowProblem(table: TableName, value: unknown): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return `the row is ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}, not an object`;
  }
  const validate = validatorOf(table);
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

/**
 * The first problem of a whole state whose rows already passed `rowProblem`: duplicate keys, and counters that
 * are missing, not integers, or not past the largest id of their table.
 */
export function stateProblem(
  state: SandboxState,
  placeOf: (table: TableName, index: number) => string,
): StateProblem | undefined {
  for (const table of TABLE_NAMES) {
    const seen = new Map<RowKey, number>();
    for (const [index, row] of state[table].entries()) {
      const key = keyOfRow(table, row);
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
    const largest = rows.reduce((max, row) => Math.max(max, Number(keyOfRow(table, row))), 0);
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
