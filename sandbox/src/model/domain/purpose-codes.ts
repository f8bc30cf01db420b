/**
 * BoEPurposeCodeId takes "values from the BoEPaymentPurposes endpoint": the validators check that it is an int32,
 * the sandbox that it is one of the codes it lists (a payment purpose marked as a Bank of England code).
 */
import type { Store } from "../../foundation/state/store.js";
import { badRequest, type CommandRefusal } from "./refusals.js";

export function unknownBoEPurposeCode(store: Store, id: number | undefined): CommandRefusal | undefined {
  if (id === undefined || store.paymentPurposes.get(id)?.boe === true) return undefined;
  const message = `BoEPurposeCodeId ${id} is not one of the BoEPaymentPurposes.`;
  return badRequest("unknown_boe_purpose_code", message, "BoEPurposeCodeId");
}
