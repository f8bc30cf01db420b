/**
 * The UltimateOriginator object of withdrawals (§ UltimateOriginator): Name (up to 35 characters), Address
 * (the postal address rules) and SubaccountNumber (a string taken from /v1/Accounts({accountId})/Subaccounts).
 * This module checks the shape of what is given. Which members are required depends on whether the account
 * is a PSP account, which the body does not say: that is the rule in `../rules/ultimate-originator.ts`.
 */
import { readPostalAddress, type PostalAddress } from "./postal-address.js";
import { collectIssues, definedFields, fail, field, ok, readObject, readString, type FieldResult, type Path } from "../../core/json-fields.js";

export const ULTIMATE_ORIGINATOR_NAME_MAX_LENGTH = 35;

export interface UltimateOriginator {
  Name?: string;
  Address?: PostalAddress;
  SubaccountNumber?: string;
}

export function readUltimateOriginator(input: unknown, path: Path): FieldResult<UltimateOriginator> {
  const object = readObject(input, path);
  if (object.value === undefined) return { value: undefined, issues: object.issues };
  const body = object.value;
  const { take, issues } = collectIssues();
  const Name = take(readString(field(body, "Name"), [...path, "Name"], { maxLength: ULTIMATE_ORIGINATOR_NAME_MAX_LENGTH }));
  const Address = take(readPostalAddress(field(body, "Address"), [...path, "Address"]));
  const SubaccountNumber = take(readString(field(body, "SubaccountNumber"), [...path, "SubaccountNumber"]));
  if (issues.length > 0) return fail(issues);
  return ok(definedFields<UltimateOriginator>({ Name, Address, SubaccountNumber }));
}
