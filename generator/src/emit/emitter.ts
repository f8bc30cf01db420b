/** An emitter turns the model into files under generated/; it never reads the spec or the disk itself. */
import type { ApiModel } from "../model/model.js";

export interface EmittedFile {
  /** Path relative to the generated package root, with forward slashes: `src/client.ts`. */
  readonly path: string;
  readonly contents: string;
}

export interface Emitter {
  /** Short name shown by the CLI and used in snapshot test names: `types`, `client`. */
  readonly name: string;
  emit(model: ApiModel): readonly EmittedFile[] | Promise<readonly EmittedFile[]>;
}
