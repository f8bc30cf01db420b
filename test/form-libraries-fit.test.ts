/**
 * The form libraries people use take the validators with no cast, compiled as a consumer's module (nodenext,
 * strict, exactOptionalPropertyTypes) against the built packages: react-hook-form's standardSchemaResolver and
 * TanStack Form, for every request validator (test/forms/). Their `@ts-expect-error` lines are the mistakes the
 * types must catch (sending the form's values instead of `result.value`): a mistake that compiles fails here too.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diagnosticsOf, formatDiagnostic, repositoryRoot } from "./readme/compile.js";

describe("form libraries", () => {
  it("react-hook-form and TanStack Form take every request validator, typed both ways", { timeout: 120_000 }, () => {
    const files = ["react-hook-form-fit.ts", "tanstack-form-fit.ts", "standard-schema-types.ts"].map((file) =>
      join(repositoryRoot, "test/forms", file),
    );
    expect(diagnosticsOf(files).map(formatDiagnostic)).toEqual([]);
  });
});
