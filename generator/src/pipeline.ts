/**
 * The generator end to end: load (bundle + normalise) → build the model → run every emitter → write or check.
 * Each step only sees the previous step's output: emitters get the model, never the spec files, and the generator's
 * own files they copy or read (runtime/, templates/), read here once (generator-files.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { isAbsolute, relative, resolve, sep } from "node:path";
import type { EmitInput, EmittedFile, Emitter } from "./emit/emitter.js";
import { readGeneratorFiles } from "./generator-files.js";
import { loadSpec } from "./load/load-spec.js";
import type { SourceLocator } from "./load/source-locator.js";
import { formatSpecProblem, SpecError, SpecErrors, specProblemsOf } from "./json-pointer/spec-error.js";
import { repositoryRoot } from "./locations.js";
import { buildModel } from "./model/build-model.js";
import type { ApiModel } from "./model/model.js";
import {
  checkOverlaid,
  documentText,
  overlaidDocument,
  writeOverlaid,
  type OverlayOptions,
} from "./overlay/overlay-output.js";
import { checkFiles, type Drift } from "./write/check-files.js";
import { startLibraryThread } from "./workers/library-thread.js";
import { writeFiles, type WriteResult } from "./write/write-files.js";

export interface PipelineOptions {
  /** Root file of the spec. */
  readonly specPath: string;
  /** Redocly config; default: `redocly.yaml` beside the spec when there is one. */
  readonly configPath?: string;
  /** The name generated headers give the spec; default: its path in the repository (`spec/openapi.yaml`). */
  readonly source?: string;
  readonly emitters?: readonly Emitter[];
  /**
   * An OpenAPI Overlay to lay over the API's document, and where its document goes (the sandbox's,
   * sandbox/openapi.json): written by `generate`, compared by `check`, beside the generated package.
   */
  readonly overlay?: OverlayOptions;
}

/** Something the generator wants a person to look at that does not stop it. */
export interface GeneratorWarning {
  /** `bundle`, or the emitter whose library printed it (`types`, `validators`). */
  readonly from: string;
  readonly message: string;
}

export interface LoadedModel {
  readonly model: ApiModel;
  readonly warnings: readonly GeneratorWarning[];
  readonly locate: SourceLocator;
}

export interface PipelineResult extends LoadedModel {
  /** Every emitted file, sorted by path. */
  readonly files: readonly EmittedFile[];
}

/** How headers name the spec: its path in the repository, or its file name when it lives elsewhere. */
export function sourceName(specPath: string): string {
  const path = relative(repositoryRoot, resolve(specPath));
  if (path.startsWith("..") || isAbsolute(path)) return resolve(specPath).split(sep).pop() ?? specPath;
  return path.split(sep).join("/");
}

export async function loadModel(options: PipelineOptions): Promise<LoadedModel> {
  const spec = await loadSpec({
    specPath: options.specPath,
    ...(options.configPath === undefined ? {} : { configPath: options.configPath }),
  });
  const warnings = spec.warnings.map((problem) => ({ from: "bundle", message: formatSpecProblem(problem) }));
  try {
    const model = buildModel(spec.document, { source: options.source ?? sourceName(options.specPath) });
    return { model, warnings, locate: spec.locate };
  } catch (thrown) {
    throw relocate(thrown, spec.locate);
  }
}

export async function runPipeline(options: PipelineOptions): Promise<PipelineResult> {
  startLibraryThread();
  const [loaded, files] = await Promise.all([loadModel(options), readGeneratorFiles()]);
  // Imported on use: a broken spec stops the run before any emitter is needed.
  const emitters = options.emitters ?? (await import("./emit/index.js")).emitters;
  const emitted = await emitFiles({ model: loaded.model, files }, emitters, loaded.locate);
  return { ...loaded, files: emitted.files, warnings: [...loaded.warnings, ...emitted.warnings] };
}

/**
 * Runs the emitters concurrently: while one waits for the library thread (openapi-typescript, ajv) or the
 * formatter, the next builds its files. What a library prints to the console meanwhile (openapi-typescript's and
 * ajv's warnings) is collected as warnings of the emitter that was running, instead of interleaving with the CLI's
 * output. Warnings and errors are reported in emitter order, whichever finished first.
 */
export async function emitFiles(
  input: EmitInput,
  emitters: readonly Emitter[],
  locate: SourceLocator = () => undefined,
): Promise<{ files: EmittedFile[]; warnings: GeneratorWarning[] }> {
  const runs = emitters.map((emitter) => ({ emitter, printed: [] as string[] }));
  const outcomes = await capturingConsole(() =>
    Promise.allSettled(runs.map(({ emitter, printed }) => printedBy.run(printed, async () => emitter.emit(input)))),
  );
  const owners = new Map<string, string>();
  const files: EmittedFile[] = [];
  const warnings: GeneratorWarning[] = [];
  for (const [index, { emitter, printed }] of runs.entries()) {
    const outcome = outcomes[index];
    warnings.push(...printed.map((message) => ({ from: emitter.name, message })));
    if (outcome === undefined) continue;
    if (outcome.status === "rejected") {
      const thrown: unknown = outcome.reason;
      if (specProblemsOf(thrown) !== undefined) throw relocate(thrown, locate);
      throw new Error(`emitter ${emitter.name} failed: ${thrown instanceof Error ? thrown.message : String(thrown)}`, {
        cause: thrown,
      });
    }
    for (const file of outcome.value) {
      const owner = owners.get(file.path);
      if (owner !== undefined) throw new Error(`emitters ${owner} and ${emitter.name} both emit ${file.path}`);
      owners.set(file.path, emitter.name);
      files.push(file);
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, warnings };
}

export async function generate(options: PipelineOptions & { readonly outDirectory: string }): Promise<
  PipelineResult & {
    readonly written: WriteResult;
    /** The overlay's document, when there is one: its name and whether it was rewritten. */
    readonly overlaid?: { readonly path: string; readonly outcome: "written" | "unchanged" };
  }
> {
  const result = await runPipeline(options);
  const overlay = await overlayOutput(result.model, options.overlay);
  const written = await writeFiles(options.outDirectory, result.files);
  if (overlay === undefined) return { ...result, written };
  return {
    ...result,
    written,
    overlaid: { path: overlay.name, outcome: await writeOverlaid(overlay.path, overlay.text) },
  };
}

export async function check(
  options: PipelineOptions & { readonly outDirectory: string },
): Promise<PipelineResult & { readonly drifts: readonly Drift[] }> {
  const result = await runPipeline(options);
  const overlay = await overlayOutput(result.model, options.overlay);
  const drifts = await checkFiles(options.outDirectory, result.files);
  const overlayDrift =
    overlay === undefined ? undefined : await checkOverlaid(overlay.path, overlay.name, overlay.text);
  return { ...result, drifts: overlayDrift === undefined ? drifts : [...drifts, overlayDrift] };
}

/** The overlay's document as text, made from the API's (the model's) before anything is written. */
async function overlayOutput(
  model: ApiModel,
  overlay: OverlayOptions | undefined,
): Promise<{ readonly path: string; readonly name: string; readonly text: string } | undefined> {
  if (overlay?.outPath === undefined) return undefined;
  const document = await overlaidDocument(model.documentForLibraries, overlay);
  return { path: overlay.outPath, name: overlay.outName ?? overlay.outPath, text: documentText(document) };
}

/** Spec errors whose pointer is into the bundle get the source file and pointer a person edits. */
function relocate(thrown: unknown, locate: SourceLocator): unknown {
  const problems = specProblemsOf(thrown);
  if (problems === undefined) return thrown;
  const located = problems.map((problem) => {
    if (problem.file !== undefined) return problem;
    const source = locate(problem.pointer);
    return source === undefined
      ? problem
      : new SpecError({ file: source.file, pointer: source.pointer, reason: problem.reason });
  });
  return located.length === 1 ? located[0] : new SpecErrors(located);
}

// An ANSI colour code starts with the control character ESC (0x1B) by definition.
// oxlint-disable-next-line no-control-regex
const ansiColors = /\u001b\[[0-9;]*m/g;

/** Where console output goes while an emitter runs: that emitter's list (it follows the emitter's awaits). */
const printedBy = new AsyncLocalStorage<string[]>();

/** The pipeline runs under way in this process, and the console's own methods, kept while any is under way. */
let capturing:
  | { runs: number; readonly warn: Console["warn"]; readonly error: Console["error"]; readonly log: Console["log"] }
  | undefined;

async function capturingConsole<T>(run: () => Promise<T>): Promise<T> {
  // Runs may overlap (two specs generated at once in one process): the console is replaced once, by the first, and
  // put back by the last to end, whichever order they end in; each run's output goes to its own list (printedBy).
  if (capturing === undefined) {
    const { warn, error, log } = console;
    const capture =
      (original: (...parts: unknown[]) => void) =>
      (...parts: unknown[]): void => {
        const printed = printedBy.getStore();
        if (printed === undefined) return original(...parts);
        printed.push(
          parts
            .map((part) => (typeof part === "string" ? part : String(part)))
            .join(" ")
            .replace(ansiColors, "")
            .trim(),
        );
      };
    capturing = { runs: 0, warn, error, log };
    console.warn = capture(warn);
    console.error = capture(error);
    console.log = capture(log);
  }
  capturing.runs++;
  try {
    return await run();
  } finally {
    if (--capturing.runs === 0) {
      console.warn = capturing.warn;
      console.error = capturing.error;
      console.log = capturing.log;
      capturing = undefined;
    }
  }
}
