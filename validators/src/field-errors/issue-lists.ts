/**
 * Lists of issues, of three kinds that differ in how they write the path:
 *
 * - the validators' `Issue` (`path` an array of names and indices, a `code`);
 * - Standard Schema v1 issues (`path` of property keys or `{ key }` segments, no code), as form libraries pass them;
 * - the client's `ValidationIssue` (`RequestValidationError.issues`): `path` a JSON pointer and ajv's `keyword`
 *   and `params`. A missing property is reported by ajv at its parent, with `params.missingProperty`: it is moved
 *   onto the missing field, where the form shows it.
 */
import type { PathSegment } from "../core/issue.js";
import { isReadable, located, text, type LocatedMessage, type Readable } from "./located-message.js";
import { pathOfTarget } from "./target-path.js";

/** ajv keywords whose `params.missingProperty` names the field in error. */
const MISSING_PROPERTY_KEYWORDS = new Set(["required", "dependentRequired", "dependencies"]);

function segmentOf(part: unknown): PathSegment | undefined {
  if (typeof part === "string" || typeof part === "number") return part;
  if (typeof part === "symbol") return part.description ?? "";
  if (isReadable(part)) return segmentOf(part["key"]);
  return undefined;
}

function arrayPath(parts: readonly unknown[]): PathSegment[] {
  const path: PathSegment[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = segmentOf(parts[i]);
    if (part !== undefined) path.push(part);
  }
  return path;
}

function missingProperty(issue: Readable, keyword: string | undefined): string | undefined {
  if (keyword === undefined || !MISSING_PROPERTY_KEYWORDS.has(keyword)) return undefined;
  const params = issue["params"];
  return isReadable(params) ? text(params, "missingProperty") : undefined;
}

/** One issue of any of the three kinds; `undefined` for something that is not an issue. */
export function fromIssue(issue: unknown): LocatedMessage | undefined {
  if (!isReadable(issue)) return undefined;
  const keyword = text(issue, "keyword");
  const code = text(issue, "code") ?? keyword;
  const message = text(issue, "message") ?? code;
  if (message === undefined) return undefined;
  const rawPath = issue["path"];
  let path: PathSegment[] = [];
  if (Array.isArray(rawPath)) path = arrayPath(rawPath);
  else if (typeof rawPath === "string") path = pathOfTarget(rawPath);
  const missing = missingProperty(issue, keyword);
  if (missing !== undefined) path.push(missing);
  return located(path, message, code);
}

export function fromIssues(issues: readonly unknown[]): LocatedMessage[] {
  const found: LocatedMessage[] = [];
  for (let i = 0; i < issues.length; i++) {
    const item = fromIssue(issues[i]);
    if (item !== undefined) found.push(item);
  }
  return found;
}
