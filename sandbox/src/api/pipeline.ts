/**
 * One API request, step by step: route → authenticate → parameters → body → handler → OData shaping →
 * (optionally) response check against the spec → write. Every refusal is an OData error body with a machine
 * code and a target; nothing reaches a handler unchecked, and a handler's bug is a 500, never a crash.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { OperationContract, Contract } from "./contract.js";
import type { ApiError, ApiOperationId, HandlerContext, HandlerResult, HandlerTable } from "./handler.js";
import { readParameters } from "./parameters.js";
import { shapeEntity, shapeList } from "./odata-response.js";
import { checkRequestBody, checkResponseBody } from "./body-checks.js";
import { parseBody, readRaw } from "../http/body.js";
import { matchRoute, type Route } from "../http/router.js";
import { odataErrorBody, sendEmpty, sendError, sendJson, sendText } from "../http/send.js";
import type { SandboxClock } from "../auth/clock.js";
import { bearerChallenge, type TokenFailureReason } from "../auth/tokens.js";
import type { Store } from "../state/store.js";
import type { EventSink } from "../webhooks/event-sink.js";

export interface ApiDependencies {
  readonly contract: Contract;
  readonly routes: readonly Route[];
  readonly handlers: HandlerTable;
  readonly store: Store;
  readonly clock: SandboxClock;
  readonly events: EventSink;
  /** Resolves a bearer token to its service user, or says why it cannot. */
  readonly authenticate: (
    authorization: string | undefined,
  ) => Promise<{ ok: true; tenant: string } | { ok: false; reason: TokenFailureReason }>;
  readonly baseUrl: string;
  /** Largest page of a collection; the rest follows `@odata.nextLink`. */
  readonly maxPageSize: number;
  /** Largest request body in bytes. */
  readonly maxBodyBytes: number;
  /** Check every response body against the spec and answer 500 when one does not match (tests turn it on). */
  readonly validateResponses: boolean;
}

export async function handleApiRequest(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  deps: ApiDependencies,
): Promise<void> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return sendError(response, {
      status: 400,
      code: "invalid_path",
      message: "The path is not valid percent-encoded UTF-8.",
    });
  }
  const route = matchRoute(deps.routes, request.method ?? "GET", pathname);
  if (route.kind === "not-found") {
    request.resume();
    return sendError(response, { status: 404, code: "not_found", message: `No resource at ${pathname}.` });
  }
  if (route.kind === "method-not-allowed") {
    request.resume();
    // RFC 9110 §15.5.6: 405 names the methods the resource does support.
    return sendError(
      response,
      { status: 405, code: "method_not_allowed", message: `Use ${route.allowed.join(" or ")} here.` },
      { allow: route.allowed.join(", ") },
    );
  }
  const contract = deps.contract.operations.get(route.operation.operationId)!;

  const auth = await deps.authenticate(request.headers.authorization);
  if (!auth.ok) {
    request.resume();
    return sendError(
      response,
      { status: 401, code: "unauthorized", message: `The access token is ${auth.reason}.` },
      { "www-authenticate": bearerChallenge(auth.reason) },
    );
  }

  const parameters = readParameters(contract, route.pathParameters, url.searchParams);
  if (!parameters.ok) {
    request.resume();
    return sendError(response, parameters.error);
  }

  const body = await readRequestBody(request, contract, deps);
  if (!body.ok) return sendError(response, body.error);

  const context: HandlerContext = {
    operationId: contract.metadata.operationId as ApiOperationId,
    tenant: auth.tenant,
    path: parameters.value.path,
    query: parameters.value.query,
    body: body.value,
    files: body.files,
    store: deps.store,
    clock: deps.clock,
    events: deps.events,
    baseUrl: deps.baseUrl,
  };
  let result: HandlerResult;
  try {
    result = await deps.handlers[context.operationId](context);
  } catch (error) {
    return sendError(response, internalError(contract, error));
  }
  writeResult(response, result, contract, parameters.value.query, pathname, deps, request.headers.prefer);
}

async function readRequestBody(
  request: IncomingMessage,
  contract: OperationContract,
  deps: ApiDependencies,
): Promise<{ ok: true; value: unknown; files: HandlerContext["files"] } | { ok: false; error: ApiError }> {
  const declared = contract.metadata.requestBody;
  const raw = await readRaw(request, deps.maxBodyBytes);
  if (!Buffer.isBuffer(raw)) return { ok: false, error: raw };
  // A body sent to an operation that takes none is ignored, as HTTP allows (RFC 9110 §9.3.3): most of these
  // commands declare no 400 to refuse it with.
  if (declared === undefined) return { ok: true, value: undefined, files: [] };
  if (raw.length === 0) {
    if (!declared.required) return { ok: true, value: undefined, files: [] };
    return {
      ok: false,
      error: {
        status: 400,
        code: "missing_body",
        message: `A request body is required (${declared.mediaTypes.join(" or ")}).`,
      },
    };
  }
  const parsed = await parseBody(raw, request.headers["content-type"], declared.mediaTypes);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return checkRequestBody(deps.contract, contract, parsed.body);
}

function writeResult(
  response: ServerResponse,
  result: HandlerResult,
  contract: OperationContract,
  query: Readonly<Record<string, unknown>>,
  pathname: string,
  deps: ApiDependencies,
  prefer: string | readonly string[] | undefined,
): void {
  let status: number;
  let body: unknown;
  let headers: Record<string, string> = {};
  let contentType = "application/json";
  switch (result.kind) {
    case "error":
      status = result.error.status;
      body = odataErrorBody(result.error);
      break;
    case "list":
    case "entity": {
      const shape = contract.entityShape;
      if (shape === undefined)
        return sendError(response, internalError(contract, new Error("no entity shape for an OData result")));
      const shaped =
        result.kind === "list"
          ? shapeList(result.rows, shape, query, { baseUrl: deps.baseUrl, pathname, maxPageSize: deps.maxPageSize, prefer })
          : shapeEntity(result.row, shape, query, { baseUrl: deps.baseUrl, pathname });
      if (!shaped.ok) return sendError(response, shaped.error);
      status = 200;
      body = shaped.body;
      headers = { ...shaped.headers };
      break;
    }
    case "created":
      status = 201;
      body = { Id: result.id };
      headers = { location: `${deps.baseUrl}${result.location}` };
      break;
    case "response":
      status = result.status;
      body = result.body;
      headers = { ...result.headers };
      contentType = result.contentType ?? "application/json";
      break;
  }
  if (deps.validateResponses) {
    const problem = checkResponseBody(deps.contract, contract, status, contentType, body);
    if (problem !== undefined) return sendError(response, problem);
  }
  if (body === undefined) return sendEmpty(response, status, headers);
  if (contentType === "application/json") return sendJson(response, status, body, headers);
  return sendText(response, status, String(body), contentType, headers);
}

function internalError(contract: OperationContract, error: unknown): ApiError {
  return {
    status: 500,
    code: "sandbox_error",
    message: `The sandbox failed on ${contract.metadata.operationId}: ${error instanceof Error ? error.message : String(error)}`,
  };
}
