/**
 * Writes the emitted files into the output directory: only files whose bytes changed are rewritten (so
 * mtimes and editors stay quiet), files the previous run listed in the manifest but this run did not emit are
 * deleted (and directories left empty by that), and the manifest is rewritten.
 */
import { mkdir, readFile, readdir, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { EmittedFile } from "../emit/emitter.js";
import { isSafeRelativePath, manifestFile, readManifest } from "./manifest.js";

export interface WriteResult {
  readonly written: readonly string[];
  readonly unchanged: readonly string[];
  readonly deleted: readonly string[];
}

export async function writeFiles(directory: string, emitted: readonly EmittedFile[]): Promise<WriteResult> {
  const files = [...emitted, manifestFile(emitted)];
  for (const file of files)
    if (!isSafeRelativePath(file.path)) throw new Error(`refusing to write outside ${directory}: ${file.path}`);
  const previous = await readManifest(directory);
  const written: string[] = [];
  const unchanged: string[] = [];
  for (const file of files) {
    const target = join(directory, file.path);
    if ((await readText(target)) === file.contents) {
      unchanged.push(file.path);
      continue;
    }
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.contents);
    written.push(file.path);
  }
  const current = new Set(files.map((file) => file.path));
  const deleted: string[] = [];
  for (const path of previous) {
    if (current.has(path)) continue;
    await rm(join(directory, path), { force: true });
    await removeEmptyParents(directory, path);
    deleted.push(path);
  }
  return { written, unchanged, deleted };
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch {
    return undefined;
  }
}

/** Removes the directories of `path` that are now empty, innermost first, never `directory` itself. */
async function removeEmptyParents(directory: string, path: string): Promise<void> {
  const segments = path.split("/").slice(0, -1);
  for (let length = segments.length; length > 0; length--) {
    const folder = join(directory, ...segments.slice(0, length));
    const entries = await readdir(folder).catch(() => undefined);
    if (entries === undefined || entries.length > 0) return;
    await rmdir(folder);
  }
}
