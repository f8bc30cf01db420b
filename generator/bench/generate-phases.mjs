// @ts-check
/**
 * Child process of generate-time.ts: one run of the compiled generator (generator/dist/, what `make generate`
 * runs), timed by phase, printed as JSON `{ phases: [{ name, ms }], emitters: [{ name, ms }] }` on stdout.
 * Usage: `node generate-phases.mjs <out directory>`. JavaScript rather than TypeScript: under tsx, the imports it
 * times would load twice as slowly as they do in `make generate`.
 *
 * `phases` add up to the run: the process start (Node, imports; measured from the process's own start), load
 * (bundle + model), the emitters (concurrently, as the pipeline runs them: what runs in the library thread overlaps
 * the other emitters) and write. `emitters`, for where the emit phase goes: each emitter alone, after that run.
 */
import { fileURLToPath } from "node:url";
import { emitters } from "../dist/src/emit/index.js";
import { readGeneratorFiles } from "../dist/src/generator-files.js";
import { emitFiles, loadModel } from "../dist/src/pipeline.js";
import { startLibraryThread } from "../dist/src/workers/library-thread.js";
import { writeFiles } from "../dist/src/write/write-files.js";

const specRoot = fileURLToPath(new URL("../../spec/openapi.yaml", import.meta.url));
const redoclyConfig = fileURLToPath(new URL("../../spec/redocly.yaml", import.meta.url));

/** @param {string} outDirectory */
async function main(outDirectory) {
  /** @type {{ name: string, ms: number }[]} */
  const phases = [{ name: "start-up (node, imports)", ms: performance.now() }];
  /**
   * @template T
   * @param {{ name: string, ms: number }[]} into
   * @param {string} name
   * @param {() => Promise<T>} run
   */
  const timed = async (into, name, run) => {
    const started = performance.now();
    const result = await run();
    into.push({ name, ms: performance.now() - started });
    return result;
  };
  startLibraryThread();
  const loaded = await timed(phases, "load: bundle + model", () =>
    loadModel({ specPath: specRoot, configPath: redoclyConfig }),
  );
  const input = {
    model: loaded.model,
    files: await timed(phases, "read: runtime/ and templates/", () => readGeneratorFiles()),
  };
  const emitted = await timed(phases, "emit: every emitter, concurrently", () =>
    emitFiles(input, emitters, loaded.locate),
  );
  await timed(phases, "write", () => writeFiles(outDirectory, emitted.files));
  /** @type {{ name: string, ms: number }[]} */
  const alone = [];
  for (const emitter of emitters)
    await timed(alone, `emit: ${emitter.name}`, () => emitFiles(input, [emitter], loaded.locate));
  process.stdout.write(`${JSON.stringify({ phases, emitters: alone })}\n`);
}

const [outDirectory] = process.argv.slice(2);
if (outDirectory === undefined) {
  process.stderr.write("usage: node generate-phases.mjs <out directory>\n");
  process.exitCode = 64;
} else {
  main(outDirectory).catch((error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
