/**
 * The headers of a request: the Accept header of an operation (every media type its responses declare, and JSON
 * for errors), and the merge of the client's, the call's and the request's own headers.
 */
import type { OperationMetadata } from "../operations/operation-metadata.js";

/** Operation metadata is immutable: its Accept header is worked out once. */
const acceptHeaders = new WeakMap<OperationMetadata, string>();

export function acceptOf(operation: OperationMetadata): string {
  let accept = acceptHeaders.get(operation);
  if (accept === undefined) {
    const types = new Set<string>();
    for (const response of Object.values(operation.responses)) if (response.mediaType) types.add(response.mediaType);
    types.add("application/json");
    accept = [...types].join(", ");
    acceptHeaders.set(operation, accept);
  }
  return accept;
}

/**
 * Later sources win, names compared case-insensitively (as `Headers` does); `null` removes a header, `undefined`
 * is skipped. A plain record, not `Headers`: the transport copies it into each attempt's `Request` anyway.
 */
export function mergeHeaders(
  ...sources: (Readonly<Record<string, string | null | undefined>> | undefined)[]
): Record<string, string> {
  const latest: Record<string, string | null> = {};
  for (const source of sources) {
    if (source === undefined) continue;
    for (const name of Object.keys(source)) {
      const value = source[name];
      if (value !== undefined) latest[name.toLowerCase()] = value;
    }
  }
  // A second object rather than `delete`, which would turn the record into a slow dictionary.
  const merged: Record<string, string> = {};
  for (const name of Object.keys(latest)) {
    const value = latest[name];
    if (value !== null && value !== undefined) merged[name] = value;
  }
  return merged;
}
