import { describe, expect, it } from "vitest";
import { openapiJsonEmitter } from "../../src/emit/openapi-json.js";
import { emitFixture, fixtureModel, snapshotFixtures, snapshotPath } from "../support/fixtures.js";

describe("openapi-json emitter", () => {
  it.each(snapshotFixtures)("%s", async (fixture) => {
    const files = await emitFixture(openapiJsonEmitter, fixture);
    expect([...files.keys()]).toEqual(["openapi.json"]);
    const contents = files.get("openapi.json") ?? "";
    expect(JSON.parse(contents)).toEqual((await fixtureModel(fixture)).documentForLibraries);
    expect(contents.endsWith("}\n")).toBe(true);
    await expect(contents).toMatchFileSnapshot(snapshotPath(fixture, "openapi.json"));
  });
});
