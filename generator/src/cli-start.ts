/**
 * What the generator's command line sets up before anything heavy loads (the first import of cli.ts): the command
 * line only, as both are the process's, and a program that imports the pipeline keeps its own settings.
 *
 * V8 is asked to optimise later. A generation runs most functions for a moment, once; with V8's default budget its
 * background threads spent more CPU compiling optimised code than that code saved (`make generate` on 2 cores: 1 s
 * of 2.5 s of CPU, and 1.9 s on Stripe's spec), CPU the main thread and the library thread wait for on a busy
 * machine. With the budget raised they spend a fifth of it, and the two threads take no longer. Node 20's V8 counts
 * the budget in bytecode run (`--interrupt-budget`, default 66 KB), Node 22's and later in calls
 * (`--invocation-count-for-turbofan`, default 3,000); an unknown flag would be an error message.
 *
 * Node's compile cache (22.1 and later; Node 20 has none) keeps V8's compiled code of the modules between runs, as
 * TypeScript's own `tsc` does: a sixth of the CPU of a run went to compiling TypeScript's 9 MB (twice: ts-morph's
 * copy and openapi-typescript's), Redocly and ajv again.
 */
import nodeModule from "node:module";
import { setFlagsFromString } from "node:v8";

const v8Major = Number(process.versions.v8.split(".")[0]);
setFlagsFromString(v8Major < 12 ? "--interrupt-budget=1000000" : "--invocation-count-for-turbofan=30000");
// Not in Node 20 (nor its types): a default import, so that Node 20 does not refuse a missing named export.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
