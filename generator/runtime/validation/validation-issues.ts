/**
 * ajv's error objects as the client reports them (`ValidationIssue`): the pointer, ajv's message, and the keyword
 * and its params kept as they are, so a caller can tell a missing field from a wrong format without parsing text.
 */
import type { CompiledValidator, ValidationErrorObject } from "./compiled-validator.js";
import type { ValidationIssue } from "../errors/errors.js";

/** `prefix` is the pointer of the validated value inside what the caller gave (`/Request` for a multipart part). */
export function issuesOf(errors: readonly ValidationErrorObject[] | null | undefined, prefix = ""): ValidationIssue[] {
  return (errors ?? []).map((error) => ({
    path: `${prefix}${error.instancePath}`,
    message: error.message ?? error.keyword,
    keyword: error.keyword,
    params: error.params,
  }));
}

/** What `validate` finds wrong with `data`: nothing when it is valid, at least one issue when it is not. */
export function validationIssues(validate: CompiledValidator, data: unknown, prefix = ""): ValidationIssue[] {
  if (validate(data)) return [];
  const issues = issuesOf(validate.errors, prefix);
  // A failed check without errors must still fail: callers throw on the first issue.
  return issues.length > 0
    ? issues
    : [{ path: prefix, message: "does not match the schema", keyword: "schema", params: {} }];
}

/** RFC 6901: a part or property name as one pointer segment. */
export function pointerSegment(name: string | number): string {
  return `/${String(name).replaceAll("~", "~0").replaceAll("/", "~1")}`;
}
