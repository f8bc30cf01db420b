/**
 * Every package's layers, checked from its import graph (test/layering/): each module imports only its own files and
 * the places its README's "Layers" table names, so no import runs back up, and no files import each other in a
 * circle. The tables are read from the READMEs (layering/readme-layers.ts), where they are written once; a package
 * joins with a line below.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  circles,
  forbiddenImports,
  importGraph,
  unknownPlaces,
  unplaced,
  type Layering,
} from "./layering/import-graph.js";
import { layersOf, readmeLayers } from "./layering/readme-layers.js";

/** Each layered package and its source folders, every file of which must be in a module of a layer. */
const packages: readonly { readonly name: string; readonly sources: readonly string[] }[] = [
  { name: "generator", sources: ["src", "runtime"] },
  { name: "validators", sources: ["src"] },
  { name: "review", sources: ["src"] },
  { name: "sandbox", sources: ["src"] },
];

function layeringOf(name: string, sources: readonly string[]): Layering {
  const root = fileURLToPath(new URL(`../${name}/`, import.meta.url));
  const readme = `${name}/README.md`;
  return { name, root, readme, sources, ...readmeLayers(`${root}README.md`, readme) };
}

describe.each(packages)("the layers of $name", ({ name, sources }) => {
  const layering = layeringOf(name, sources);
  const graph = importGraph(layering);

  it("places every source file in a module of a layer, and names only modules and places that exist", () => {
    expect(unplaced(layering)).toEqual([]);
    expect(unknownPlaces(layering)).toEqual([]);
    expect(graph.files.length).toBeGreaterThan(0);
  });

  it("lets no file import a module its own may not", () => {
    expect(forbiddenImports(layering, graph)).toEqual([]);
  });

  it("has no circle of imports", () => {
    expect(circles(graph)).toEqual([]);
  });
});

describe("the README's layer table", () => {
  const readme = (rows: string, heading = "## Layers"): string =>
    `# pkg\n\n${heading}\n\nRows from the lowest layer up.\n\n| module | what it holds | may import |\n|---|---|---|\n${rows}\n\n## Next\n`;

  it("reads each row's modules and what they may import, every lower layer included", () => {
    const rows = [
      "| `src/core/`, `src/data.ts` | the lowest layer | nothing |",
      "| `src/rules/` | rules | `src/core/` (results only) |",
      "| `src/*` | the entry points | every lower layer |",
    ].join("\n");
    expect(layersOf(readme(rows), "pkg/README.md").modules).toEqual({
      "src/core": [],
      "src/data.ts": [],
      "src/rules": ["src/core"],
      "src/*": ["src/core", "src/data.ts", "src/rules"],
    });
  });

  it("fails, saying what to write, on a README without the section, a row it cannot read, or a module twice", () => {
    expect(() => layersOf(readme("| `src/a/` | a | nothing |", "## Structure"), "pkg/README.md")).toThrow(
      'pkg/README.md has no "## Layers" section',
    );
    expect(() => layersOf(readme("| `src/a/` | a | the core |"), "pkg/README.md")).toThrow(
      'the "may import" cell of src/a must name places as code spans, say "every lower layer", or say "nothing"',
    );
    expect(() =>
      layersOf(readme("| `src/a/` | a | nothing |\n| `src/a` | again | nothing |"), "pkg/README.md"),
    ).toThrow("src/a is in two rows");
  });
});
