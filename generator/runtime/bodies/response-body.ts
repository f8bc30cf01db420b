/**
 * The body of a response as the call sees it: a success body parsed by the media type its status declares (JSON,
 * any `+json` type too, else text), or by the response's own `Content-Type` when the status is declared without
 * content and a body came all the same; an error body as JSON when it parses, else as text. Read liberally where a
 * command succeeded: a command's success body that is not the JSON declared is kept as its text (the command was
 * executed; failing the call would invite sending it again); only a GET's is an error. The declared response of a
 * status is its exact code, its range (`2XX`) or `default`.
 */
import { AccountFundsError, type RequestSummary } from "../errors/errors.js";
import type { OperationMetadata } from "../operations/operation-metadata.js";
import { isJson } from "./request-body.js";

/** The declared response for a status: exact (`"404"`), range (`"4XX"`) or `default`. */
export function declaredResponse(
  operation: OperationMetadata,
  status: number,
): { key: string; mediaType?: string | undefined } | undefined {
  for (const key of [String(status), `${Math.floor(status / 100)}XX`, "default"]) {
    const response = operation.responses[key];
    if (response !== undefined) return { key, mediaType: response.mediaType };
  }
  return undefined;
}

/** The parsed success body; `request` summarises the request for the error (only then: it costs a URL parse). */
export function parseSuccess(
  operation: OperationMetadata,
  response: Response,
  text: string,
  request: () => RequestSummary,
): unknown {
  if (text === "") return undefined;
  const mediaType =
    declaredResponse(operation, response.status)?.mediaType ?? response.headers.get("content-type") ?? undefined;
  if (mediaType === undefined || !isJson(mediaType)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (operation.method !== "get") return text;
    // No cause: a JSON parser's message quotes the text, which may hold anything the server put in it.
    throw new AccountFundsError({
      message: `The ${response.status} response of ${operation.operationId} is not valid JSON`,
      status: response.status,
      code: "invalid_response_body",
      request: request(),
      operationId: operation.operationId,
    });
  }
}

/** An error body: JSON when it parses, else the text; undefined when empty. */
export function parseError(text: string): unknown {
  if (text === "") return undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed === "" ? undefined : parsed;
  } catch {
    return text;
  }
}
