// Standalone runs (`npx vitest run --root review`); the repository's vitest.config.ts has the same project inline.
import { defineConfig } from "vitest/config";

export default defineConfig({ test: { name: "review", testTimeout: 60_000, include: ["test/**/*.test.ts"] } });
