/**
 * The README's examples are files run as they are, verbatim: the in-process test file `examples/in-process.test.ts`
 * (which the sandbox project runs) and the start-up script `examples/start-and-wait.sh` (run by
 * test/sandbox/start-up.test.ts).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string): string => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");

describe.each([
  ["examples/in-process.test.ts", "ts"],
  ["examples/start-and-wait.sh", "sh"],
])("the README's example %s", (file, language) => {
  it("is the file, character for character", () => {
    const readme = read("README.md");
    const marker = `<!-- ${file} -->\n\`\`\`${language}\n`;
    const start = readme.indexOf(marker);
    expect(start, "the README marks the example").toBeGreaterThan(-1);
    const code = readme.slice(start + marker.length, readme.indexOf("\n```\n", start + marker.length) + 1);
    expect(code).toBe(read(file));
  });
});
