/**
 * Web-standard `Response`s of JSON, text, nothing, or an API error. Each remembers the text and headers it was
 * made with (`writtenForm`), so the node:http adapter writes them as they are instead of reading the body stream
 * back and iterating `Headers`: together that cost more than the rest of a small request's handling. A response
 * made here is never changed afterwards, so what is remembered stays true.
 */
import { odataErrorBody, type ApiError, type HeaderRecord } from "./api-error.js";

export interface WrittenForm {
  readonly status: number;
  /** Lower-case names; `content-type` included when there is a body. */
  readonly headers: HeaderRecord;
  /** Undefined: no body. */
  readonly text: string | undefined;
}

const writtenForms = new WeakMap<Response, WrittenForm>();

/** The form a response was made with here; undefined for any other `Response` (the adapter streams those). */
export function writtenForm(response: Response): WrittenForm | undefined {
  return writtenForms.get(response);
}

function remembered(form: WrittenForm): Response {
  const response = new Response(form.text ?? null, { status: form.status, headers: form.headers });
  writtenForms.set(response, form);
  return response;
}

export function textResponse(status: number, text: string, contentType: string, headers: HeaderRecord = {}): Response {
  return remembered({ status, headers: { "content-type": contentType, ...headers }, text });
}

export function jsonResponse(status: number, body: unknown, headers: HeaderRecord = {}): Response {
  return textResponse(status, JSON.stringify(body), "application/json; charset=utf-8", headers);
}

export function emptyResponse(status: number, headers: HeaderRecord = {}): Response {
  return remembered({ status, headers, text: undefined });
}

export function errorResponse(error: ApiError, headers: HeaderRecord = {}): Response {
  return jsonResponse(error.status, odataErrorBody(error), headers);
}
