import { describe, expect, it } from "vitest";
import { schemasEmitter } from "../../src/emit/schemas.js";
import { emitFixture, snapshotFixtures, snapshotPath } from "../support/fixtures.js";

describe("schemas emitter", () => {
  it.each(snapshotFixtures)("%s", async (fixture) => {
    const files = await emitFixture(schemasEmitter, fixture);
    expect([...files.keys()]).toEqual(["src/schemas.ts"]);
    await expect(files.get("src/schemas.ts")).toMatchFileSnapshot(snapshotPath(fixture, "src/schemas.ts"));
  });

  it("re-exports the named type of every schema from types.ts, by the model's names", async () => {
    const contents = (await emitFixture(schemasEmitter, "any-openapi.yaml")).get("src/schemas.ts") ?? "";
    const exported = /export type \{([^}]*)\} from "\.\/types\.js";/.exec(contents)?.[1];
    expect(
      exported
        ?.split(",")
        .map((name) => name.trim())
        .filter((name) => name !== ""),
    ).toEqual([
      "AnyPet",
      "ApiError",
      "Cat",
      "Cause",
      "Dog",
      "JsonValue",
      "Payment",
      "Pet",
      "ImportSchema",
      "PaymentMethod",
      "PaymentMethod2",
    ]);
  });
});
