/**
 * An emitter turns its input into files under generated/; it never reads the spec or the disk itself. The input is
 * the model and the generator's own files that the output carries (the client runtime, the package templates),
 * which the pipeline reads once (src/generator-files.ts) and hands to every emitter.
 */
import type { ApiModel } from "../model/model.js";

export interface EmittedFile {
  /** Path relative to the generated package root, with forward slashes: `src/client.ts`. */
  readonly path: string;
  readonly contents: string;
}

/** A file of the generator's own, by its name in its folder: `request.ts`, `package.json`. */
export interface SourceText {
  readonly name: string;
  readonly text: string;
}

/** The generator's own files that become part of the output. */
export interface GeneratorFiles {
  /**
   * The .ts files of generator/runtime/ and its folders (no tests, no declarations), named by their path in it
   * (`errors/errors.ts`), sorted.
   */
  readonly runtime: readonly SourceText[];
  /** Every file of generator/templates/, sorted by name. */
  readonly templates: readonly SourceText[];
}

export interface EmitInput {
  readonly model: ApiModel;
  readonly files: GeneratorFiles;
}

export interface Emitter {
  /** Short name shown by the CLI and used in snapshot test names: `types`, `client`. */
  readonly name: string;
  emit(input: EmitInput): readonly EmittedFile[] | Promise<readonly EmittedFile[]>;
}

/** The text of one of `files` by name; a missing one is the generator's own bug, not the spec's. */
export function sourceText(files: readonly SourceText[], name: string, folder: string): string {
  const file = files.find((candidate) => candidate.name === name);
  if (file === undefined) throw new Error(`generator/${folder}/${name} is missing`);
  return file.text;
}
