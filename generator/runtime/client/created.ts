/**
 * What a `201 Created` resolves to. Where the spec requires the `Location` header (the reference: "201 with
 * Location header, the URL of the created resource"), the id is the key of that URL and a response without one
 * is an `InvalidLocationError`: the caller must learn that the resource exists although its id is unknown. Where
 * it does not, the id comes from the Location when there is one, else from the body's `Id`.
 */
import { InvalidLocationError, type RequestSummary } from "../errors/errors.js";
import { parseLocation } from "../url/location.js";
import { methodName, type OperationMetadata } from "../operations/operation-metadata.js";
import type { Created, CreatedWithoutLocation } from "./operation-types.js";
import type { Redactor } from "../redaction/redact.js";

export interface CreatedResponse {
  readonly response: Response;
  /** The parsed body. */
  readonly data: unknown;
  /** The URL requested: a relative Location resolves against it. */
  readonly url: string;
}

export function createdResult(
  operation: OperationMetadata,
  created: CreatedResponse,
  request: RequestSummary,
  redactor: Redactor,
): Created | CreatedWithoutLocation {
  const header = created.response.headers.get("location");
  const parsed = parseLocation(header, created.url);
  if (requiresLocation(operation, created.response.status)) {
    if (parsed?.id !== undefined) return { id: parsed.id, location: parsed.location, body: created.data };
    const missing = parsed === undefined;
    const location = parsed === undefined ? undefined : redactor.url(parsed.location);
    throw new InvalidLocationError({
      message: missing
        ? `The ${created.response.status} response of ${methodName(operation)} has no Location header: the resource was created, but its id is unknown (${request.method} ${request.url})`
        : `The Location header of the ${created.response.status} response of ${methodName(operation)} names no key (${location ?? ""}): the resource was created, but its id is unknown (${request.method} ${request.url})`,
      status: created.response.status,
      code: missing ? "missing_location" : "invalid_location",
      body: redactor.value(created.data),
      request,
      operationId: operation.operationId,
      headers: redactor.headers(created.response.headers),
      location,
      data: redactor.value(created.data),
    });
  }
  const bodyId = (created.data as { Id?: unknown } | undefined)?.Id;
  const id = parsed?.id ?? (typeof bodyId === "number" && Number.isSafeInteger(bodyId) ? bodyId : undefined);
  return {
    ...(id === undefined ? {} : { id }),
    ...(parsed === undefined ? {} : { location: parsed.location }),
    body: created.data,
  };
}

/** Whether the spec requires `Location` on this success status (the metadata lists a response's required headers). */
function requiresLocation(operation: OperationMetadata, status: number): boolean {
  const headers = operation.responses[String(status)]?.headers ?? [];
  return headers.some((name) => name.toLowerCase() === "location");
}
