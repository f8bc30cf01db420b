/**
 * A path as form libraries name a field. react-hook-form, Formik and Final Form join the segments with dots,
 * indices included (`AlternatePaymentRouting.1.Iban`); TanStack Form puts indices in brackets
 * (`AlternatePaymentRouting[1].Iban`). `""` names the request as a whole.
 */
import type { PathSegment } from "../core/issue.js";

/** How array indices are written: `dots` (react-hook-form, the default) or `brackets` (TanStack Form). */
export type IndexStyle = "dots" | "brackets";

/** The field's name; `""` for `[]` and for anything that is not a path (never throws). */
export function fieldNameOf(path: readonly PathSegment[], indices: IndexStyle = "dots"): string {
  if (!Array.isArray(path)) return "";
  try {
    let name = "";
    for (let i = 0; i < path.length; i++) {
      const part: unknown = path[i];
      if (typeof part === "number" && indices === "brackets") name += `[${part}]`;
      else if (typeof part === "string" || typeof part === "number") name += name === "" ? String(part) : `.${part}`;
    }
    return name;
  } catch {
    return ""; // a Proxy whose traps throw
  }
}
