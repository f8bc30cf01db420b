/**
 * Reads the endpoint tables of the API reference, so the coverage tests compare the spec with the
 * reference itself rather than with a hand-copied list that could drift from it.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const referencePath = fileURLToPath(
  new URL("../../../../shared/reference/account-funds-api.md", import.meta.url),
);

export interface ReferenceEndpoint {
  readonly method: "get" | "post";
  /** Path as the spec spells it: `/api` + the reference's `/v1/...`, or the token path. */
  readonly path: string;
  /** Status codes the reference lists for the endpoint. */
  readonly statuses: readonly string[];
  /** The table the row comes from. */
  readonly table: "query" | "command" | "auth";
}

/** The rows of the Markdown table that follows `heading`, as arrays of trimmed cells (header and rule skipped). */
export function tableAfter(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(heading);
  if (start < 0) throw new Error(`heading not found in the reference: ${heading}`);
  const lines = markdown.slice(start).split("\n");
  const first = lines.findIndex((line) => line.startsWith("|"));
  const rows: string[][] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2);
}

const statusPattern = /\b[2-5]\d\d\b/g;
// The spec writes the reference's paths with `/api` prefixed and their spaces percent-encoded (a URL holds no space).
const toSpecPath = (referencePath: string): string =>
  `/api${referencePath.replaceAll("`", "").trim().replaceAll(" ", "%20")}`;

/** `/v1/A ; /v1/A({id})` and `/v1/B/{x}/Cancel, /Enable, /Suspend` both list several paths in one cell. */
function expandPaths(cell: string): string[] {
  return cell.split(";").flatMap((part) => {
    const [head, ...siblings] = part.split(",").map((piece) => piece.trim());
    if (head === undefined) return [];
    const parent = head.slice(0, head.lastIndexOf("/"));
    return [head, ...siblings.map((sibling) => parent + sibling)];
  });
}

export function readReferenceEndpoints(markdown = readFileSync(referencePath, "utf8")): ReferenceEndpoint[] {
  const endpoints: ReferenceEndpoint[] = [];
  for (const [pathCell = "", returns = ""] of tableAfter(markdown, "### OData query endpoints")) {
    const statuses = returns.match(statusPattern) ?? ["200"];
    for (const path of expandPaths(pathCell))
      endpoints.push({ method: "get", path: toSpecPath(path), statuses, table: "query" });
  }
  for (const [pathCell = "", , responses = ""] of tableAfter(markdown, "### Command endpoints")) {
    const isGet = pathCell.startsWith("GET ");
    const statuses = responses.match(statusPattern) ?? [];
    for (const path of expandPaths(pathCell.replace(/^GET /, ""))) {
      endpoints.push({ method: isGet ? "get" : "post", path: toSpecPath(path), statuses, table: "command" });
    }
  }
  for (const [, pathCell = ""] of tableAfter(markdown, "| Endpoint | Path | Form fields |")) {
    endpoints.push({ method: "post", path: pathCell.trim(), statuses: ["200", "400"], table: "auth" });
  }
  return endpoints;
}
