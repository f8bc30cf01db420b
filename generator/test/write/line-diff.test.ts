import { describe, expect, it } from "vitest";
import { diffLines, unifiedDiff } from "../../src/write/line-diff.js";

describe("line diff", () => {
  it("finds a shortest edit script", () => {
    const lcs = (a: string[], b: string[]): number => {
      const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++) {
          const row = table[i] ?? [];
          row[j] =
            a[i - 1] === b[j - 1]
              ? (table[i - 1]?.[j - 1] ?? 0) + 1
              : Math.max(table[i - 1]?.[j] ?? 0, row[j - 1] ?? 0);
        }
      return table[a.length]?.[b.length] ?? 0;
    };
    let seed = 7;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 500; round++) {
      const lines = (): string[] =>
        Array.from({ length: Math.floor(random() * 14) }, () => "abcd".charAt(Math.floor(random() * 4)));
      const [a, b] = [lines(), lines()];
      const edits = diffLines(a, b);
      expect(edits.filter((edit) => edit.kind !== "insert").map((edit) => edit.line)).toEqual(a);
      expect(edits.filter((edit) => edit.kind !== "delete").map((edit) => edit.line)).toEqual(b);
      expect(edits.filter((edit) => edit.kind !== "equal")).toHaveLength(a.length + b.length - 2 * lcs(a, b));
    }
  });

  it("prints unified hunks with three lines of context", () => {
    const before = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n";
    const after = "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n";
    expect(unifiedDiff("src/x.ts", before, after)).toBe(
      [
        "--- a/src/x.ts",
        "+++ b/src/x.ts",
        "@@ -1,5 +1,5 @@",
        " a",
        "-b",
        "+B",
        " c",
        " d",
        " e",
        "@@ -9,3 +9,4 @@",
        " i",
        " j",
        " k",
        "+l",
        "",
      ].join("\n"),
    );
  });

  it("diffs against nothing for added and deleted files, and says nothing for equal ones", () => {
    expect(unifiedDiff("new.ts", undefined, "x\n")).toBe("--- /dev/null\n+++ b/new.ts\n@@ -0,0 +1,1 @@\n+x\n");
    expect(unifiedDiff("old.ts", "x\ny\n", undefined)).toBe("--- a/old.ts\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n");
    expect(unifiedDiff("same.ts", "x\n", "x\n")).toBe("");
  });

  it("falls back to one replacement when the texts differ too much to search", () => {
    const before = Array.from({ length: 3000 }, (_, index) => `line ${index}`);
    const after = before.map((line) => `${line}!`);
    const edits = diffLines(before, after, 100);
    expect(edits.filter((edit) => edit.kind === "delete")).toHaveLength(3000);
    expect(edits.filter((edit) => edit.kind === "insert")).toHaveLength(3000);
  });
});
