/** The README's in-process test file is `examples/in-process.test.ts` (which the sandbox project runs), verbatim. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string): string => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");

describe("the README's in-process example", () => {
  it("is examples/in-process.test.ts, character for character", () => {
    const readme = read("README.md");
    const marker = "<!-- examples/in-process.test.ts -->\n```ts\n";
    const start = readme.indexOf(marker);
    expect(start, "the README marks the example").toBeGreaterThan(-1);
    const code = readme.slice(start + marker.length, readme.indexOf("\n```\n", start + marker.length) + 1);
    expect(code).toBe(read("examples/in-process.test.ts"));
  });
});
