/**
 * The links of a Markdown file as a reader follows them: inline links and images (`[text](target)`,
 * `![alt](target)`), reference definitions (`[name]: target`), and HTML `href`/`src` attributes, outside code
 * (fenced blocks and inline code are not links). And the anchors its headings get on GitHub and npm, so that a
 * `#fragment` can be checked too.
 */

export interface MarkdownLink {
  /** 1-based line. */
  readonly line: number;
  readonly target: string;
}

/** The text's lines with code blocks blanked; inline code blanked too, or (`inline: "keep"`) kept as its text. */
function withoutCode(markdown: string, inline: "blank" | "keep" = "blank"): string[] {
  let fence: string | undefined;
  return markdown.split("\n").map((line) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence !== undefined) {
      if (opening !== null && opening[1]?.startsWith(fence)) fence = undefined;
      return "";
    }
    if (opening !== null) {
      fence = opening[1];
      return "";
    }
    return line.replace(/(`+)([\s\S]*?)\1/g, (_match, _ticks, code: string) => (inline === "keep" ? code : ""));
  });
}

export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const [index, line] of withoutCode(markdown).entries()) {
    const add = (target: string | undefined) => {
      if (target !== undefined && target !== "") links.push({ line: index + 1, target });
    };
    for (const found of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) add(found[1]);
    for (const found of line.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)) add(found[1]);
    for (const found of line.matchAll(/\b(?:href|src)\s*=\s*"([^"]*)"/g)) add(found[1]);
  }
  return links;
}

/** GitHub's heading anchors (npm's are the same): lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCode(markdown, "keep")) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading === null) continue;
    const text = (heading[1] ?? "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\- _]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
