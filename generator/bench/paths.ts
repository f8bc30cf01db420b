/** Where the benchmark finds things: absolute paths from this file, so it runs from any working directory. */
import { fileURLToPath } from "node:url";

const at = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

export const repositoryRoot = at("../../");
/** The committed generated package (its dist/ is built by `make build`, which `make bench` runs first). */
export const generatedDirectory = at("../../generated/");
export const generatedEntry = at("../../generated/dist/index.js");
export const generatedSourceEntry = at("../../generated/src/index.ts");
export const generatedOpenapiJson = at("../../generated/openapi.json");
export const specRoot = at("../../spec/openapi.yaml");
export const redoclyConfig = at("../../spec/redocly.yaml");
/** The sandbox's overlay, which `make generate` applies to the bundled spec (sandbox/openapi.json). */
export const sandboxOverlay = at("../../sandbox/openapi/overlay.yaml");
/** The compiled generator CLI `make generate` runs (`make build-generator`, which `make bench` runs first). */
export const generatorCli = at("../dist/src/cli.js");
export const generatePhasesScript = at("./generate-phases.mjs");

const bin = (name: string): string => at(`../../node_modules/.bin/${name}`);
export const openapiTypescriptBin = bin("openapi-typescript");
export const tscScript = at("../../node_modules/typescript/bin/tsc");
