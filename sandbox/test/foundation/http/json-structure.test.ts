import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createJsonStructureScanner } from "../../../src/foundation/http/json-structure.js";

/** Nesting of arrays and objects: a top-level container is 1, a scalar 0. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (typeof value === "object" && value !== null) return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

/** Object members plus array elements, over the whole value. */
function membersOf(value: unknown): number {
  if (Array.isArray(value)) return value.length + value.reduce((sum: number, item) => sum + membersOf(item), 0);
  if (typeof value === "object" && value !== null)
    return Object.keys(value).length + Object.values(value).reduce((sum: number, item) => sum + membersOf(item), 0);
  return 0;
}

/** `bytes` cut at the given points, in order. */
function chunks(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    pieces.push(bytes.subarray(start, point));
    start = point;
  }
  return pieces;
}

function scan(pieces: readonly Uint8Array[], maxDepth: number, maxMembers: number) {
  const scanner = createJsonStructureScanner({ maxDepth, maxMembers });
  let problem;
  for (const piece of pieces) problem = scanner.push(piece) ?? problem;
  return problem;
}

// Strings full of what the scanner must not count: brackets, colons, commas, quotes and backslashes (escaped).
const trickyString = fc.string({ unit: fc.constantFrom("[", "]", "{", "}", ":", ",", '"', "\\", "a", "é", " ") });
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.oneof(trickyString, fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(trickyString, tie("value"), { maxKeys: 5 }),
  ),
})).value;

describe("the JSON structure scanner", () => {
  it("finds the depth and member count JSON.parse would, however the body is cut into chunks", () => {
    fc.assert(
      fc.property(json, fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (value, cuts, pretty) => {
        const bytes = Buffer.from(JSON.stringify(value, null, pretty ? 2 : undefined));
        const pieces = chunks(bytes, cuts);
        const depth = depthOf(value);
        const members = membersOf(value);
        expect(scan(pieces, depth, 1e9)).toBeUndefined();
        if (depth > 0) expect(scan(pieces, depth - 1, 1e9)).toBe("depth");
        expect(scan(pieces, 1e9, members)).toBeUndefined();
        if (members > 0) expect(scan(pieces, 1e9, members - 1)).toBe("members");
      }),
      { numRuns: 500 },
    );
  });

  it("refuses a 5M-deep array within its first bytes, without reading the rest", () => {
    const scanner = createJsonStructureScanner({ maxDepth: 64, maxMembers: 10_000 });
    expect(scanner.push(Buffer.from("[".repeat(65)))).toBe("depth");
    // Broken once, broken for good: the rest of the body is not scanned.
    expect(scanner.push(Buffer.from("]".repeat(65)))).toBe("depth");
  });

  it("counts array elements and object members, not the commas of strings", () => {
    const scanner = createJsonStructureScanner({ maxDepth: 8, maxMembers: 4 });
    expect(scanner.push(Buffer.from('{"a,b:c":[1,2],"d":"x,y:z"}'))).toBeUndefined();
    expect(createJsonStructureScanner({ maxDepth: 8, maxMembers: 3 }).push(Buffer.from('{"a":[1,2],"d":"x"}'))).toBe(
      "members",
    );
  });
});
