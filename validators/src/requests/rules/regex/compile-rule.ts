/**
 * Compiling a RegEx rule the server sends (the `Rule: [{ RegEx }]` items of RequiredAdditionalInformation) so
 * that no rule can stall a validation: matching runs on RE2 (engine.ts), in time linear in the value, and the
 * size of the compiled program, the other factor of that time, is capped. Patterns RE2 cannot run (backreferences,
 * lookarounds, …) are refused with their reason. A rule is matched as written, unanchored unless it says `^`/`$`
 * (the .NET `Regex.IsMatch` semantics).
 */
import { toRe2Syntax, reasonOf, type UnsafeRegexReason } from "./dialect.js";
import { loadedRegexEngine } from "./engine.js";
import { estimateProgramSize } from "./size-estimate.js";

export type { UnsafeRegexReason } from "./dialect.js";

/** Longest rule accepted, in UTF-16 code units. Real field rules are far shorter. */
export const MAX_RULE_LENGTH = 512;

/** Longest value tested against a rule; a longer value is reported as `too_long` instead of being run. */
export const MAX_TESTED_VALUE_LENGTH = 256;

/**
 * Largest RE2 program run (`programSize()`, about one instruction per character class or repeat step). Matching
 * costs at most value length × program size steps; at 500 × 256 that is a few milliseconds of CPU on this
 * 2-core machine even when RE2 falls back from its DFA to its NFA (`make bench` prints the worst case). Real rules are
 * well under 100: `^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$` compiles to 57. Compiling costs the program size too
 * (re2js needs tens of milliseconds for `a{1000}`), so the size is bounded from the text before compiling.
 */
export const MAX_PROGRAM_SIZE = 500;

/** A compiled rule: RE2's `test`, unanchored, like `RegExp#test`. */
export interface LinearRegex {
  test(value: string): boolean;
}

export type CompiledRule =
  | { readonly ok: true; readonly regex: LinearRegex }
  | { readonly ok: false; readonly reason: UnsafeRegexReason; readonly message: string };

function refuse(reason: UnsafeRegexReason, message: string): CompiledRule {
  return { ok: false, reason, message };
}

/** The message of an RE2 error, read defensively (see core/define-validator.ts). */
function messageOf(error: unknown): string {
  try {
    if (error instanceof Error && typeof error.message === "string") return error.message;
  } catch {
    // fall through
  }
  return "the pattern could not be compiled";
}

/**
 * Compiles `source` on the linear-time engine. Synchronous: when the engine is not loaded yet (a browser, before
 * `loadRegexEngine()` settles) the answer is `engine_unavailable`, which callers treat as "not checked yet".
 */
export function compileSafeRegex(source: string): CompiledRule {
  if (typeof source !== "string") return refuse("syntax", "The rule is not a string.");
  if (source.length > MAX_RULE_LENGTH)
    return refuse("too_long", `The rule is longer than ${MAX_RULE_LENGTH} characters.`);
  if (estimateProgramSize(source, MAX_PROGRAM_SIZE) > MAX_PROGRAM_SIZE) {
    return refuse("too_complex", `The rule's repeats expand to more than ${MAX_PROGRAM_SIZE} instructions.`);
  }
  const engine = loadedRegexEngine();
  if (engine === undefined) return refuse("engine_unavailable", "The regular expression engine is not loaded yet.");
  let regex: ReturnType<typeof engine.compile>;
  try {
    regex = engine.compile(toRe2Syntax(source));
  } catch (error) {
    const message = messageOf(error);
    const reason = reasonOf(message, source);
    const explained =
      reason === "lookaround" || reason === "backreference"
        ? `${reason === "lookaround" ? "Lookahead and lookbehind" : "Backreferences"} cannot run in linear time (${message}).`
        : `The rule is not a regular expression this package can run: ${message}.`;
    return refuse(reason, explained);
  }
  const size = regex.programSize();
  if (size > MAX_PROGRAM_SIZE) {
    return refuse("too_complex", `The rule compiles to ${size} instructions; at most ${MAX_PROGRAM_SIZE} are run.`);
  }
  return { ok: true, regex };
}

/** Convenience for callers that only need a yes/no answer (false also while the engine is not loaded). */
export function isSafeRegex(source: string): boolean {
  return compileSafeRegex(source).ok;
}
