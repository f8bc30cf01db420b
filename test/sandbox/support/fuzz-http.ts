/**
 * Raw HTTP for the fuzzer: requests the typed client would refuse to build (wrong types, broken JSON, odd
 * content types, bad tokens), sent with `fetch`, or with node:https and a client certificate for the mutual-TLS
 * token endpoint. A response is read whole and parsed by its media type.
 */
import { request as httpsRequest } from "node:https";
import type { OperationMetadata } from "@account-funds/client";

/**
 * What goes in the body; `raw` is sent byte for byte with whatever content type it names (or none); `oversized`
 * is `size` bytes of JSON-looking filler, with a Content-Length or (`chunked`) streamed without one.
 */
export type FuzzBody =
  | { readonly kind: "json"; readonly value: unknown }
  | { readonly kind: "form"; readonly fields: Readonly<Record<string, string>> }
  | { readonly kind: "multipart"; readonly request: unknown; readonly files: readonly FuzzFile[] }
  | { readonly kind: "raw"; readonly text: string; readonly contentType?: string }
  | { readonly kind: "oversized"; readonly size: number; readonly chunked: boolean; readonly contentType: string };

export interface FuzzFile {
  readonly name: string;
  readonly contentType: string;
  readonly content: string;
}

export interface FuzzRequest {
  readonly operation: OperationMetadata;
  /** A method other than the operation's (to a path that does not take it); absent: the operation's. */
  readonly method?: string;
  readonly path: Readonly<Record<string, string | number>>;
  /** Name/value pairs in order; a name may repeat. */
  readonly query: readonly (readonly [string, string])[];
  readonly body?: FuzzBody;
  /** The Authorization header; absent sends none. */
  readonly authorization?: string;
}

export interface FuzzResponse {
  readonly status: number;
  /** Media type without parameters, lower-cased; undefined without a Content-Type. */
  readonly mediaType: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /** The parsed JSON body, the text of any other media type, undefined when empty. */
  readonly body: unknown;
}

export interface Transport {
  /** http://host:port of the API and /connect/token. */
  readonly url: string;
  /** https://host:port of /connect/mtls/token, with what the TLS client needs. */
  readonly tls?: { readonly url: string; readonly ca: string; readonly cert: string; readonly key: string };
}

/** The URL path of an operation with its parameters filled in (each value percent-encoded). */
export function pathOf(operation: OperationMetadata, path: Readonly<Record<string, string | number>>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = path[name];
    if (value === undefined) throw new Error(`${operation.operationId}: no value for path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export function urlOf(base: string, request: Pick<FuzzRequest, "operation" | "path" | "query">): string {
  const search = new URLSearchParams(request.query.map(([name, value]): [string, string] => [name, value])).toString();
  return `${base}${pathOf(request.operation, request.path)}${search === "" ? "" : `?${search}`}`;
}

/** `size` bytes in chunks of 64 KiB: a body fetch sends with Transfer-Encoding: chunked. */
function streamOf(size: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let left = size;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const next = Math.min(left, chunk.length);
      controller.enqueue(next === chunk.length ? chunk : chunk.subarray(0, next));
      left -= next;
    },
  });
}

/** Body bytes and their Content-Type. */
function encode(body: FuzzBody | undefined): {
  body?: string | FormData | Uint8Array | ReadableStream<Uint8Array>;
  contentType?: string;
} {
  switch (body?.kind) {
    case undefined:
      return {};
    case "json":
      return { body: JSON.stringify(body.value), contentType: "application/json" };
    case "form":
      return { body: new URLSearchParams(body.fields).toString(), contentType: "application/x-www-form-urlencoded" };
    case "raw":
      return body.contentType === undefined ? { body: body.text } : { body: body.text, contentType: body.contentType };
    case "oversized":
      return {
        body: body.chunked ? streamOf(body.size) : new Uint8Array(body.size).fill(0x20),
        contentType: body.contentType,
      };
    case "multipart": {
      // fetch writes the boundary into the Content-Type itself.
      const form = new FormData();
      form.append("Request", new Blob([JSON.stringify(body.request)], { type: "application/json" }));
      for (const file of body.files)
        form.append("SupportingDocuments", new Blob([file.content], { type: file.contentType }), file.name);
      return { body: form };
    }
  }
}

function mediaTypeOf(contentType: string | undefined | null): string | undefined {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type === undefined || type === "" ? undefined : type;
}

function readBody(text: string, mediaType: string | undefined): unknown {
  if (text === "") return undefined;
  if (mediaType === "application/json") {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text; // left as text: the conformance check reports it as not matching the schema
    }
  }
  return text;
}

export async function send(transport: Transport, request: FuzzRequest): Promise<FuzzResponse> {
  const { body, contentType } = encode(request.body);
  const headers: Record<string, string> = {};
  if (contentType !== undefined) headers["content-type"] = contentType;
  if (request.authorization !== undefined) headers["authorization"] = request.authorization;
  if (request.operation.security === "mutualTLS") return sendOverMutualTls(transport, request, headers, body);
  // A raw body without a content type: fetch would call it text/plain, so send a Uint8Array (no default type).
  const payload = typeof body === "string" && contentType === undefined ? new TextEncoder().encode(body) : body;
  const method = methodOf(request);
  const response = await fetch(urlOf(transport.url, request), {
    method,
    headers,
    // GET and HEAD take no body in fetch; a stream needs half-duplex (RFC 9112 §7.1 chunked coding).
    ...(payload === undefined || method === "GET" || method === "HEAD" ? {} : { body: payload }),
    ...(payload instanceof ReadableStream ? { duplex: "half" } : {}),
  });
  const text = await response.text();
  const mediaType = mediaTypeOf(response.headers.get("content-type"));
  return {
    status: response.status,
    mediaType,
    headers: Object.fromEntries(response.headers),
    text,
    body: readBody(text, mediaType),
  };
}

const methodOf = (request: FuzzRequest): string => request.method ?? request.operation.method.toUpperCase();

function sendOverMutualTls(
  transport: Transport,
  request: FuzzRequest,
  headers: Record<string, string>,
  body: string | FormData | Uint8Array | ReadableStream<Uint8Array> | undefined,
): Promise<FuzzResponse> {
  const tls = transport.tls;
  if (tls === undefined) throw new Error("the sandbox was started without HTTPS");
  if (body instanceof FormData || body instanceof ReadableStream)
    throw new Error("the token endpoints are sent no multipart or streamed body");
  return new Promise((resolve, reject) => {
    const outgoing = httpsRequest(
      urlOf(tls.url, request),
      { method: methodOf(request), headers, ca: tls.ca, cert: tls.cert, key: tls.key },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", reject);
        incoming.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const mediaType = mediaTypeOf(incoming.headers["content-type"]);
          const flat = Object.fromEntries(
            Object.entries(incoming.headers).map(([name, value]) => [
              name,
              Array.isArray(value) ? value.join(", ") : String(value),
            ]),
          );
          resolve({
            status: incoming.statusCode ?? 0,
            mediaType,
            headers: flat,
            text,
            body: readBody(text, mediaType),
          });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** A request in one line, for failure messages. */
export function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined ? "" : ` body=${JSON.stringify(request.body).slice(0, 400)}`;
  const method = request.method === undefined ? "" : ` sent as ${request.method}`;
  return `${request.operation.method.toUpperCase()} ${request.operation.path}${method} path=${JSON.stringify(request.path)} query=${JSON.stringify(request.query)}${body}`;
}

/** A GET of an absolute URL (a Location header, a list to snapshot). */
export async function getJson(url: string, authorization: string): Promise<FuzzResponse> {
  const response = await fetch(url, { headers: { authorization } });
  const text = await response.text();
  const mediaType = mediaTypeOf(response.headers.get("content-type"));
  return {
    status: response.status,
    mediaType,
    headers: Object.fromEntries(response.headers),
    text,
    body: readBody(text, mediaType),
  };
}
