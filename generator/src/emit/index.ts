/**
 * Every emitter, in the order the pipeline starts them (they then run concurrently); each owns the files it
 * returns (two emitters may not return the same path). Output does not depend on this order, only the order of
 * warnings and which error is reported first do. The types and the validators go first: they hand their work
 * (openapi-typescript, ajv's compile) to the library thread before the other emitters keep the main thread busy.
 */
import { clientEmitter } from "./client.js";
import { contractEmitter } from "./contract.js";
import type { Emitter } from "./emitter.js";
import { indexFileEmitter } from "./index-file.js";
import { openapiJsonEmitter } from "./openapi-json.js";
import { operationsEmitter } from "./operations.js";
import { packageFilesEmitter } from "./package-files.js";
import { readmeEmitter } from "./readme.js";
import { referenceEmitter } from "./reference.js";
import { runtimeEmitter } from "./runtime.js";
import { schemasEmitter } from "./schemas.js";
import { typesEmitter } from "./types.js";
import { validatorsEmitter } from "./validators.js";

export const emitters: readonly Emitter[] = [
  typesEmitter, // src/types.ts
  validatorsEmitter, // src/validators/operations.ts, src/validators/webhooks.ts
  openapiJsonEmitter, // openapi.json
  packageFilesEmitter, // package.json, tsconfig.json, tsconfig.build.json, LICENSE, CHANGELOG.md
  schemasEmitter, // src/schemas.ts
  operationsEmitter, // src/operations.ts
  contractEmitter, // src/contract.ts
  clientEmitter, // src/client.ts
  indexFileEmitter, // src/index.ts, src/node.ts
  runtimeEmitter, // src/runtime/ (its folders too)
  readmeEmitter, // README.md
  referenceEmitter, // REFERENCE.md
];
