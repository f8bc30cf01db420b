/** How a domain command's outcome becomes the API's answer: 200, or the refusal's status with an OData error. */
import { ok, rejected, type HandlerResult } from "../api/handler.js";
import type { Done, InvalidRequest } from "../domain/outcomes.js";
import type { CommandRefusal } from "../domain/refusals.js";

/** A refused command as the API answers it; validator issues become one detail each. */
export function commandResult(outcome: Done | CommandRefusal | InvalidRequest): HandlerResult {
  if (outcome.ok) return ok();
  if ("issues" in outcome) return rejected(outcome.issues);
  const { status, code, message, target } = outcome;
  return { kind: "error", error: target === undefined ? { status, code, message } : { status, code, message, target } };
}
