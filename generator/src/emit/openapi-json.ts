/**
 * `openapi.json`: the bundled, normalised spec, published with the package (`@account-funds/client/openapi.json`)
 * for tools that want the contract itself. Pure JSON (no header comment), two-space indented, final newline.
 */
import type { Emitter } from "./emitter.js";

export const openapiJsonEmitter: Emitter = {
  name: "openapi-json",
  emit: ({ model }) => [{ path: "openapi.json", contents: `${JSON.stringify(model.documentForLibraries, null, 2)}\n` }],
};
