/**
 * The UltimateOriginator object of withdrawals (§ UltimateOriginator): Name (up to 35 characters), Address
 * (the postal address rules) and SubaccountNumber (a string taken from /v1/Accounts({accountId})/Subaccounts).
 * This module checks the shape of what is given. Which members are required depends on whether the account
 * is a PSP account, which the body does not say: that is the rule in `../rules/ultimate-originator.ts`.
 */
import { readPostalAddress, type PartialPostalAddress } from "./postal-address.js";
import { field, readFields, readString, type FieldResult, type Path } from "../../core/json-fields.js";

export const ULTIMATE_ORIGINATOR_NAME_MAX_LENGTH = 35;

export interface UltimateOriginator {
  Name?: string;
  /** Street, Town and CountryCode are required for a non-PSP account only (the rule checks them). */
  Address?: PartialPostalAddress;
  SubaccountNumber?: string;
}

export function readUltimateOriginator(input: unknown, path: Path): FieldResult<UltimateOriginator> {
  return readFields<UltimateOriginator>(input, path, (body, take) => ({
    Name: take(readString(field(body, "Name"), [...path, "Name"], { maxLength: ULTIMATE_ORIGINATOR_NAME_MAX_LENGTH })),
    Address: take(readPostalAddress(field(body, "Address"), [...path, "Address"], { partial: true })),
    SubaccountNumber: take(readString(field(body, "SubaccountNumber"), [...path, "SubaccountNumber"])),
  }));
}
