/**
 * The client-sandbox project's setup file (vitest.config.ts): vitest runs it before every test file, also when the
 * project's files share one module registry (isolate: false), where a hook registered by a support module would
 * belong to the first file that imported it only. So the hooks every file needs are registered here.
 */
import { afterAll } from "vitest";
import { killReverseProxies } from "./reverse-proxy-process.js";
import { killSandboxProcesses } from "./sandbox-process.js";

// A test that fails half-way must not leave a process running once its file is done.
afterAll(killSandboxProcesses);
afterAll(killReverseProxies);
