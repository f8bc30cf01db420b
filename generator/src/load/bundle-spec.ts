/**
 * Bundles the split spec into one document with Redocly's openapi-core (the library `redocly bundle` runs):
 * every file `$ref` becomes a local `#/components/...` ref, nothing is dereferenced and no component is dropped.
 * Bundler problems come back with the file and pointer they are in; errors are thrown as spec errors,
 * warnings are returned for the caller to print (and for the real-spec test to count).
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { readFileSync } from "node:fs";
import {
  bundle,
  createConfig,
  loadConfig,
  parseYaml,
  YamlParseError,
  type Config,
  type NormalizedProblem,
} from "@redocly/openapi-core";
import { refOf, resolvePointer } from "../json-pointer/json-pointer.js";
import { displayPath } from "./display-path.js";
import { JsonResolver } from "./json-resolver.js";
import { SpecError, SpecErrors, type SpecProblem } from "../json-pointer/spec-error.js";

export interface BundleOptions {
  /** The root file of the spec (`spec/openapi.yaml`). */
  readonly specPath: string;
  /** Redocly config; default: `redocly.yaml` beside the root file when there is one, else Redocly's defaults. */
  readonly configPath?: string;
}

export interface BundledSpec {
  /** The bundled document exactly as openapi-core returns it (not yet normalised). */
  readonly document: { readonly [key: string]: unknown };
  /** Absolute path of the root file. */
  readonly rootFile: string;
  /** Absolute paths of every file the bundle read, root first. */
  readonly files: readonly string[];
  /** Bundler problems of severity `warn`. */
  readonly warnings: readonly SpecProblem[];
}

export async function bundleSpec(options: BundleOptions): Promise<BundledSpec> {
  const rootFile = resolve(options.specPath);
  if (!existsSync(rootFile)) {
    throw new SpecError({ file: displayPath(rootFile), pointer: "", reason: "the spec file does not exist" });
  }
  const config = await loadRedoclyConfig(rootFile, options.configPath);
  let result: Awaited<ReturnType<typeof bundle>>;
  try {
    result = await bundle({
      ref: rootFile,
      config,
      externalRefResolver: new JsonResolver(config.resolve),
      dereference: false,
      removeUnusedComponents: false,
    });
  } catch (thrown) {
    throw rootFileError(rootFile, thrown);
  }
  const problems = result.problems.filter((problem) => !problem.ignored);
  const errors = problems
    .filter((problem) => problem.severity === "error")
    .map((problem) => new SpecError(toSpecProblem(problem, rootFile)));
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new SpecErrors(errors);
  const parsed: unknown = result.bundle.parsed;
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new SpecError({ file: displayPath(rootFile), pointer: "", reason: "the spec is not a YAML or JSON object" });
  }
  return {
    document: parsed as { readonly [key: string]: unknown },
    rootFile,
    files: [rootFile, ...[...result.fileDependencies].filter((file) => file !== rootFile)],
    warnings: problems
      .filter((problem) => problem.severity === "warn")
      .map((problem) => toSpecProblem(problem, rootFile)),
  };
}

async function loadRedoclyConfig(rootFile: string, configPath: string | undefined): Promise<Config> {
  const beside = join(dirname(rootFile), "redocly.yaml");
  const path = configPath !== undefined ? resolve(configPath) : existsSync(beside) ? beside : undefined;
  try {
    return path === undefined ? await createConfig({}) : await loadConfig({ configPath: path });
  } catch (thrown) {
    const reason = `invalid Redocly config: ${thrown instanceof Error ? thrown.message : String(thrown)}`;
    throw new SpecError({ file: displayPath(path ?? rootFile), pointer: "", reason });
  }
}

/** openapi-core locations are `{ source: { absoluteRef }, pointer: "#/paths/~1a" }`; pointer is absent for parse errors. */
function toSpecProblem(problem: NormalizedProblem, rootFile: string): SpecProblem {
  const location = problem.location[0] ?? problem.from;
  const file = location?.source.absoluteRef ?? rootFile;
  const pointer = decodeFragment(location?.pointer?.replace(/^#/, "") ?? "");
  return { file: displayPath(file), pointer, reason: readableReason(problem.message, file, pointer) };
}

/**
 * openapi-core says "Can't resolve $ref" without the ref, and names files by absolute path: add the ref as
 * written at that location, and show paths as the rest of the messages do.
 */
function readableReason(message: string, file: string, pointer: string): string {
  const withPaths = message.replace(
    /(["'])(\/[^"']+)\1/g,
    (_match, quote: string, path: string) => `${quote}${displayPath(path)}${quote}`,
  );
  if (!message.startsWith("Can't resolve $ref")) return withPaths;
  let ref: string | undefined;
  try {
    ref = refOf(resolvePointer(parseYaml(readFileSync(file, "utf8")), pointer));
  } catch {
    ref = undefined;
  }
  if (ref === undefined) return withPaths;
  const detail = withPaths.slice("Can't resolve $ref".length).replace(/^:\s*/, "");
  return `unresolved $ref ${JSON.stringify(ref)}${detail === "" ? "" : ` (${detail})`}`;
}

function decodeFragment(pointer: string): string {
  try {
    return decodeURIComponent(pointer);
  } catch {
    return pointer;
  }
}

/** openapi-core throws (rather than reports) when the root file itself cannot be read or parsed. */
function rootFileError(rootFile: string, thrown: unknown): SpecError {
  if (thrown instanceof YamlParseError) {
    const detail = (thrown.originalError as { reason?: string } | undefined)?.reason ?? "parse error";
    const reason = `invalid YAML: ${detail} (line ${thrown.line}, column ${thrown.col})`;
    return new SpecError({ file: displayPath(thrown.source.absoluteRef), pointer: "", reason });
  }
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new SpecError({ file: displayPath(rootFile), pointer: "", reason: message });
}
