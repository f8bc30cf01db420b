/** How a domain command's outcome becomes the API's answer: 200, or the refusal's status with an OData error. */
import { ok, rejected, type HandlerResult } from "../api/handler.js";
import type { Done, InvalidRequest } from "../../model/domain/outcomes.js";
import type { CommandRefusal } from "../../model/domain/refusals.js";

/**
 * A refusal's body field (`AccountId`, `UltimateOriginator/SubaccountNumber`) as the API's `target`: a JSON pointer
 * into the body (RFC 6901), the one form every 400 about the body carries, the validators' details included.
 */
export function bodyPointer(field: string): string {
  return `/${field
    .split("/")
    .map((name) => name.replaceAll("~", "~0"))
    .join("/")}`;
}

/**
 * A refused command as the API answers it; validator issues become one detail each, their targets under `prefix`
 * (the handler's `bodyPointer`: `/Request` when the body was the part of a multipart one).
 */
export function commandResult(outcome: Done | CommandRefusal | InvalidRequest, prefix = ""): HandlerResult {
  if (outcome.ok) return ok();
  if ("issues" in outcome) return rejected(outcome.issues, prefix);
  const { status, code, message, target } = outcome;
  return {
    kind: "error",
    error: target === undefined ? { status, code, message } : { status, code, message, target: bodyPointer(target) },
  };
}
