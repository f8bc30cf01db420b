/**
 * JSON Schemas (draft-07, checked with ajv) of every record kind, typed against the record types with ajv's
 * `JSONSchemaType`, so a field added to a record and not here is a compile error; each table of `tables.ts` names
 * its record's schema. A data file's rows are checked with them at start-up: a row of the wrong shape (an amount
 * as a string, a `null` row) stops the start with the file and the row named, instead of a wrong answer or a
 * 500 later. Amounts and ids are integers (minor units).
 */
export * from "./accounts.js";
export * from "./payments.js";
export * from "./reference-data.js";
export * from "./webhooks.js";
