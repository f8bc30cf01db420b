/**
 * `generated/.generated-files`: the list of files the generator wrote into the output directory. Writing
 * deletes a listed file the generator no longer emits (a schema renamed, an emitter removed), and `check`
 * reports it; files that are not listed (the package's tests, dist/, node_modules/, README.md) are never
 * touched. The manifest is itself checked, so it cannot drift either.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { EmittedFile } from "../emit/emitter.js";

export const manifestPath = ".generated-files";

const manifestHeader = [
  "# Files @account-funds/generator wrote here (`make generate`). It deletes a listed file once it no longer",
  "# emits it; files not listed are never touched. Generated: do not edit.",
];

export function manifestFile(files: readonly EmittedFile[]): EmittedFile {
  const paths = [...files.map((file) => file.path), manifestPath].sort();
  return { path: manifestPath, contents: [...manifestHeader, ...paths].join("\n") + "\n" };
}

/** Paths listed in the manifest in `directory`; empty when there is none yet. */
export async function readManifest(directory: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(join(directory, manifestPath), "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#") && isSafeRelativePath(line));
}

/** A forward-slash path inside the output directory: not absolute, no `.` or `..` segments, no backslashes. */
export function isSafeRelativePath(path: string): boolean {
  return (
    path !== "" &&
    !path.startsWith("/") &&
    !path.includes("\\") &&
    !/^[A-Za-z]:/.test(path) &&
    path.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..")
  );
}
