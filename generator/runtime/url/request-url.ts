/**
 * The URL of a request: the base URL checked once (absolute, http(s), no query or fragment), an operation's own
 * server with its `{variables}` (the token endpoints' `{auth_url}`), and the path template filled in
 * (path-serializer.ts) with the query serialised, by openapi-fetch's `createFinalURL` and query serialiser.
 */
import { invalidArgument } from "../errors/errors.js";
import { createFinalURL, createQuerySerializer } from "openapi-fetch";
import type { OperationMetadata } from "../operations/operation-metadata.js";
import { serializePath } from "./path-serializer.js";

/** openapi-fetch's default query serialiser (`name=value&...`, values percent-encoded); stateless, so shared. */
const querySerializer = createQuerySerializer<unknown>();

/** `baseUrl` + the path template filled with `path` + `?query`. */
export function requestUrl(
  pathTemplate: string,
  baseUrl: string,
  path: Readonly<Record<string, unknown>> | undefined,
  query: Record<string, unknown> | undefined,
): string {
  const params = { ...(path === undefined ? {} : { path }), ...(query === undefined ? {} : { query }) };
  return createFinalURL(pathTemplate, { baseUrl, params, querySerializer, pathSerializer: serializePath });
}

/** A base URL option, without its trailing slashes; an `InvalidArgumentError` naming the option when it is unusable. */
export function checkedBaseUrl(url: string | undefined, name = "baseUrl"): string {
  if (typeof url !== "string") throw invalidArgument(`\`${name}\` is required`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidArgument(`\`${name}\` must be an absolute URL`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    throw invalidArgument(`\`${name}\` must be an http(s) URL`);
  if (parsed.search || parsed.hash) throw invalidArgument(`\`${name}\` must not have a query or fragment`);
  return url.replace(/\/+$/, "");
}

/** The absolute URL of an operation: its own server (with variables) or `baseUrl`, plus its path. */
export function operationUrl(
  operation: OperationMetadata,
  variables: Readonly<Record<string, string | undefined>>,
  baseUrl?: string,
): string {
  return `${trimSlash(serverUrl(operation, variables) ?? baseUrl ?? "")}${operation.path}`;
}

/** The operation's own server URL with its `{variables}` filled in (given value, else the spec's default). */
export function serverUrl(
  operation: OperationMetadata,
  variables: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const server = operation.server;
  if (!server) return undefined;
  return trimSlash(
    server.url.replaceAll(
      /\{([^{}]+)\}/g,
      (_, name: string) => variables[name] ?? server.variables[name] ?? `{${name}}`,
    ),
  );
}

function trimSlash(url: string): string {
  return url.endsWith("/") ? url.slice(0, -1) : url;
}
