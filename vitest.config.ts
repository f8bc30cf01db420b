import { defineConfig } from "vitest/config";

// One vitest project per package; each package keeps its own tests in its own test/ folder.
export default defineConfig({
  test: {
    projects: [
      { test: { name: "validators", root: "./validators", include: ["test/**/*.test.ts"] } },
      { test: { name: "spec", root: "./spec", include: ["test/**/*.test.ts"] } },
      { test: { name: "cross-package", root: "./test", include: ["*.test.ts"] } },
      { test: { name: "client", root: "./test/client", include: ["**/*.test.ts"] } },
      { test: { name: "generator", root: "./generator", include: ["test/**/*.test.ts"] } },
    ],
  },
});
