/**
 * The checks every fuzzed answer goes through, as lists of problems (empty: conforms), so a failing property
 * prints what was wrong next to fast-check's counterexample: no 5xx; a status the operation declares; the
 * declared media type; a body that matches the declared schema (by this suite's own ajv, not the sandbox's);
 * declared headers (Location on 201); and `WWW-Authenticate` on 401 (RFC 6750 §3).
 */
import type { OperationMetadata } from "@account-funds/client";
import type { FuzzResponse } from "./fuzz-http.js";
import { responseBodyProblem, schemaProblem } from "./fuzz-spec.js";

export interface ConformanceOptions {
  /**
   * The request carried a body in a media type the operation does not take: the pipeline answers 415 (RFC 9110
   * §15.5.16), which no operation declares; its body must still be the spec's ODataError.
   */
  readonly wrongContentType?: boolean;
}

const ODATA_ERROR = "#/components/schemas/ODataError";

function summary(response: FuzzResponse): string {
  return `${response.status} ${response.mediaType ?? "(no content type)"} ${response.text.slice(0, 400)}`;
}

export function conformanceProblems(operation: OperationMetadata, response: FuzzResponse, options: ConformanceOptions = {}): string[] {
  const problems: string[] = [];
  const status = String(response.status);
  if (response.status >= 500) problems.push(`server error: ${summary(response)}`);
  if (response.status === 415 && options.wrongContentType === true) {
    if (response.mediaType !== "application/json") problems.push(`415 is not application/json: ${summary(response)}`);
    const problem = schemaProblem(ODATA_ERROR, response.body);
    if (problem !== undefined) problems.push(`415 body is not an ODataError (${problem}): ${summary(response)}`);
    return problems;
  }
  const declared = operation.responses[status];
  if (declared === undefined) {
    problems.push(`${operation.operationId} does not declare ${status} (declares ${Object.keys(operation.responses).join(", ")}): ${summary(response)}`);
    return problems;
  }
  if (declared.mediaType === undefined) {
    if (response.text !== "") problems.push(`${status} declares no body but has one: ${summary(response)}`);
  } else if (response.mediaType !== declared.mediaType) {
    problems.push(`${status} is ${response.mediaType ?? "(no content type)"}, the spec declares ${declared.mediaType}: ${summary(response)}`);
  } else {
    const problem = responseBodyProblem(operation, status, declared.mediaType, response.body);
    if (problem !== undefined) problems.push(`${status} body does not match the spec (${problem}): ${summary(response)}`);
  }
  for (const header of declared.headers ?? []) {
    if (response.headers[header.toLowerCase()] === undefined) problems.push(`${status} lacks the declared ${header} header`);
  }
  if (response.status === 401 && !/^Bearer\b/i.test(response.headers["www-authenticate"] ?? "")) {
    problems.push(`401 without a Bearer WWW-Authenticate challenge: ${JSON.stringify(response.headers["www-authenticate"])}`);
  }
  return problems;
}

export interface ODataErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly target?: string;
    readonly details?: readonly { readonly code: string; readonly message: string; readonly target?: string }[];
  };
}

export function isODataError(body: unknown): body is ODataErrorBody {
  return schemaProblem(ODATA_ERROR, body) === undefined;
}

/** Every target the error names: its own and its details'. */
export function targetsOf(body: ODataErrorBody): string[] {
  return [body.error.target, ...(body.error.details ?? []).map((detail) => detail.target)].filter((target): target is string => target !== undefined);
}

/** A JSON Pointer of a body field, as the sandbox writes error targets (`/PaymentRouting/Iban`). */
export const pointerOf = (path: readonly (string | number)[]): string => `/${path.map(String).join("/")}`;

/**
 * Problems unless the answer is a 400 ODataError with a code, a message, and a target (its own or a detail's)
 * at `field` or inside it. `field` undefined: the whole body is wrong, no target is needed.
 */
export function badRequestProblems(response: FuzzResponse, field: readonly (string | number)[] | undefined): string[] {
  if (response.status !== 400) return [`expected 400, got ${summary(response)}`];
  if (!isODataError(response.body)) return [`400 body is not an ODataError: ${summary(response)}`];
  const { code, message } = response.body.error;
  if (code.trim() === "" || message.trim() === "") return [`400 without a code or a message: ${summary(response)}`];
  if (field === undefined) return [];
  const pointer = pointerOf(field);
  const targets = targetsOf(response.body);
  const pointsAtField = targets.some((target) => target === pointer || target.startsWith(`${pointer}/`));
  return pointsAtField ? [] : [`400 does not point at ${pointer} (targets: ${JSON.stringify(targets)}): ${summary(response)}`];
}
