/**
 * The model is the only view emitters read: the raw bundled document (`model.documentForLibraries`) is handed on
 * whole by three emitters only, to openapi-typescript, to ajv, and as the published openapi.json.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { generatorRoot } from "../support/fixtures.js";

const emitDirectory = join(generatorRoot, "src/emit");

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(directory, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(directory, entry.name)]
        : [],
  );
}

describe("emitters and the bundled document", () => {
  it("leave the raw document to the emitters that hand it to a library or publish it", () => {
    const readers = sources(emitDirectory)
      .filter((file) => readFileSync(file, "utf8").includes("documentForLibraries"))
      .map((file) => relative(emitDirectory, file))
      .sort();
    expect(readers).toEqual(["openapi-json.ts", "types.ts", "validators.ts"]);
  });
});
