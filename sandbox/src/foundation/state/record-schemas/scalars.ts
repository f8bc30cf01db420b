/** The building blocks of the record schemas: ids and amounts are integers (minor units), texts, open objects. */
export const id = { type: "integer", minimum: 1 } as const;
export const optionalId = { type: "integer", minimum: 1, nullable: true } as const;
export const integer = { type: "integer" } as const;
export const number = { type: "number" } as const;
export const text = { type: "string" } as const;
export const optionalText = { type: "string", nullable: true } as const;
export const flag = { type: "boolean" } as const;
export const openObject = { type: "object", required: [] } as const;
export const optionalOpenObject = { type: "object", required: [], nullable: true } as const;
export const tenant = { type: "string", minLength: 1 } as const;

/** A field a record may leave out: its schema (the spec's, `generated/spec-fields.ts`) taking `null` too, as ajv's `JSONSchemaType` has it. */
export const optional = <Schema extends object>(schema: Schema): Schema & { readonly nullable: true } => ({
  ...schema,
  nullable: true,
});
