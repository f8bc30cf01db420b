/**
 * The regular expression engine for server-supplied rules: RE2JS (npm `re2js`), a pure JavaScript port of RE2,
 * which matches in time linear in the value whatever the pattern (no backtracking, so no ReDoS). It is 46 kB
 * gzipped, more than the rest of the package, so it is loaded on first use with a dynamic `import()`: bundlers
 * put it in a chunk of its own that a page never downloads unless a RegEx rule is checked. The Node entry
 * (`src/node.ts`) installs it up front, so servers match synchronously from the first request.
 */
import type { RE2JS } from "re2js";

/** What the package uses of re2js: `RE2JS.compile(pattern).test(value)` and `programSize()`. */
export type RegexEngine = typeof RE2JS;

let engine: RegexEngine | undefined;
let loading: Promise<boolean> | undefined;

/** The engine when it is loaded; undefined until then. */
export function loadedRegexEngine(): RegexEngine | undefined {
  return engine;
}

/** Makes `loaded` the engine (the Node entry passes the statically imported re2js). */
export function installRegexEngine(loaded: RegexEngine): void {
  engine = loaded;
}

/**
 * Loads the engine if it is not loaded yet: `true` once it is usable, `false` if it could not be loaded (a
 * chunk that fails to download; a later call tries again). Never rejects. Await it before validating
 * AdditionalInformation rules through the function API in a browser; Standard Schema's `validate` waits by
 * itself, and in Node the engine is always there.
 */
export function loadRegexEngine(): Promise<boolean> {
  if (engine !== undefined) return Promise.resolve(true);
  loading ??= import("re2js").then(
    (module) => {
      engine = module.RE2JS;
      return true;
    },
    () => {
      loading = undefined;
      return false;
    },
  );
  return loading;
}
