/**
 * Arbitraries built once and reused: building one parses patterns and walks schemas, which costs more than
 * drawing values from it, and every run of a property asks for the same ones.
 */

/** `build` memoised by `key` (e.g. an operation id and the seeds it draws from). */
export function cached<A extends unknown[], T>(
  build: (...args: A) => T,
  key: (...args: A) => string,
): (...args: A) => T {
  const built = new Map<string, T>();
  return (...args: A): T => {
    const name = key(...args);
    let value = built.get(name);
    if (value === undefined) {
      value = build(...args);
      built.set(name, value);
    }
    return value;
  };
}

/** Seeds are loaded once per test file; a number per seeds object keeps cache keys apart if there were two. */
const seedsIds = new WeakMap<object, number>();
let nextSeedsId = 0;
export const seedsKey = (seeds: object): string => {
  if (!seedsIds.has(seeds)) seedsIds.set(seeds, nextSeedsId++);
  return String(seedsIds.get(seeds));
};
