/**
 * Web-standard `Response`s of JSON, text, nothing, or an API error. Each is a stand-in (`deferred.ts`) that keeps
 * the text and headers it was made with (`writtenForm`): the node:http adapter writes those as they are, and the
 * real `Response`, with its body stream, is made only for a caller that reads it (the in-process `fetch`). A
 * response made here is never changed afterwards, so what is kept stays true.
 */
import { odataErrorBody, type ApiError, type HeaderRecord } from "./api-error.js";
import { deferredPrototype } from "./deferred.js";

export interface WrittenForm {
  readonly status: number;
  /** Lower-case names; `content-type` included when there is a body. */
  readonly headers: HeaderRecord;
  /** Undefined: no body. */
  readonly text: string | undefined;
}

const FORM = Symbol("written form");
const REAL = Symbol("real response");

interface Kept {
  readonly [FORM]: WrittenForm;
  [REAL]?: Response;
}

const realResponse = (self: object): Response => {
  const kept = self as Kept;
  const form = kept[FORM];
  return (kept[REAL] ??= new Response(form.text ?? null, { status: form.status, headers: form.headers }));
};

const keptPrototype = deferredPrototype(Response, realResponse, {
  status: {
    get(this: Kept) {
      return this[FORM].status;
    },
  },
  ok: {
    get(this: Kept) {
      return this[FORM].status >= 200 && this[FORM].status < 300;
    },
  },
});

/** The form a response was made with here; undefined for any other `Response` (the adapter streams those). */
export function writtenForm(response: Response): WrittenForm | undefined {
  return (response as Partial<Kept>)[FORM];
}

function remembered(form: WrittenForm): Response {
  const response: Response & Kept = Object.create(keptPrototype);
  Object.defineProperty(response, FORM, { value: form });
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
