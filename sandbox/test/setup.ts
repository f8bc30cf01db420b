/**
 * The sandbox project's setup file (vitest.config.ts): vitest runs it before every test file, also when the
 * project's files share one module registry (isolate: false). The hooks every file needs are registered here.
 */
import { afterEach } from "vitest";
import { runCleanups } from "./cleanups.js";

afterEach(runCleanups);
