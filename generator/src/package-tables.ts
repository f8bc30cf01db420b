/**
 * The spec's facts for the repository's other packages, beside the client: @account-funds/validators' request
 * tables and value types (`--validators-out`, `validators/src/generated/`) and the fields the sandbox's records
 * keep (`--sandbox-out`, `sandbox/src/foundation/state/generated/`). Each folder is written like generated/: only
 * changed files rewritten, a manifest of its own (`.generated-files`), drift-checked by `check`.
 *
 * They need only the model: no emitter here imports @account-funds/validators, whose build the client's validators
 * need (its custom formats). So `make` writes them first (`tables`), then builds the validators with them, then
 * generates the client: the build has no cycle.
 */
import type { EmitInput, Emitter } from "./emit/emitter.js";
import { sandboxRecordsEmitter } from "./emit/sandbox-records.js";
import { validatorFieldsEmitter } from "./emit/validator-fields.js";
import { displayPath } from "./load/display-path.js";
import type { ApiModel } from "./model/model.js";
import { checkFiles, type Drift } from "./write/check-files.js";
import { writeFiles, type WriteResult } from "./write/write-files.js";

/** Where each package's tables go; an output left out is not written or checked. */
export interface TableOutputs {
  readonly validators?: string;
  readonly sandbox?: string;
}

const tableEmitters: { readonly [K in keyof TableOutputs]-?: Emitter } = {
  validators: validatorFieldsEmitter,
  sandbox: sandboxRecordsEmitter,
};

export function hasTableOutputs(outputs: TableOutputs): boolean {
  return outputs.validators !== undefined || outputs.sandbox !== undefined;
}

async function emitted(model: ApiModel, outputs: TableOutputs) {
  const input: EmitInput = { model, files: { runtime: [], templates: [] } };
  const chosen = (Object.keys(tableEmitters) as (keyof TableOutputs)[]).flatMap((output) => {
    const directory = outputs[output];
    return directory === undefined ? [] : [{ directory, emitter: tableEmitters[output] }];
  });
  return Promise.all(chosen.map(async ({ directory, emitter }) => ({ directory, files: await emitter.emit(input) })));
}

/** Writes each chosen output folder; per folder, what was written, left as it was and deleted. */
export async function writeTables(
  model: ApiModel,
  outputs: TableOutputs,
): Promise<{ readonly directory: string; readonly result: WriteResult }[]> {
  const outcomes = [];
  for (const { directory, files } of await emitted(model, outputs))
    outcomes.push({ directory, result: await writeFiles(directory, files) });
  return outcomes;
}

/** What a `writeTables` would change, with paths named from the working directory (`validators/src/generated/…`). */
export async function checkTables(model: ApiModel, outputs: TableOutputs): Promise<Drift[]> {
  const drifts: Drift[] = [];
  for (const { directory, files } of await emitted(model, outputs)) {
    const name = displayPath(directory);
    for (const drift of await checkFiles(directory, files)) drifts.push({ ...drift, path: `${name}/${drift.path}` });
  }
  return drifts;
}
