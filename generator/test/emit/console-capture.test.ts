/**
 * emitFiles collects what an emitter prints (openapi-typescript's and ajv's warnings) as that emitter's warnings. Two
 * pipelines in one process at once (two fixtures generated side by side, a tool generating several specs) each keep
 * their own warnings, whichever ends first, and the console is the process's own again once both have ended.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describe, it } from "vitest";
import type { Emitter } from "../../src/emit/emitter.js";
import { emitFiles } from "../../src/pipeline.js";
import { emitInput, fixtureModel } from "../support/fixtures.js";

/** An emitter that waits `before` ms, warns, waits `after` ms, warns again, and emits nothing. */
const warning = (name: string, before: number, after: number): Emitter => ({
  name,
  async emit() {
    await sleep(before);
    console.warn(`${name}: first`);
    await sleep(after);
    console.warn(`${name}: second`);
    return [];
  },
});

describe("emitFiles' warnings", () => {
  // `long` warns again after `short` has ended: that warning is still `long`'s, whichever of the two started first.
  it.for([
    ["long", "short"],
    ["short", "long"],
  ] as const)("stay with their own run when two runs overlap, %s started first", async (order, { expect }) => {
    const { warn, error, log } = console;
    const input = await emitInput(await fixtureModel("odata.yaml"));
    const emitters = { long: warning("long", 0, 40), short: warning("short", 0, 0) };
    const runs = order.map((name) => emitFiles(input, [emitters[name]]));
    const results = Object.fromEntries(
      (await Promise.all(runs)).map((run, index) => [order[index], run.warnings.map(({ message }) => message)]),
    );
    expect(results).toEqual({ long: ["long: first", "long: second"], short: ["short: first", "short: second"] });
    expect([console.warn, console.error, console.log]).toEqual([warn, error, log]);
  });
});
