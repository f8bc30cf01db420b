/**
 * The example page: index.html and src/, bundled by Vite into dist/ (gitignored). `base: "./"` lets the built
 * page be served from any path; nothing is loaded from outside the bundle.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
});
