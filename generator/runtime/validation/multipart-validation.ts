/**
 * Checks a `multipart(...)` body before it is sent: the required parts are there, each value part is valid by its
 * own schema (the withdrawal's `Request` part as a `CreateAccountWithdrawal`), and each file part is a file — a
 * Blob or File, or `{ data, filename, contentType }` with a Blob, bytes or a string as data — of a content type
 * the spec allows. The spec's schema of the whole form cannot be used on the parts as given: it describes a file
 * as a binary string, the bytes on the wire, which a Blob in memory is not.
 */
import type { MultipartValidators } from "./compiled-validator.js";
import type { ValidationIssue } from "../errors/errors.js";
import { pointerSegment, validationIssues } from "./validation-issues.js";

/** RFC 9110 `type/subtype`, with optional parameters. */
const mediaTypePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:\s*;[^\r\n]*)?$/;

export function multipartIssues(validators: MultipartValidators, parts: object): ValidationIssue[] {
  const record = parts as Readonly<Record<string, unknown>>;
  const issues: ValidationIssue[] = [];
  for (const name of validators.required) {
    if (record[name] === undefined || record[name] === null) {
      issues.push(issue("", "required", `must have required part '${name}'`, { missingProperty: name }));
    }
  }
  for (const [name, value] of Object.entries(record)) {
    // The encoder leaves undefined and null parts out; a required one was reported above.
    if (value === undefined || value === null) continue;
    const path = pointerSegment(name);
    const validate = Object.hasOwn(validators.values, name) ? validators.values[name] : undefined;
    if (validate !== undefined) {
      issues.push(...validationIssues(validate, value, path));
      continue;
    }
    const file = Object.hasOwn(validators.files, name) ? validators.files[name] : undefined;
    // A part the spec does not describe is sent as given, as the schema of the form allows.
    if (file === undefined) continue;
    if (!file.multiple) {
      issues.push(...fileIssues(value, path, file.contentTypes));
    } else if (Array.isArray(value)) {
      value.forEach((item: unknown, index) =>
        issues.push(...fileIssues(item, `${path}${pointerSegment(index)}`, file.contentTypes)),
      );
    } else {
      issues.push(issue(path, "type", "must be array (of files)", { type: "array" }));
    }
  }
  return issues;
}

function fileIssues(value: unknown, path: string, contentTypes: readonly string[] | undefined): ValidationIssue[] {
  if (isBlob(value)) return contentTypeIssues(value.type || "application/octet-stream", path, contentTypes);
  if (typeof value !== "object" || value === null || Array.isArray(value) || !("data" in value)) {
    return [
      issue(path, "type", "must be a file: a Blob or File, or { data, filename, contentType }", { type: "file" }),
    ];
  }
  const { data, filename, contentType } = value as { data: unknown; filename?: unknown; contentType?: unknown };
  const issues: ValidationIssue[] = [];
  if (filename === undefined) {
    issues.push(issue(path, "required", "must have required property 'filename'", { missingProperty: "filename" }));
  } else if (typeof filename !== "string" || filename.trim() === "") {
    issues.push(issue(`${path}/filename`, "type", "must be a non-empty string", { type: "string" }));
  }
  const isData = isBlob(data) || data instanceof ArrayBuffer || ArrayBuffer.isView(data) || typeof data === "string";
  if (!isData)
    issues.push(
      issue(`${path}/data`, "type", "must be a Blob, an ArrayBuffer, a Uint8Array or a string", { type: "binary" }),
    );
  if (contentType !== undefined && (typeof contentType !== "string" || !mediaTypePattern.test(contentType))) {
    issues.push(
      issue(`${path}/contentType`, "format", 'must match format "media-type" (type/subtype)', { format: "media-type" }),
    );
  } else {
    const effective =
      (contentType as string | undefined) || (isBlob(data) ? data.type : "") || "application/octet-stream";
    issues.push(...contentTypeIssues(effective, `${path}/contentType`, contentTypes));
  }
  return issues;
}

/** Against the spec's `encoding.<part>.contentType` list (`application/pdf, image/*`); without one, any type goes. */
function contentTypeIssues(
  contentType: string,
  path: string,
  allowed: readonly string[] | undefined,
): ValidationIssue[] {
  if (allowed === undefined) return [];
  const essence = contentType.split(";")[0]!.trim().toLowerCase();
  const matches = allowed.some((pattern) => {
    const wanted = pattern.toLowerCase();
    return wanted === essence || wanted === "*/*" || (wanted.endsWith("/*") && essence.startsWith(wanted.slice(0, -1)));
  });
  if (matches) return [];
  return [
    issue(path, "contentMediaType", `must be one of the content types ${allowed.join(", ")}`, {
      allowedValues: allowed,
    }),
  ];
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== "undefined" && value instanceof Blob;
}

function issue(
  path: string,
  keyword: string,
  message: string,
  params: { readonly [key: string]: unknown },
): ValidationIssue {
  return { path, message, keyword, params };
}
