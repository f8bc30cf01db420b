/**
 * validators-client-fit.ts compiles as a consumer's module (nodenext, strict, exactOptionalPropertyTypes) against
 * the built packages: every request validator's value is the client's body, the client's responses are the
 * validators' options. A type that stops fitting (a readonly array, a `string | null` option refused) fails here.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diagnosticsOf, formatDiagnostic, repositoryRoot } from "./readme/compile.js";

describe("validators and client", () => {
  it("fit without casts: values are bodies, responses are options", { timeout: 120_000 }, () => {
    const diagnostics = diagnosticsOf([join(repositoryRoot, "test/validators-client-fit.ts")]).map(formatDiagnostic);
    expect(diagnostics).toEqual([]);
  });
});
