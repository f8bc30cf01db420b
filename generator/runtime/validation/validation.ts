/**
 * The opt-in checks against the precompiled validators: a request body before it is sent (`validateRequests`) and
 * a success body when it arrives (`validateResponses`). Only the issues are found here; the runtime redacts them
 * and turns them into errors.
 */
import type { OperationValidators } from "./compiled-validator.js";
import type { ValidationIssue } from "../errors/errors.js";
import { MultipartBody } from "../bodies/multipart.js";
import { multipartIssues } from "./multipart-validation.js";
import { validationIssues } from "./validation-issues.js";

/** Issues of a request body about to be sent as `mediaType`; none when no validator describes it. */
export function requestBodyIssues(
  validators: OperationValidators | undefined,
  mediaType: string,
  body: unknown,
): ValidationIssue[] {
  if (body instanceof MultipartBody)
    return validators?.multipart === undefined ? [] : multipartIssues(validators.multipart, body.parts);
  // A FormData body is sent as built: its parts are already strings and Blobs, not the values the schema describes.
  if (typeof FormData !== "undefined" && body instanceof FormData) return [];
  const validate = validators?.request?.[mediaType];
  return validate === undefined ? [] : validationIssues(validate, body);
}

/** Issues of a success body, by the declared response (`"200"`, `"2XX"`, `default`) and its media type. */
export function responseBodyIssues(
  validators: OperationValidators | undefined,
  status: string,
  mediaType: string,
  data: unknown,
): ValidationIssue[] {
  const validate = validators?.responses?.[status]?.[mediaType];
  return validate === undefined ? [] : validationIssues(validate, data);
}
