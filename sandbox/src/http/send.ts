/** Writing responses: JSON bodies with their length, and the spec's OData error body for every API error. */
import type { ServerResponse } from "node:http";
import type { ApiError } from "../api/handler.js";

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

export function sendText(
  response: ServerResponse,
  status: number,
  text: string,
  contentType: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  response.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(text), ...headers });
  response.end(text);
}

export function sendEmpty(
  response: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>> = {},
): void {
  response.writeHead(status, { "content-length": 0, ...headers });
  response.end();
}

/** OData v4 JSON Format §21: `{ "error": { code, message, target?, details? } }`, as the spec's ODataError. */
export function odataErrorBody(error: ApiError): { error: Record<string, unknown> } {
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.target !== undefined) body["target"] = error.target;
  if (error.details !== undefined && error.details.length > 0) body["details"] = error.details;
  return { error: body };
}

export function sendError(
  response: ServerResponse,
  error: ApiError,
  headers: Readonly<Record<string, string>> = {},
): void {
  sendJson(response, error.status, odataErrorBody(error), headers);
}
