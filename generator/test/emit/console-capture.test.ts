/**
 * emitFiles collects what an emitter prints (openapi-typescript's and ajv's warnings) as that emitter's warnings. Two
 * pipelines in one process at once (two fixtures generated side by side, a tool generating several specs) each keep
 * their own warnings, whichever ends first, and the console is the process's own again once both have ended.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
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
  it("stay with their own run when two runs overlap, the one that started first ending last", async () => {
    const { warn, error, log } = console;
    const input = await emitInput(await fixtureModel("odata.yaml"));
    // `long` starts first and warns again after `short` has ended: that warning is still `long`'s.
    const long = emitFiles(input, [warning("long", 0, 40)]);
    const short = emitFiles(input, [warning("short", 0, 0)]);
    const [longRun, shortRun] = await Promise.all([long, short]);
    expect(longRun.warnings.map(({ message }) => message)).toEqual(["long: first", "long: second"]);
    expect(shortRun.warnings.map(({ message }) => message)).toEqual(["short: first", "short: second"]);
    expect([console.warn, console.error, console.log]).toEqual([warn, error, log]);
  });

  it("stay with their own run when the run that started last ends last", async () => {
    const { warn, error, log } = console;
    const input = await emitInput(await fixtureModel("odata.yaml"));
    const short = emitFiles(input, [warning("short", 0, 0)]);
    const long = emitFiles(input, [warning("long", 0, 40)]);
    const [shortRun, longRun] = await Promise.all([short, long]);
    expect(longRun.warnings.map(({ message }) => message)).toEqual(["long: first", "long: second"]);
    expect(shortRun.warnings.map(({ message }) => message)).toEqual(["short: first", "short: second"]);
    expect([console.warn, console.error, console.log]).toEqual([warn, error, log]);
  });
});
