// Public exports of field-errors/: every error a form meets, mapped to the form's field names.
export { fieldErrorsOf, messagesByField, type FieldError, type FieldErrorOptions } from "./field-errors.js";
export { fieldNameOf, type IndexStyle } from "./field-name.js";
export { pathOfTarget } from "./target-path.js";
