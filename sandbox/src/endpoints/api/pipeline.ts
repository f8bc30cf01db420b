/**
 * One API request, step by step: route → authenticate → parameters → body (read; its members checked once, by the
 * validators the handler's domain module runs) → handler → OData shaping →
 * (optionally) response check against the spec → a web-standard `Response`. Every refusal is an OData error body
 * with a machine code and a target; nothing reaches a handler unchecked, and a handler's bug is a 500, never a
 * crash.
 */
import type { OperationMetadata } from "@account-funds/client";
import type { OperationContract, Contract } from "./contract.js";
import {
  dispatch,
  isApiOperation,
  type ApiOperationId,
  type HandlerContext,
  type HandlerResult,
  type HandlerTable,
} from "./handler.js";
import { readParameters } from "./parameters.js";
import { shapeEntity, shapeList } from "./odata-response.js";
import { checkRequestBody, checkResponse, type CheckedBody } from "./body-checks.js";
import { odataErrorBody, type ApiError, type HeaderRecord } from "../../foundation/http/api-error.js";
import { parseBody } from "../../foundation/http/body.js";
import { discardBody, readBody, type BodyLimits } from "../../foundation/http/body-reader.js";
import type { LargeBodyGate } from "../../foundation/http/large-body-gate.js";
import { notRouted } from "../../foundation/http/not-routed.js";
import { emptyResponse, errorResponse, jsonResponse, textResponse } from "../../foundation/http/responses.js";
import { decodedPathname, matchRoute, type Route } from "../../foundation/http/router.js";
import type { SandboxClock } from "../../foundation/clock.js";
import { bearerChallenge, type TokenFailureReason } from "../auth/tokens.js";
import type { Store } from "../../foundation/state/store.js";
import { StoreWriteError, storageUnavailable } from "../../foundation/state/store-write-error.js";
import type { EventSink } from "../../model/webhooks/event-sink.js";

export interface ApiDependencies {
  readonly contract: Contract;
  readonly routes: readonly Route<OperationMetadata>[];
  readonly handlers: HandlerTable;
  readonly store: Store;
  readonly clock: SandboxClock;
  /** The event sink of a request reached at `baseUrl` (its events' ApiUrls start there). */
  readonly eventsAt: (baseUrl: string) => EventSink;
  /** Resolves a bearer token to its service user, or says why it cannot. */
  readonly authenticate: (
    authorization: string | undefined,
  ) => Promise<{ ok: true; tenant: string } | { ok: false; reason: TokenFailureReason }>;
  /** Largest page of a collection; the rest follows `@odata.nextLink`. */
  readonly maxPageSize: number;
  /** Limits of request bodies, and the places of large ones. */
  readonly bodyLimits: BodyLimits;
  readonly largeBodies: LargeBodyGate;
  /** Check every response body against the spec and answer 500 when one does not match (tests turn it on). */
  readonly validateResponses: boolean;
}

/** Where the request is answered from: its URL and the base URL its links start with (`http/public-base.ts`). */
export interface RequestSite {
  readonly url: URL;
  readonly baseUrl: string;
}

export async function handleApiRequest(request: Request, site: RequestSite, deps: ApiDependencies): Promise<Response> {
  const { url } = site;
  const route = matchRoute(deps.routes, request.method, url.pathname);
  const pathname = decodedPathname(url.pathname);
  // A body is read only by an operation that takes one; any other request's body is left unread.
  if (route.kind === "method-not-allowed") {
    discardBody(request);
    return writeMethodNotAllowed(route.operations, pathname, deps);
  }
  // The routes are the API operations': a path they do not fit is no resource, as is (defensively) a token path.
  const contract = route.kind === "found" ? deps.contract.operations.get(route.operation.operationId) : undefined;
  if (route.kind === "not-found" || contract === undefined || !isApiOperation(contract.operationId)) {
    discardBody(request);
    const { error, headers } = notRouted({ kind: "not-found" }, pathname);
    return errorResponse(error, headers);
  }
  const checked = await checkRequest(request, url, route.pathParameters, contract, deps);
  const result = checked.ok ? await handle(contract.operationId, checked, site.baseUrl, deps) : checked.result;
  const answerSite = { pathname, baseUrl: site.baseUrl, prefer: request.headers.get("prefer") ?? undefined };
  return writeResult(result, contract, checked.ok ? checked.query : {}, answerSite, deps);
}

/** A request as the pipeline has checked it: parameters converted to their scalar types, body valid. */
interface CheckedRequest {
  readonly ok: true;
  readonly tenant: string;
  readonly path: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: unknown;
  readonly bodyPointer: string;
  readonly files: HandlerContext["files"];
}

/** Token, parameters, body, in this order; a refusal is an error result, written and checked as any other. */
async function checkRequest(
  request: Request,
  url: URL,
  pathText: Readonly<Record<string, string>>,
  contract: OperationContract,
  deps: ApiDependencies,
): Promise<CheckedRequest | { readonly ok: false; readonly result: HandlerResult }> {
  const refused = (error: ApiError, headers?: HeaderRecord) =>
    ({ ok: false, result: { kind: "error", error, ...(headers === undefined ? {} : { headers }) } }) as const;
  const auth = await deps.authenticate(request.headers.get("authorization") ?? undefined);
  if (!auth.ok) {
    discardBody(request);
    return refused(
      { status: 401, code: "unauthorized", message: `The access token is ${auth.reason}.` },
      { "www-authenticate": bearerChallenge(auth.reason) },
    );
  }
  const parameters = readParameters(contract, pathText, url.searchParams);
  if (!parameters.ok) {
    discardBody(request);
    return refused(parameters.error);
  }
  const body = await readRequestBody(request, contract, deps);
  if (!body.ok) return refused(body.error, body.headers);
  return {
    ok: true,
    tenant: auth.tenant,
    ...parameters.value,
    body: body.value,
    bodyPointer: body.pointer,
    files: body.files,
  };
}

/**
 * The one place where checked values become a handler's typed view (`HandlerContext<K>`): `readParameters`
 * converted each path and query parameter to the scalar type the contract metadata gives it and checked it
 * against its schema, generated from the spec the client's types come from. So the types the client declares for
 * operation `K` hold for these values, which the compiler cannot see through the checks: hence the one assertion
 * here. The body stays `unknown` until the validators read it (the domain module does, with `wireForm`).
 */
function handle<K extends ApiOperationId>(
  operationId: K,
  checked: CheckedRequest,
  baseUrl: string,
  deps: ApiDependencies,
): Promise<HandlerResult> {
  const typed = { path: checked.path, query: checked.query } as Pick<HandlerContext<K>, "path" | "query">;
  const context: HandlerContext<K> = {
    operationId,
    tenant: checked.tenant,
    ...typed,
    body: checked.body,
    bodyPointer: checked.bodyPointer,
    files: checked.files,
    store: deps.store,
    clock: deps.clock,
    events: deps.eventsAt(baseUrl),
    baseUrl,
  };
  // A handler's bug is the sandbox's, answered as a 500 rather than a dropped connection. A command whose changes the
  // data file refused was undone in memory too, so nothing is acknowledged: 503 with Retry-After.
  return Promise.resolve()
    .then(() => dispatch(deps.handlers, context))
    .catch((error: unknown): HandlerResult => {
      if (!(error instanceof StoreWriteError)) return { kind: "error", error: internalError(operationId, error) };
      const unavailable = storageUnavailable(error);
      return {
        kind: "error",
        error: { status: unavailable.status, ...unavailable.body.error },
        headers: unavailable.headers,
      };
    });
}

async function readRequestBody(
  request: Request,
  contract: OperationContract,
  deps: ApiDependencies,
): Promise<({ ok: true } & CheckedBody) | { ok: false; error: ApiError; headers?: HeaderRecord | undefined }> {
  const declared = contract.metadata.requestBody;
  // A body sent to an operation that takes none is ignored unread, as HTTP allows (RFC 9110 §9.3.1, §9.3.3):
  // these operations declare neither 413 nor 415, so its size and media type are not theirs to refuse.
  if (declared === undefined) {
    discardBody(request);
    return { ok: true, value: undefined, pointer: "", files: [] };
  }
  const raw = await readBody(request, deps.bodyLimits, deps.largeBodies);
  if (!raw.ok) return raw;
  if (raw.bytes.length === 0) {
    if (!declared.required) return { ok: true, value: undefined, pointer: "", files: [] };
    return {
      ok: false,
      error: {
        status: 400,
        code: "missing_body",
        message: `A request body is required (${declared.mediaTypes.join(" or ")}).`,
      },
    };
  }
  const { maxJsonDepth: maxDepth, maxJsonMembers: maxMembers } = deps.bodyLimits;
  const parsed = await parseBody(raw.bytes, request.headers.get("content-type"), declared.mediaTypes, {
    maxDepth,
    maxMembers,
  });
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return checkRequestBody(deps.contract, contract, parsed.body);
}

/**
 * 405 with `Allow` (RFC 9110 §15.5.6) for a path whose operations take other methods. The answer belongs to
 * the path, so with `validateResponses` every operation of the path must declare it.
 */
function writeMethodNotAllowed(
  operations: readonly OperationMetadata[],
  pathname: string,
  deps: ApiDependencies,
): Response {
  const { error, headers = {} } = notRouted({ kind: "method-not-allowed", operations }, pathname);
  if (deps.validateResponses) {
    for (const operation of operations) {
      const contract = deps.contract.operations.get(operation.operationId);
      const problem =
        contract === undefined
          ? undefined
          : checkResponse(deps.contract, contract, {
              status: 405,
              contentType: "application/json",
              body: odataErrorBody(error),
              headers,
            });
      if (problem !== undefined) return errorResponse(problem);
    }
  }
  return errorResponse(error, headers);
}

/** A response as it is written: status, media type, body (undefined: none) and headers. */
interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly body: unknown;
  readonly headers: HeaderRecord;
}

/** The request's decoded path, the base URL its links and `Location` start with, and its `Prefer` header (a list's page size). */
interface AnswerSite {
  readonly pathname: string;
  readonly baseUrl: string;
  readonly prefer: string | undefined;
}

function answerOf(
  result: HandlerResult,
  contract: OperationContract,
  query: Readonly<Record<string, unknown>>,
  { pathname, baseUrl, prefer }: AnswerSite,
  deps: ApiDependencies,
): Answer {
  const json = (status: number, body: unknown, headers: HeaderRecord = {}): Answer => ({
    status,
    contentType: "application/json",
    body,
    headers,
  });
  switch (result.kind) {
    case "error":
      return json(result.error.status, odataErrorBody(result.error), result.headers);
    case "list":
    case "entity": {
      const shape = contract.entityShape;
      if (shape === undefined)
        return json(500, odataErrorBody(internalError(contract.operationId, new Error("no OData entity shape"))));
      const shaped =
        result.kind === "list"
          ? shapeList(result.rows, shape, query, { baseUrl, pathname, maxPageSize: deps.maxPageSize, prefer })
          : shapeEntity(result.row, shape, query, { baseUrl, pathname });
      return shaped.ok
        ? json(200, shaped.body, shaped.headers)
        : json(shaped.error.status, odataErrorBody(shaped.error));
    }
    case "created":
      return json(201, { Id: result.id }, { location: `${baseUrl}${result.location}` });
    case "response":
      return {
        status: result.status,
        contentType: result.contentType ?? "application/json",
        body: result.body,
        headers: result.headers ?? {},
      };
  }
}

/** The answer as a `Response`; with `validateResponses`, one the spec does not declare for the operation is a 500 instead. */
function writeResult(
  result: HandlerResult,
  contract: OperationContract,
  query: Readonly<Record<string, unknown>>,
  site: AnswerSite,
  deps: ApiDependencies,
): Response {
  const answer = answerOf(result, contract, query, site, deps);
  if (deps.validateResponses && answer.status !== 500) {
    const problem = checkResponse(deps.contract, contract, answer);
    if (problem !== undefined) return errorResponse(problem);
  }
  const { status, body, headers, contentType } = answer;
  if (body === undefined) return emptyResponse(status, headers);
  if (contentType === "application/json") return jsonResponse(status, body, headers);
  return textResponse(status, String(body), contentType, headers);
}

function internalError(operationId: string, error: unknown): ApiError {
  return {
    status: 500,
    code: "sandbox_error",
    message: `The sandbox failed on ${operationId}: ${error instanceof Error ? error.message : String(error)}`,
  };
}
