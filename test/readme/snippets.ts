/**
 * The TypeScript code blocks of a Markdown file (```ts, ```typescript, ```mts), with where each one starts, so a
 * test can compile every example a README shows. A block preceded by the comment `<!-- snippet: skip -->` is not
 * code to compile (a fragment, or another language in a ts fence) and is left out.
 */

export interface Snippet {
  /** The Markdown file, as given. */
  readonly source: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly code: string;
}

const TYPESCRIPT = new Set(["ts", "typescript", "mts"]);
const SKIP = /^<!--\s*snippet:\s*skip\s*-->$/;

export function extractSnippets(markdown: string, source: string): Snippet[] {
  const lines = markdown.split("\n");
  const snippets: Snippet[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[index] ?? "");
    if (open === null) continue;
    const [, indent = "", fence = "```", language = ""] = open;
    const start = index;
    const body: string[] = [];
    for (index++; index < lines.length && !(lines[index] ?? "").trimStart().startsWith(fence); index++) {
      body.push((lines[index] ?? "").slice(indent.length));
    }
    const previous =
      lines
        .slice(0, start)
        .reverse()
        .find((line) => line.trim() !== "")
        ?.trim() ?? "";
    if (TYPESCRIPT.has(language.toLowerCase()) && !SKIP.test(previous)) {
      snippets.push({ source, line: start + 1, code: body.join("\n") });
    }
  }
  return snippets;
}
