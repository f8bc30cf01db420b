/**
 * The generator's command line asks V8 to optimise later. A generation runs most functions for a moment, once;
 * with V8's default budget its background threads spent more CPU compiling optimised code than that code saved
 * (`make generate` on 2 cores: 1 s of 2.5 s of CPU, and 1.9 s on Stripe's spec), CPU the main thread and the
 * library thread wait for on a busy machine. With the budget raised they spend a fifth of it, and the two threads
 * take no longer. The command line only (the first import of cli.ts, before anything heavy loads): V8's flags are
 * the process's, and a program that imports the pipeline keeps its own. Node 20's V8 counts the budget in bytecode
 * run (`--interrupt-budget`, default 66 KB), Node 22's and later in calls (`--invocation-count-for-turbofan`,
 * default 3,000); an unknown flag would be an error message.
 */
import { setFlagsFromString } from "node:v8";

const v8Major = Number(process.versions.v8.split(".")[0]);
setFlagsFromString(v8Major < 12 ? "--interrupt-budget=1000000" : "--invocation-count-for-turbofan=30000");
