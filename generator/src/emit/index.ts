/**
 * Every emitter, in the order the pipeline starts them (they then run concurrently); each owns the files it
 * returns (two emitters may not return the same path). Output does not depend on this order, only the order of
 * warnings and which error is reported first do. The validators go first: their 0.5 MB of ajv code takes the
 * longest to format, so it is handed to a formatting worker before the other emitters run.
 */
import { clientEmitter } from "./client.js";
import type { Emitter } from "./emitter.js";
import { indexFileEmitter } from "./index-file.js";
import { openapiJsonEmitter } from "./openapi-json.js";
import { operationsEmitter } from "./operations.js";
import { packageFilesEmitter } from "./package-files.js";
import { readmeEmitter } from "./readme.js";
import { runtimeEmitter } from "./runtime.js";
import { schemasEmitter } from "./schemas.js";
import { typesEmitter } from "./types.js";
import { validatorsEmitter } from "./validators.js";

export const emitters: readonly Emitter[] = [
  validatorsEmitter, // src/validators/operations.ts, src/validators/webhooks.ts
  openapiJsonEmitter, // openapi.json
  packageFilesEmitter, // package.json, tsconfig.json, tsconfig.build.json
  typesEmitter, // src/types.ts
  schemasEmitter, // src/schemas.ts
  operationsEmitter, // src/operations.ts
  clientEmitter, // src/client.ts
  indexFileEmitter, // src/index.ts, src/node.ts
  runtimeEmitter, // src/runtime/*.ts
  readmeEmitter, // README.md
];
