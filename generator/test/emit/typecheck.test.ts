import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitFiles } from "../../src/pipeline.js";
import {
  emitInput,
  fixtureModel,
  pipelineEmitters,
  snapshotFixtures,
  temporaryDirectory,
} from "../support/fixtures.js";
import { typecheckEmitted } from "../support/typecheck.js";

describe("emitted TypeScript type-checks (strict, NodeNext) against the runtime contracts", () => {
  let directory: Awaited<ReturnType<typeof temporaryDirectory>>;
  beforeAll(async () => {
    directory = await temporaryDirectory(true);
  });
  afterAll(() => directory.remove());

  it.each(snapshotFixtures)("%s", { timeout: 60_000 }, async (fixture) => {
    const { files } = await emitFiles(await emitInput(await fixtureModel(fixture)), pipelineEmitters);
    const diagnostics = await typecheckEmitted(`${directory.path}/${fixture}`, files);
    expect(diagnostics).toEqual([]);
  });
});
