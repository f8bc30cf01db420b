/**
 * Timing: validations per second of every contender of a group over the same inputs, measured in rounds.
 * Each round times every contender back to back (the order rotates from round to round), so drift on a
 * shared, noisy machine hits all contenders alike; the report uses the median over rounds and compares
 * contenders round by round.
 */
import { Bench } from "tinybench";
import type { Check, Contender } from "./contenders.js";

export interface MeasureOptions {
  readonly rounds: number;
  /** Time per contender per round (ms). */
  readonly timeMs: number;
  /** Warm-up per contender before the first round (ms). */
  readonly warmupMs: number;
}

export interface Measurement {
  readonly name: string;
  /** Validations per second in each round, by round index (the same index for every contender). */
  readonly perRound: readonly number[];
  readonly median: number;
}

/** Every timed call adds its count of acceptances here, so the JIT cannot treat the work as dead. */
let sink = 0;

type Loop = (check: Check, inputs: readonly string[]) => number;

/**
 * One pass over all inputs, counting acceptances. `new Function` gives each contender a loop of its own,
 * with its own call-site feedback: a shared loop would see every contender's `check` and turn megamorphic,
 * taxing the cheapest contenders (a single regex test) far more than the others.
 */
function compileLoop(): Loop {
  return new Function(
    "check",
    "inputs",
    `"use strict";
     let accepted = 0;
     for (let i = 0; i < inputs.length; i++) if (check(inputs[i])) accepted++;
     return accepted;`,
  ) as Loop;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function measureGroup(
  inputs: readonly string[],
  contenders: readonly Contender[],
  options: MeasureOptions,
  onRound: (round: number) => void = () => {},
): Promise<Measurement[]> {
  const tasks = contenders.map((contender) => {
    const loop = compileLoop();
    const { check } = contender;
    return { name: contender.name, run: () => void (sink = (sink + loop(check, inputs)) | 0) };
  });

  const warmup = new Bench({
    time: 0,
    iterations: 1,
    warmupTime: options.warmupMs,
    warmupIterations: 10,
    throws: true,
  });
  for (const task of tasks) warmup.add(task.name, task.run);
  await warmup.warmup();

  const perRound = new Map<string, number[]>(tasks.map((task) => [task.name, []]));
  for (let round = 0; round < options.rounds; round++) {
    onRound(round);
    const bench = new Bench({ time: options.timeMs, iterations: 10, warmupTime: 0, warmupIterations: 0, throws: true });
    for (let i = 0; i < tasks.length; i++) {
      const task = tasks[(i + round) % tasks.length]!;
      bench.add(task.name, task.run);
    }
    await bench.run();
    for (const task of bench.tasks) {
      const hz = task.result?.hz;
      if (hz === undefined || !Number.isFinite(hz))
        throw new Error(`no result for ${task.name}`, { cause: task.result?.error });
      perRound.get(task.name)!.push(hz * inputs.length);
    }
  }

  return tasks.map((task) => {
    const rates = perRound.get(task.name)!;
    return { name: task.name, perRound: rates, median: median(rates) };
  });
}
