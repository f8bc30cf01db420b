import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { packageFilesEmitter, packageTemplateFiles } from "../../src/emit/package-files.js";
import { emitInput, fixtureModel } from "../support/fixtures.js";

describe("package-files emitter", () => {
  it("copies the package templates verbatim", async () => {
    const files = await packageFilesEmitter.emit(await emitInput(await fixtureModel("odata.yaml")));
    expect(files.map((file) => file.path)).toEqual([...packageTemplateFiles]);
    for (const file of files) {
      expect(file.contents).toBe(await readFile(new URL(`../../templates/${file.path}`, import.meta.url), "utf8"));
    }
  });
});
