/**
 * The Markdown the generated README.md and REFERENCE.md are written in: tables whose cells stay on one line, inline
 * code that survives backticks and pipes, fenced code blocks, and paragraphs from the spec's own (CommonMark)
 * descriptions without trailing whitespace. Every helper returns lines, so a change in the spec changes as few lines
 * of the output as it can.
 */

/** A GitHub table: one row per line; `|` escaped and line breaks folded so a cell never breaks its row. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${headers.join(" | ")} |`,
    `|${headers.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`),
  ];
}

export function cell(text: string): string {
  return oneLine(text).replaceAll("|", "\\|");
}

/** Text folded onto one line (a list item's, or a table cell's before escaping). */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

/** Inline code: `text`, or ``text`` with spaces when the text holds a backtick. */
export function code(text: string): string {
  if (!text.includes("`")) return `\`${text}\``;
  const longest = Math.max(...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence} ${text} ${fence}`;
}

/** A fenced code block (`ts` by default) and the blank line after it. */
export function codeBlock(lines: readonly string[], language = "ts"): string[] {
  return [`\`\`\`${language}`, ...lines, "```", ""];
}

/** A description from the spec as Markdown lines: trimmed, no trailing whitespace, at most one blank line in a row. */
export function paragraph(text: string): string[] {
  const trimmed = text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return trimmed === "" ? [] : [...trimmed.split("\n"), ""];
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s/g, "-");
}

/** `1 operation`, `3 operations`. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
