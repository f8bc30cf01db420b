/**
 * The shape of a precompiled ajv standalone validator, as the generator emits them into `validators/*.js`:
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

/**
 * How a `multipart/form-data` body is checked. The spec describes each part as it travels (a file is a binary
 * string), the client takes it as it is held in memory (a Blob, a File, bytes): so value parts are checked with
 * their own schema's validator, and file parts by shape (a file name, a content type, a Blob or bytes).
 */
export interface MultipartValidators {
  /** Parts that must be present. */
  readonly required: readonly string[];
  /** Value parts (sent as JSON or text), by part name: the validator of the part's schema. */
  readonly values: { readonly [part: string]: CompiledValidator };
  /** File parts, by part name: one file or a list of them, and the content types allowed (absent: any). */
  readonly files: {
    readonly [part: string]: { readonly multiple: boolean; readonly contentTypes?: readonly string[] };
  };
}

/** Validators by operationId: request bodies by media type (multipart by part), responses by status then media type. */
export interface OperationValidators {
  readonly request?: { readonly [mediaType: string]: CompiledValidator };
  readonly multipart?: MultipartValidators;
  readonly responses?: { readonly [status: string]: { readonly [mediaType: string]: CompiledValidator } };
}
