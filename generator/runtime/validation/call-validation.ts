/**
 * The opt-in validation of a call (`validateRequests`, `validateResponses`): the precompiled validators loaded on
 * first use, the issues of a request body before anything is sent and of a success body when it arrives
 * (validation.ts), redacted, and thrown as a `RequestValidationError` or a `ResponseValidationError`.
 */
import type { OperationValidators } from "./compiled-validator.js";
import {
  AccountFundsError,
  RequestValidationError,
  ResponseValidationError,
  type RequestSummary,
  type ValidationIssue,
} from "../errors/errors.js";
import { methodName, type OperationMetadata } from "../operations/operation-metadata.js";
import type { Redactor } from "../redaction/redact.js";
import { requestMediaType } from "../bodies/request-body.js";
import { declaredResponse } from "../bodies/response-body.js";
import { requestBodyIssues, responseBodyIssues } from "./validation.js";

export interface CallValidation {
  /** Throws before anything (a token request included) is sent. */
  checkRequest(operation: OperationMetadata, body: unknown): Promise<void>;
  /** Throws when a success body does not match its declared schema. */
  checkResponse(operation: OperationMetadata, response: Response, data: unknown, url: string): Promise<void>;
}

export interface CallValidationConfig {
  readonly loadOperationValidators: (() => Promise<Readonly<Record<string, OperationValidators>>>) | undefined;
  readonly redactor: Redactor;
  /** The request an error names: the URL requested, or the operation's when nothing was sent (`""`). */
  readonly summaryOf: (operation: OperationMetadata, url: string) => RequestSummary;
}

export function createCallValidation({
  loadOperationValidators,
  redactor,
  summaryOf,
}: CallValidationConfig): CallValidation {
  /** The operation's validators; `request` is the call's, for the error when they cannot be loaded. */
  async function validatorsOf(
    operation: OperationMetadata,
    request: RequestSummary,
  ): Promise<OperationValidators | undefined> {
    if (loadOperationValidators === undefined) return undefined;
    try {
      return (await loadOperationValidators())[operation.operationId];
    } catch (error) {
      throw new AccountFundsError({
        message: `The validators could not be loaded: ${redactor.string(error instanceof Error ? error.message : String(error))}`,
        code: "validators_unavailable",
        request,
        operationId: operation.operationId,
        cause: redactor.error(error),
      });
    }
  }

  function redactedIssues(issues: readonly ValidationIssue[]): ValidationIssue[] {
    return issues.map((issue) => ({
      ...issue,
      message: redactor.string(issue.message),
      params: redactor.value(issue.params) as ValidationIssue["params"],
    }));
  }

  return {
    async checkRequest(operation, body) {
      if (body === undefined || operation.requestBody === undefined) return;
      const mediaType = requestMediaType(operation.requestBody, body);
      const issues = redactedIssues(
        requestBodyIssues(await validatorsOf(operation, summaryOf(operation, "")), mediaType, body),
      );
      const first = issues[0];
      if (first === undefined) return;
      throw new RequestValidationError({
        message: `The request body of ${methodName(operation)} does not match the spec: ${first.path || "(root)"} ${first.message}`,
        code: "invalid_request",
        request: summaryOf(operation, ""),
        operationId: operation.operationId,
        issues,
      });
    },

    async checkResponse(operation, response, data, url) {
      const status = response.status;
      const declared = declaredResponse(operation, status);
      if (declared?.mediaType === undefined) return;
      const issues = redactedIssues(
        responseBodyIssues(
          await validatorsOf(operation, summaryOf(operation, url)),
          declared.key,
          declared.mediaType,
          data,
        ),
      );
      const first = issues[0];
      if (first === undefined) return;
      throw new ResponseValidationError({
        message: `The ${status} response of ${methodName(operation)} does not match the spec: ${first.path || "(root)"} ${first.message}`,
        status,
        code: "invalid_response",
        request: summaryOf(operation, url),
        operationId: operation.operationId,
        // The request did succeed: keep the headers (a 201's Location) with the data.
        headers: redactor.headers(response.headers),
        issues,
        data: redactor.value(data),
      });
    },
  };
}
