/**
 * A validator's Standard Schema face on its own, without the function. Every validator already is a Standard
 * Schema, and form libraries run it as one; but a library that tells a function validator from a schema by its
 * type, as TanStack Form does (a function's return value is typed as the error), types a validator's errors as
 * its result. The object this returns is only a schema, so the library types its errors as Standard Schema issues.
 */
import { VENDOR } from "./define-validator.js";
import type { StandardSchemaV1 } from "./standard-schema.js";

/** What something that is not a Standard Schema becomes: a schema that refuses every value, saying why. */
const NOT_A_SCHEMA: StandardSchemaV1.Props<never, never> = {
  version: 1,
  vendor: VENDOR,
  validate: () => ({ issues: [{ message: "asStandardSchema was given something that is not a Standard Schema." }] }),
};

/** The `~standard` property when it is one; a hostile object whose getters throw is none (this package never throws). */
function propsOf<Input, Output>(
  schema: StandardSchemaV1<Input, Output>,
): StandardSchemaV1.Props<Input, Output> | undefined {
  try {
    const standard = schema["~standard"];
    return typeof standard === "object" && standard !== null && typeof standard.validate === "function"
      ? standard
      : undefined;
  } catch {
    return undefined;
  }
}

export function asStandardSchema<Input, Output>(
  schema: StandardSchemaV1<Input, Output>,
): StandardSchemaV1<Input, Output> {
  return { "~standard": propsOf(schema) ?? NOT_A_SCHEMA };
}
