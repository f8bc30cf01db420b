import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { NodeLinesFirstSequencer } from "./test/support/sequencer.js";
import { builtExports, publishedFolders } from "./test/support/source-exports.js";

// One vitest project per package; each package keeps its own tests in its own test/ folder. Where a new test goes
// and how it runs: the root README, "Where a test goes".

// Property tests are CPU-bound and CI has 2 shared cores: a generous timeout keeps them from flaking
// (speed is measured by `make bench`, never by a test's time).
const testTimeout = 60_000;
// Hooks start sandboxes, browsers and builds; under CI load that takes longer than vitest's 10 s default.
const hookTimeout = 60_000;
// A committed `.only` would skip every other test silently; vitest refuses it only when CI is set, and `.ci/run` is
// plain `make test`. To run one test: `npx vitest run <file> -t <name>`.
const allowOnly = false;

/**
 * Tests read the packages' sources: each export of the published packages that Node resolves to `dist/<x>.js` is
 * mapped to `src/<x>.ts` (test/support/source-exports.ts), so `import "@account-funds/validators"` in a test (or in
 * the sandbox's sources a test imports) is the module being edited, never a stale build. Processes the tests start
 * (the sandbox's command line, the packed tarballs, the README snippets) run the builds, which the global setup
 * brings up to date (test/support/global-setup.ts); test/sources.test.ts checks both.
 */
const alias = publishedFolders.flatMap((folder) =>
  builtExports(fileURLToPath(new URL(`./${folder}/`, import.meta.url))).map(({ specifier, source }) => ({
    find: new RegExp(`^${specifier.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`),
    replacement: source,
  })),
);

interface ProjectOptions {
  /** Files of the project, relative to its root (default: test/**\/*.test.ts). */
  readonly include?: readonly string[];
  /**
   * false: the project's files share one module registry per worker, so what they import is evaluated once per
   * worker, not once per file. Only for projects whose tests leave nothing behind: timers, spies, globals and the
   * working directory restored; no hook registered by a support module (it would run for the first file that imports
   * the module only): such hooks go in the project's setup file, which vitest runs before every file; and a file that
   * uses vi.mock empties the registry before its imports and after its tests (else a module loaded by an earlier file
   * is not mocked, and the next file gets the mocked one): sandbox/test/endpoints/control/routes.test.ts,
   * test/spec-facts.test.ts.
   */
  readonly isolate?: boolean;
  readonly setupFiles?: readonly string[];
}

function project(name: string, root: string, options: ProjectOptions = {}): TestProjectInlineConfiguration {
  return {
    resolve: { alias },
    test: {
      name,
      root,
      include: [...(options.include ?? ["test/**/*.test.ts"])],
      testTimeout,
      hookTimeout,
      allowOnly,
      ...(options.isolate === undefined ? {} : { isolate: options.isolate }),
      ...(options.setupFiles === undefined ? {} : { setupFiles: [...options.setupFiles] }),
    },
  };
}

export default defineConfig({
  test: {
    globalSetup: ["./test/support/global-setup.ts"],
    // `make test-node` runs the tests tagged node-lines on the other Node lines: `// @module-tag node-lines` in a
    // file's opening comment (or `{ tags: ["node-lines"] }` on one test). Which tests: the README, "Where a test goes".
    tags: [
      {
        name: "node-lines",
        description:
          "can behave differently on another Node.js line: the sandbox's storage drivers, fetch (undici), HTTP, TLS and crypto, streams, processes and signals",
      },
    ],
    // Test files run three at a time (vitest's default on 2 cores is one): on the 2-core machines this runs on, a
    // file that waits on a sandbox, a browser or a compiler in another process leaves a core to the next one. Timing
    // bounds in tests are built for a loaded machine (best of several runs, generous timeouts).
    maxWorkers: 3,
    // The files tagged node-lines first, then the rest (test/support/sequencer.ts): `make test` starts the other Node
    // lines' runs of them once this run's have ended.
    sequence: { sequencer: NodeLinesFirstSequencer },
    projects: [
      project("validators", "./validators", { isolate: false }),
      project("spec", "./spec", { isolate: false }),
      project("cross-package", "./test", { include: ["*.test.ts"], isolate: false }),
      project("client", "./test/client", { include: ["**/*.test.ts"], isolate: false }),
      // The packages as npm sees them: manifests, licences, engines against the tested Node versions, changelogs,
      // the links in the packed tarballs, and every command line's --version and EX_USAGE.
      project("packages", "./test/packages", { include: ["**/*.test.ts"], isolate: false }),
      // examples/: the README's consumer test of the sandbox in-process, run as it is. Its setup file closes what the
      // webhook tests opened, after every test; the control routes' test, which mocks modules, empties the module
      // registry before and after itself.
      project("sandbox", "./sandbox", {
        include: ["test/**/*.test.ts", "examples/**/*.test.ts"],
        isolate: false,
        setupFiles: ["./test/setup.ts"],
      }),
      // `make review`: spec mutations classified as breaking or not, BASE handling, HEAD against HEAD.
      project("review", "./review", { isolate: false }),
      // The HTML reference (Redocly build-docs) opened in headless Chromium.
      project("docs", "./test/docs", { include: ["**/*.test.ts"] }),
      // The beneficiary-form examples built with Vite and driven in headless Chromium.
      project("example", "./test/example", { include: ["**/*.test.ts"], isolate: false }),
      // The generated client against a stand-in for the real API (real sockets): what a .NET OData API and its gateway
      // plausibly send where the reference says "not shown", directly and through Prism 5.14 with the API's document.
      project("stand-in", "./test/stand-in", { include: ["**/*.test.ts"], isolate: false }),
      // The generated client against hostile servers (real sockets): redirects, huge and endless bodies, endless
      // pages, token echoes, absurd Retry-After values.
      project("hostile-server", "./test/hostile-server", { include: ["**/*.test.ts"], isolate: false }),
      // The generated client against the running sandbox: every operation, spec-driven fuzzing, a model-based test,
      // the command line with real faults. Its setup file kills what a failed test left running, after every file.
      project("client-sandbox", "./test/sandbox", {
        include: ["**/*.test.ts"],
        isolate: false,
        setupFiles: ["./support/setup.ts"],
      }),
      // The generator's tests share no mutable module state (no vi.mock, timers restored after each test), and
      // loading TypeScript, ts-morph, prettier and ajv once rather than once per file, with one shared run of the real
      // spec (generator/test/support/real-spec.ts), halves the project's time.
      project("generator", "./generator", { isolate: false }),
    ],
  },
});
