/**
 * The generator's floors (generator/README.md, "Floors"): the data flows spec → load → model → emit → write, and
 * each room imports only the rooms under it. runtime/ is the client's own runtime, copied into the client: it
 * imports nothing of the generator, and the generator may use its types and its argument rule.
 */
import { fileURLToPath } from "node:url";
import type { Floors } from "./import-graph.js";

export const generatorFloors: Floors = {
  name: "generator",
  root: fileURLToPath(new URL("../../generator/", import.meta.url)),
  sources: ["src", "runtime"],
  rooms: {
    // The client's runtime (generated/src/runtime/): a room of its own, beneath everything the generator writes.
    runtime: [],
    // The ground floor: JSON types and pointers, spec errors.
    "src/json-pointer": [],
    // ts-morph structures, the formatter, names, Markdown: how output text is written.
    "src/print": [],
    // openapi-typescript and ajv in a worker thread.
    "src/workers": [],
    // Bundle and normalise the spec.
    "src/load": ["src/json-pointer"],
    // The one intermediate model; its contract types are the runtime's (operation-contract.ts).
    "src/model": ["src/json-pointer", "runtime/operations/operation-contract.ts"],
    // One emitter per output file: the model in, text out, never the spec or the disk.
    "src/emit": ["src/json-pointer", "src/model", "src/print", "src/workers", "runtime"],
    // Write generated/ or check it for drift: the emitted files' type only.
    "src/write": ["src/emit/emitter.ts"],
    // An OpenAPI Overlay laid over the generated document (the sandbox's document): its assumptions, its file.
    "src/overlay": ["src/json-pointer", "src/model/model.ts", "src/model/assumptions.ts", "src/write"],
    // The pipeline, the CLI and where the generator's files are: the roof, over every room.
    "src/*": [
      "src/json-pointer",
      "src/print",
      "src/workers",
      "src/load",
      "src/model",
      "src/emit",
      "src/write",
      "src/overlay",
    ],
  },
};
