/**
 * One field path for every error a form meets, so that one function puts each message beside its field:
 *
 * - the validators' results and issues (`{ ok: false, issues }`, `path: ["PaymentRouting", "SortCode"]`), and
 *   Standard Schema issues as form libraries pass them;
 * - the client's `RequestValidationError` (`issues`, JSON pointers) and its `ApiStatusError`s (`body`: the API's
 *   answer), or the API's error body itself: an OData error (`target` a JSON pointer, an OData path or a bare name,
 *   `details`) or ASP.NET problem details (`errors` keyed by field);
 * - anything else with a `message` (a `ConnectionError`, any `Error`), or a text body: a message for the whole
 *   request.
 *
 * Structural: nothing here imports the client, so a form uses it without the client, and a server error relayed
 * by a backend (the body as JSON) reads the same as the client's error object.
 */
import { describeThrown } from "../core/define-validator.js";
import type { PathSegment } from "../core/issue.js";
import { fieldNameOf, type IndexStyle } from "./field-name.js";
import { fromIssues } from "./issue-lists.js";
import { isReadable, located, text, type LocatedMessage } from "./located-message.js";
import { fromODataError } from "./odata-error.js";
import { fromProblemDetails } from "./problem-details.js";

export interface FieldError {
  /** The form's name of the field: `PaymentRouting.SortCode`; `""` for the request as a whole. */
  readonly field: string;
  /** The same as segments: `["PaymentRouting", "SortCode"]`, `["AlternatePaymentRouting", 1, "Iban"]`; `[]`. */
  readonly path: readonly PathSegment[];
  readonly message: string;
  /** The source's machine code: an issue code, the OData error code, the client's JSON Schema keyword. */
  readonly code?: string;
}

export interface FieldErrorOptions {
  /** How `field` writes array indices: `dots` (`A.1.B`, react-hook-form; the default) or `brackets` (`A[1].B`). */
  readonly indices?: IndexStyle;
}

/** An error wrapped in an error wrapped in … (`body`, `cause`) is read this deep, no deeper (cycles end here). */
const MAX_DEPTH = 4;

function messagesOf(error: unknown, depth: number): LocatedMessage[] {
  if (typeof error === "string") return error.trim() === "" ? [] : [located([], error, undefined)];
  if (Array.isArray(error)) return fromIssues(error);
  if (!isReadable(error) || depth > MAX_DEPTH) return [];
  if (error["ok"] === true) return [];
  const issues = error["issues"];
  if (Array.isArray(issues)) return fromIssues(issues);
  const fromBody = fromODataError(error) ?? fromProblemDetails(error);
  if (fromBody !== undefined) return fromBody;
  if ("body" in error) {
    const found = messagesOf(error["body"], depth + 1);
    if (found.length > 0) return found;
  }
  const message = text(error, "message");
  return message === undefined || message === "" ? [] : [located([], message, text(error, "code"))];
}

/** Every message `error` holds, each at its field. Never throws: an unreadable error is one message for the request. */
export function fieldErrorsOf(error: unknown, options: FieldErrorOptions = {}): FieldError[] {
  try {
    const indices = options?.indices === "brackets" ? "brackets" : "dots";
    return messagesOf(error, 0).map(({ path, message, code }) => {
      const field = fieldNameOf(path, indices);
      return code === undefined ? { field, path, message } : { field, path, message, code };
    });
  } catch (thrown) {
    return [
      {
        field: "",
        path: [],
        message: `The error could not be read: ${describeThrown(thrown)}`,
        code: "internal_error",
      },
    ];
  }
}

/**
 * One message per field, `{ "PaymentRouting.SortCode": "…" }` (several messages of one field joined by a space;
 * `""` is the request as a whole): what `setError` of a form library takes.
 */
export function messagesByField(error: unknown, options: FieldErrorOptions = {}): Record<string, string> {
  const byField = new Map<string, string[]>();
  for (const { field, message } of fieldErrorsOf(error, options)) {
    const messages = byField.get(field);
    if (messages === undefined) byField.set(field, [message]);
    else if (!messages.includes(message)) messages.push(message);
  }
  return Object.fromEntries([...byField].map(([field, messages]) => [field, messages.join(" ")]));
}
