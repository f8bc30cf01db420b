/**
 * The page: index.html and src/, bundled by Vite with React's plugin (JSX, Fast Refresh in development). The
 * example's server (server/) serves the build, or runs Vite as middleware in development.
 */
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "./",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true },
});
