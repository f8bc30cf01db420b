import { describe, expect, it } from "vitest";
import { schemasEmitter } from "../../src/emit/schemas.js";
import { emitFixture, snapshotFixtures, snapshotPath } from "../support/fixtures.js";

describe("schemas emitter", () => {
  it.each(snapshotFixtures)("%s", async (fixture) => {
    const files = await emitFixture(schemasEmitter, fixture);
    expect([...files.keys()]).toEqual(["src/schemas.ts"]);
    await expect(files.get("src/schemas.ts")).toMatchFileSnapshot(snapshotPath(fixture, "src/schemas.ts"));
  });

  it("exports a described type per schema and keeps descriptions from closing the JSDoc", async () => {
    const contents = (await emitFixture(schemasEmitter, "odata.yaml")).get("src/schemas.ts") ?? "";
    expect(contents).toContain('import type { components } from "./types.js";');
    expect(contents).toContain(
      '/** An account. Ends a comment like *\\/ so JSDoc must escape it. */\nexport type AccountDto = components["schemas"]["AccountDto"];',
    );
    expect(contents.match(/^export type /gm)).toHaveLength(8);
  });
});
