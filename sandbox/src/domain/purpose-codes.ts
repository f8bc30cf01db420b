/**
 * BoEPurposeCodeId takes "values from the BoEPaymentPurposes endpoint": the validators check that it is an int32,
 * the sandbox that it is one of the codes it lists (a payment purpose marked as a Bank of England code).
 */
import type { Store } from "../state/store.js";
import { refuse, type CommandRefusal } from "./outcomes.js";

export function unknownBoEPurposeCode(store: Store, id: number | undefined): CommandRefusal | undefined {
  if (id === undefined || store.paymentPurposes.get(id)?.boe === true) return undefined;
  return refuse(
    400,
    "unknown_boe_purpose_code",
    `BoEPurposeCodeId ${id} is not one of the BoEPaymentPurposes.`,
    "BoEPurposeCodeId",
  );
}
