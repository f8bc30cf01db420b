/**
 * @account-funds/validators: the single implementation of every Account Funds rule that an OpenAPI
 * pattern cannot express. Pure functions, no throwing, tree-shakeable (`sideEffects: false`).
 */
export type { Issue, PathSegment } from "./core/issue.js";
export { issueCodes, type IssueCode } from "./core/issue-codes.js";
export type { Result, Success, Failure } from "./core/result.js";
export type { Normalization, ValueChange } from "./core/normalization.js";
export type { StandardSchemaV1 } from "./core/standard-schema.js";
export type { FormInput } from "./core/form-input.js";
export { asStandardSchema } from "./core/as-standard-schema.js";
export type { Validator } from "./core/define-validator.js";
export { withOptions } from "./core/waiting-validator.js";

export * from "./identifiers/index.js";
export * from "./routing/index.js";
export * from "./requests/index.js";
export * from "./formats/index.js";
export type * from "./requests/form-inputs.js";
// The spec's request shapes by their names in the API's document (the validators' value types are these).
export type * from "./generated/request-fields.js";
export * from "./field-errors/index.js";
