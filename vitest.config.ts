import { defineConfig } from "vitest/config";

// One vitest project per package; each package keeps its own tests in its own test/ folder.
// Property tests are CPU-bound and CI has 2 shared cores: a generous timeout keeps them from flaking
// (speed is measured by `make bench`, never by a test's time).
const testTimeout = 60_000;
// Hooks start sandboxes, browsers and builds; under CI load that takes longer than vitest's 10 s default.
const hookTimeout = 60_000;
// A committed `.only` would skip every other test silently; vitest refuses it only when CI is set, and `.ci/run` is
// plain `make test`. To run one test: `npx vitest run <file> -t <name>`.
const allowOnly = false;
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "validators",
          testTimeout,
          hookTimeout,
          allowOnly,
          root: "./validators",
          include: ["test/**/*.test.ts"],
        },
      },
      { test: { name: "spec", testTimeout, hookTimeout, allowOnly, root: "./spec", include: ["test/**/*.test.ts"] } },
      { test: { name: "cross-package", testTimeout, hookTimeout, allowOnly, root: "./test", include: ["*.test.ts"] } },
      {
        test: { name: "client", testTimeout, hookTimeout, allowOnly, root: "./test/client", include: ["**/*.test.ts"] },
      },
      // The packages as npm sees them: manifests, licences, engines against the tested Node versions, changelogs,
      // and every command line's --version and EX_USAGE.
      {
        test: {
          name: "packages",
          testTimeout,
          hookTimeout,
          allowOnly,
          root: "./test/packages",
          include: ["**/*.test.ts"],
        },
      },
      // examples/: the README's consumer test of the sandbox in-process, run as it is (it imports the built packages).
      {
        test: {
          name: "sandbox",
          testTimeout,
          hookTimeout,
          allowOnly,
          root: "./sandbox",
          include: ["test/**/*.test.ts", "examples/**/*.test.ts"],
        },
      },
      // `make review`: spec mutations classified as breaking or not, BASE handling, HEAD against HEAD.
      {
        test: { name: "review", testTimeout, hookTimeout, allowOnly, root: "./review", include: ["test/**/*.test.ts"] },
      },
      // The HTML reference (Redocly build-docs) opened in headless Chromium.
      { test: { name: "docs", testTimeout, hookTimeout, allowOnly, root: "./test/docs", include: ["**/*.test.ts"] } },
      // The beneficiary-form example built with Vite and driven in headless Chromium.
      {
        test: {
          name: "example",
          testTimeout,
          hookTimeout,
          allowOnly,
          root: "./test/example",
          include: ["**/*.test.ts"],
        },
      },
      // The generated client against a stand-in for the real API (real sockets): what a .NET OData API and its gateway
      // plausibly send where the reference says "not shown", directly and through Prism 5.14 with the API's document.
      {
        test: {
          name: "stand-in",
          testTimeout,
          hookTimeout,
          allowOnly,
          root: "./test/stand-in",
          include: ["**/*.test.ts"],
        },
      },
      // The generated client against hostile servers (real sockets): redirects, huge and endless bodies, endless
      // pages, token echoes, absurd Retry-After values.
      {
        test: {
          name: "hostile-server",
          testTimeout,
          hookTimeout,
          allowOnly,
          root: "./test/hostile-server",
          include: ["**/*.test.ts"],
        },
      },
      // The generated client against the running sandbox: every operation, spec-driven fuzzing, a model-based test.
      {
        test: {
          name: "client-sandbox",
          testTimeout,
          hookTimeout,
          allowOnly,
          root: "./test/sandbox",
          include: ["**/*.test.ts"],
        },
      },
      // Not isolated: the generator's tests share no mutable module state (no vi.mock, timers restored after each
      // test), and loading TypeScript, ts-morph, prettier and ajv once rather than once per file, with one shared run
      // of the real spec (generator/test/support/real-spec.ts), halves the project's time. A test that mocks modules
      // must restore them, or go to a project of its own.
      {
        test: {
          name: "generator",
          testTimeout,
          hookTimeout,
          allowOnly,
          root: "./generator",
          include: ["test/**/*.test.ts"],
          isolate: false,
        },
      },
    ],
  },
});
