/**
 * Builds the example page with Vite's JS API into a temporary directory and serves it on 127.0.0.1 at a free
 * port with a small static server (nothing else is served; unknown paths are 404).
 */
import { readFile, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

export const EXAMPLE_DIR = fileURLToPath(new URL("../../../examples/beneficiary-form/", import.meta.url));

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

export interface ServedPage {
  readonly url: string;
  close(): Promise<void>;
}

export async function buildAndServe(): Promise<ServedPage> {
  const outDir = await mkdtemp(join(tmpdir(), "beneficiary-form-"));
  await build({
    configFile: join(EXAMPLE_DIR, "vite.config.ts"),
    root: EXAMPLE_DIR,
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });

  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    const file = normalize(join(outDir, pathname === "/" ? "index.html" : pathname));
    if (!file.startsWith(outDir + sep)) {
      response.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) =>
        response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
