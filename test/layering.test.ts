/**
 * Every package's floors, checked from its import graph (test/layering/): each room imports only its own files and
 * the rooms its table names, so no import runs back up, and no files import each other in a circle. The tables are
 * the READMEs' "Floors" sections as data; a package joins with a table of its own (layering/<package>.ts).
 */
import { describe, expect, it } from "vitest";
import { generatorFloors } from "./layering/generator.js";
import {
  circles,
  forbiddenImports,
  homeless,
  importGraph,
  unknownPlaces,
  type Floors,
} from "./layering/import-graph.js";
import { reviewFloors } from "./layering/review.js";
import { sandboxFloors } from "./layering/sandbox.js";
import { validatorsFloors } from "./layering/validators.js";

const packages: readonly Floors[] = [generatorFloors, validatorsFloors, reviewFloors, sandboxFloors];

describe.each(packages)("the floors of $name", (floors) => {
  const graph = importGraph(floors);

  it("places every source file in a room, and names only rooms and places that exist", () => {
    expect(homeless(floors)).toEqual([]);
    expect(unknownPlaces(floors)).toEqual([]);
    expect(graph.files.length).toBeGreaterThan(0);
  });

  it("lets no file import a room its room may not", () => {
    expect(forbiddenImports(floors, graph)).toEqual([]);
  });

  it("has no circle of imports", () => {
    expect(circles(graph)).toEqual([]);
  });
});
