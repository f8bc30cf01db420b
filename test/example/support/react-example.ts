/**
 * The React example as its server runs it: the page built with Vite's JS API into a temporary directory, and the
 * example's own server (examples/react-beneficiary-form/server/app.ts) serving that build and its API on a free
 * port of 127.0.0.1, against the sandbox in-process.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { startExampleServer } from "../../../examples/react-beneficiary-form/server/app.js";

export const REACT_EXAMPLE_DIR = fileURLToPath(new URL("../../../examples/react-beneficiary-form/", import.meta.url));

export interface ServedExample {
  readonly url: string;
  close(): Promise<void>;
}

export async function buildAndStartReactExample(): Promise<ServedExample> {
  const outDir = await mkdtemp(join(tmpdir(), "react-beneficiary-form-"));
  await build({
    configFile: join(REACT_EXAMPLE_DIR, "vite.config.ts"),
    root: REACT_EXAMPLE_DIR,
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
  const server = await startExampleServer({ staticDir: outDir });
  return {
    url: server.url,
    async close() {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
