/** Paths of the test fixtures and the generator's own emitters, for tests that run parts of the pipeline. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { contractEmitter } from "../../src/emit/contract.js";
import type { EmitInput, Emitter, GeneratorFiles } from "../../src/emit/emitter.js";
import { readGeneratorFiles } from "../../src/generator-files.js";
import { openapiJsonEmitter } from "../../src/emit/openapi-json.js";
import { operationsEmitter } from "../../src/emit/operations.js";
import { packageFilesEmitter } from "../../src/emit/package-files.js";
import { schemasEmitter } from "../../src/emit/schemas.js";
import { typesEmitter } from "../../src/emit/types.js";
import { validatorsEmitter } from "../../src/emit/validators.js";
import type { ApiModel } from "../../src/model/model.js";
import { loadModel } from "../../src/pipeline.js";

export const generatorRoot = fileURLToPath(new URL("../../", import.meta.url));
export const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url));
export const realSpecPath = join(repositoryRoot, "spec/openapi.yaml");

export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

/** The model of a fixture, with a fixed source name so snapshots do not depend on the machine. */
export async function fixtureModel(name: string): Promise<ApiModel> {
  return (await loadModel({ specPath: fixturePath(name), source: `test/fixtures/${name}` })).model;
}

let generatorFiles: Promise<GeneratorFiles> | undefined;

/** What the pipeline hands the emitters for `model`: the generator's own runtime/ and templates/, read once. */
export async function emitInput(model: ApiModel): Promise<EmitInput> {
  generatorFiles ??= readGeneratorFiles();
  return { model, files: await generatorFiles };
}

/** The emitters this package's generator pipeline owns (the client engineer's are tested with their own). */
export const pipelineEmitters: readonly Emitter[] = [
  contractEmitter,
  openapiJsonEmitter,
  packageFilesEmitter,
  typesEmitter,
  schemasEmitter,
  operationsEmitter,
  validatorsEmitter,
];

/** A temporary directory; `inRepository` puts it under generator/ so emitted code can import node_modules. */
export async function temporaryDirectory(inRepository = false): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(
    inRepository ? join(generatorRoot, ".tmp-test-") : join(tmpdir(), "account-funds-generator-"),
  );
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** What one emitter writes for a fixture, by path. */
export async function emitFixture(emitter: Emitter, name: string): Promise<Map<string, string>> {
  const files = await emitter.emit(await emitInput(await fixtureModel(name)));
  return new Map(files.map((file) => [file.path, file.contents]));
}

export const snapshotFixtures = ["odata.yaml", "commands.yaml"] as const;

/** `__snapshots__/<fixture>/<path>.snap`, beside the emitter tests. */
export function snapshotPath(fixture: string, path: string): string {
  return `__snapshots__/${fixture.replace(/\.yaml$/, "")}/${path}.snap`;
}
