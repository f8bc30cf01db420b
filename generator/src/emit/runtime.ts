/**
 * `src/runtime/`: the client's hand-written runtime (generator/runtime/), copied verbatim, folders and all, behind the
 * generated-file header. The runtime knows nothing of this API's operations; the façade hands it the metadata.
 */
import { generatedHeader } from "../print/header.js";
import type { EmittedFile, Emitter } from "./emitter.js";

export const runtimeEmitter: Emitter = {
  name: "runtime",
  emit({ model, files }) {
    return files.runtime.map(({ name, text }): EmittedFile => ({
      path: `src/runtime/${name}`,
      contents: `${generatedHeader(model.source, `Client runtime: generator/runtime/${name}, copied verbatim.`)}\n${text.replaceAll("\r\n", "\n")}`,
    }));
  },
};
