/**
 * The checks every fuzzed answer goes through, as lists of problems (empty: conforms), so a failing property
 * prints what was wrong next to fast-check's counterexample: no 5xx; a status the operation declares (every one,
 * 405, 413 and 415 included: the spec declares what the sandbox can answer); the declared media type; a body that
 * matches the declared schema (by this suite's own ajv, not the sandbox's); declared headers (Location on 201,
 * Allow on 405); and `WWW-Authenticate` on 401 (RFC 6750 §3).
 */
import type { OperationMetadata } from "@account-funds/client";
import type { FuzzResponse } from "./fuzz-http.js";
import { responseBodyProblem, schemaProblem } from "./fuzz-spec.js";

const ODATA_ERROR = "#/components/schemas/ODataError";

function summary(response: FuzzResponse): string {
  return `${response.status} ${response.mediaType ?? "(no content type)"} ${response.text.slice(0, 400)}`;
}

/** No 5xx, ever (the sandbox also answers 500 when its own response would not match the spec). */
export function serverErrorProblems(response: FuzzResponse): string[] {
  return response.status >= 500 ? [`server error: ${summary(response)}`] : [];
}

/**
 * The status is one the operation declares, in the declared media type, with the declared headers (Location on
 * 201, Allow on 405) and a Bearer challenge on 401.
 */
export function statusProblems(operation: OperationMetadata, response: FuzzResponse): string[] {
  const status = String(response.status);
  const declared = operation.responses[status];
  if (declared === undefined)
    return [
      `${operation.operationId} does not declare ${status} (declares ${Object.keys(operation.responses).join(", ")}): ${summary(response)}`,
    ];
  const problems: string[] = [];
  if (declared.mediaType === undefined && response.text !== "")
    problems.push(`${status} declares no body but has one: ${summary(response)}`);
  if (declared.mediaType !== undefined && response.mediaType !== declared.mediaType) {
    problems.push(
      `${status} is ${response.mediaType ?? "(no content type)"}, the spec declares ${declared.mediaType}: ${summary(response)}`,
    );
  }
  for (const header of declared.headers ?? []) {
    if (response.headers[header.toLowerCase()] === undefined)
      problems.push(`${status} lacks the declared ${header} header`);
  }
  if (response.status === 401 && !/^Bearer\b/i.test(response.headers["www-authenticate"] ?? "")) {
    problems.push(
      `401 without a Bearer WWW-Authenticate challenge: ${JSON.stringify(response.headers["www-authenticate"])}`,
    );
  }
  return problems;
}

/**
 * The body matches the schema the spec declares for the status and media type (checked only where both are
 * declared: an undeclared one is statusProblems' finding).
 */
export function bodyProblems(operation: OperationMetadata, response: FuzzResponse): string[] {
  const status = String(response.status);
  const mediaType = operation.responses[status]?.mediaType;
  if (mediaType === undefined || response.mediaType !== mediaType) return [];
  const problem = responseBodyProblem(operation, status, mediaType, response.body);
  return problem === undefined ? [] : [`${status} body does not match the spec (${problem}): ${summary(response)}`];
}

/** All three: what every fuzzed answer is held to. */
export function conformanceProblems(operation: OperationMetadata, response: FuzzResponse): string[] {
  return [
    ...serverErrorProblems(response),
    ...statusProblems(operation, response),
    ...bodyProblems(operation, response),
  ];
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
  return [body.error.target, ...(body.error.details ?? []).map((detail) => detail.target)].filter(
    (target): target is string => target !== undefined,
  );
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
  return pointsAtField
    ? []
    : [`400 does not point at ${pointer} (targets: ${JSON.stringify(targets)}): ${summary(response)}`];
}

/**
 * A created entity read back must carry what was asked for: each top-level scalar of the request (as the
 * validators normalise it: trimmed, empty strings dropped) that the entity also has under the same name must be
 * equal — an Amount of 5e-324 must not come back as 0.
 */
export function echoProblems(requested: unknown, created: unknown): string[] {
  if (requested === null || typeof requested !== "object" || created === null || typeof created !== "object") return [];
  const entity = created as Record<string, unknown>;
  return Object.entries(requested as Record<string, unknown>)
    .filter(([name, value]) => ["string", "number", "boolean"].includes(typeof value) && name in entity)
    .filter(([name, value]) => entity[name] !== value)
    .map(
      ([name, value]) =>
        `${name} was ${JSON.stringify(value)} in the request, ${JSON.stringify(entity[name])} in the created entity`,
    );
}
