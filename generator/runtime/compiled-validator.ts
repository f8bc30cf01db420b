/**
 * The shape of a precompiled ajv standalone validator, as the generator emits them into `validators.js`:
 * a plain function with `errors` set after a failed call. No ajv compiler runs at run time.
 */
export interface ValidationErrorObject {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: { readonly [key: string]: unknown };
  readonly message?: string;
}

export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: readonly ValidationErrorObject[] | null;
}

/** Validators by operationId: request bodies by media type, responses by status then media type. */
export interface OperationValidators {
  readonly request?: { readonly [mediaType: string]: CompiledValidator };
  readonly responses?: { readonly [status: string]: { readonly [mediaType: string]: CompiledValidator } };
}
