/**
 * A small unified line diff (Myers' O(ND) algorithm) for `check`: readable hunks with three lines of context.
 * When two versions differ in more than `maxEdits` lines, the differing middle is shown as one replacement
 * rather than searched for the shortest edit script.
 */

type Edit = { readonly kind: "equal" | "delete" | "insert"; readonly line: string };

export function diffLines(before: readonly string[], after: readonly string[], maxEdits = 2000): Edit[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  const equal = (lines: readonly string[]): Edit[] => lines.map((line) => ({ kind: "equal", line }));
  const middle = myers(before.slice(start, endBefore), after.slice(start, endAfter), maxEdits) ?? [
    ...before.slice(start, endBefore).map((line): Edit => ({ kind: "delete", line })),
    ...after.slice(start, endAfter).map((line): Edit => ({ kind: "insert", line })),
  ];
  return [...equal(before.slice(0, start)), ...middle, ...equal(before.slice(endBefore))];
}

/** The shortest edit script from a to b, or undefined when it has more than maxEdits edits. */
function myers(a: readonly string[], b: readonly string[], maxEdits: number): Edit[] | undefined {
  const n = a.length;
  const m = b.length;
  const limit = Math.min(n + m, maxEdits);
  // v[offset + k] = furthest x reached on diagonal k. trace[d] is v for k in [-d-1, d+1] before step d.
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  v[offset + 1] = 0;
  const trace: Int32Array[] = [];
  const at = (values: Int32Array, d: number, k: number): number => values[k + d + 1] ?? 0;
  let found = -1;
  for (let d = 0; d <= limit && found < 0; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return undefined;

  const edits: Edit[] = [];
  let x = n;
  let y = m;
  for (let d = found; d >= 0; d--) {
    const previous = trace[d] ?? new Int32Array(0);
    const k = x - y;
    const down = k === -d || (k !== d && at(previous, d, k - 1) < at(previous, d, k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = d === 0 ? 0 : at(previous, d, previousK);
    const previousY = d === 0 ? 0 : previousX - previousK;
    while (x > previousX && y > previousY) {
      edits.push({ kind: "equal", line: a[x - 1] ?? "" });
      x--;
      y--;
    }
    if (d > 0) {
      if (down) edits.push({ kind: "insert", line: b[previousY] ?? "" });
      else edits.push({ kind: "delete", line: a[previousX] ?? "" });
    }
    x = previousX;
    y = previousY;
  }
  return edits.reverse();
}

/** `--- a/<path>` / `+++ b/<path>` and `@@ -l,s +l,s @@` hunks; empty when the texts are equal. */
export function unifiedDiff(path: string, before: string | undefined, after: string | undefined, context = 3): string {
  if (before === after) return "";
  const edits = diffLines(splitLines(before), splitLines(after));
  const changed = edits.map((edit, index) => (edit.kind === "equal" ? -1 : index)).filter((index) => index >= 0);
  if (changed.length === 0) return "";

  const lines = [
    `--- ${before === undefined ? "/dev/null" : `a/${path}`}`,
    `+++ ${after === undefined ? "/dev/null" : `b/${path}`}`,
  ];
  // Line numbers (1-based) of each edit in the old and new text.
  const oldLine: number[] = [];
  const newLine: number[] = [];
  let o = 1;
  let nw = 1;
  for (const edit of edits) {
    oldLine.push(o);
    newLine.push(nw);
    if (edit.kind !== "insert") o++;
    if (edit.kind !== "delete") nw++;
  }
  let index = 0;
  while (index < changed.length) {
    const first = changed[index] ?? 0;
    let last = first;
    while (index + 1 < changed.length && (changed[index + 1] ?? 0) - last <= 2 * context + 1)
      last = changed[++index] ?? last;
    index++;
    const from = Math.max(0, first - context);
    const to = Math.min(edits.length - 1, last + context);
    const hunk = edits.slice(from, to + 1);
    const oldCount = hunk.filter((edit) => edit.kind !== "insert").length;
    const newCount = hunk.filter((edit) => edit.kind !== "delete").length;
    const oldStart = oldCount === 0 ? (oldLine[from] ?? 1) - 1 : (oldLine[from] ?? 1);
    const newStart = newCount === 0 ? (newLine[from] ?? 1) - 1 : (newLine[from] ?? 1);
    lines.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`);
    for (const edit of hunk)
      lines.push(`${edit.kind === "equal" ? " " : edit.kind === "delete" ? "-" : "+"}${edit.line}`);
  }
  return lines.join("\n") + "\n";
}

function splitLines(text: string | undefined): string[] {
  if (text === undefined || text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
