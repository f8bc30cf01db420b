/**
 * What the generator says when the spec is broken: the file, the RFC 6901 JSON pointer inside that file and
 * the reason, printed as `file#pointer: reason`. The loader and the model raise these (never a bare Error for a
 * problem of the spec), so the CLI can print them all and exit 2.
 */

export interface SpecProblem {
  /**
   * The spec file the pointer is in, relative to the working directory (`spec/paths/accounts.yaml`). Absent when
   * the pointer is into the bundled document and no source file could be found for it.
   */
  readonly file?: string;
  /** RFC 6901 pointer, without the leading `#` (`/Accounts/get`); `""` is the whole file. */
  readonly pointer: string;
  readonly reason: string;
}

/** One problem of the spec. */
export class SpecError extends Error implements SpecProblem {
  readonly file?: string;
  readonly pointer: string;
  readonly reason: string;

  constructor(problem: SpecProblem) {
    super(formatSpecProblem(problem));
    this.name = "SpecError";
    if (problem.file !== undefined) this.file = problem.file;
    this.pointer = problem.pointer;
    this.reason = problem.reason;
  }
}

/** Several problems found in one pass (every unresolved `$ref`, every operation without an operationId, ...). */
export class SpecErrors extends Error {
  readonly errors: readonly SpecError[];

  constructor(errors: readonly SpecError[]) {
    super(errors.map((error) => error.message).join("\n"));
    this.name = "SpecErrors";
    this.errors = errors;
  }
}

/** Where the pointer is when no source file is known: the bundle the generator built from the spec. */
export const bundledDocumentName = "(bundled spec)";

/** `spec/paths/accounts.yaml#/Accounts/get: operation has no operationId`. */
export function formatSpecProblem({ file, pointer, reason }: SpecProblem): string {
  return `${file ?? bundledDocumentName}#${pointer}: ${reason}`;
}

/** Every problem a thrown value carries, or undefined when it is not a spec problem (a bug, an I/O error). */
export function specProblemsOf(thrown: unknown): readonly SpecError[] | undefined {
  if (thrown instanceof SpecErrors) return thrown.errors;
  if (thrown instanceof SpecError) return [thrown];
  return undefined;
}

/** Throws the collected problems: one as a SpecError, several as SpecErrors; nothing when there are none. */
export function throwIfAny(problems: readonly SpecProblem[]): void {
  if (problems.length === 0) return;
  const errors = problems.map((problem) => (problem instanceof SpecError ? problem : new SpecError(problem)));
  throw errors.length === 1 ? errors[0] : new SpecErrors(errors);
}
