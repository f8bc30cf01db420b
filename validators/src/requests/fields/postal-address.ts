/**
 * The request address (spec name `PostalAddress`): the CreateWithdrawalBeneficiary Address and the
 * UltimateOriginator Address (a depositor's is depositor-address.ts). Fields and rules from the
 * reference (§ CreateWithdrawalBeneficiary, § UltimateOriginator): Street, Town and CountryCode
 * are required; CountryCode is an ISO 3166-1 alpha-2 code (checked by `validateCountryCode`); HouseNumber,
 * HouseName, FlatNumber, District, County and PostCode are optional strings.
 *
 * Assumption: PostCode is "required where supported" for the UltimateOriginator; the reference does not say
 * which countries support it, so it stays optional here and the server decides. No field length is stated,
 * so none is enforced.
 */
import { validateCountryCode } from "../../identifiers/country-code.js";
import {
  field,
  readFields,
  readString,
  readWith,
  type FieldResult,
  type MembersRead,
  type Path,
  type PresenceOptions,
} from "../../core/json-fields.js";

export interface PostalAddress {
  Street: string;
  HouseNumber?: string;
  HouseName?: string;
  FlatNumber?: string;
  District?: string;
  Town: string;
  County?: string;
  PostCode?: string;
  /** ISO 3166-1 alpha-2, upper case. */
  CountryCode: string;
}

const OPTIONAL_TEXT = ["HouseNumber", "HouseName", "FlatNumber", "District", "County", "PostCode"] as const;

export function readPostalAddress(
  input: unknown,
  path: Path,
  options: PresenceOptions = {},
): FieldResult<PostalAddress> {
  return readFields<PostalAddress>(
    input,
    path,
    (body, take) => {
      // Read in this order (the required fields' issues first), returned in the reference's order.
      const Street = take(readString(field(body, "Street"), [...path, "Street"], { required: true }));
      const Town = take(readString(field(body, "Town"), [...path, "Town"], { required: true }));
      const CountryCode = take(
        readWith(field(body, "CountryCode"), [...path, "CountryCode"], (value) => validateCountryCode(value), {
          required: true,
        }),
      );
      const optional: MembersRead<Pick<PostalAddress, (typeof OPTIONAL_TEXT)[number]>> = {};
      for (const key of OPTIONAL_TEXT) optional[key] = take(readString(field(body, key), [...path, key]));
      return {
        Street,
        HouseNumber: optional.HouseNumber,
        HouseName: optional.HouseName,
        FlatNumber: optional.FlatNumber,
        District: optional.District,
        Town,
        County: optional.County,
        PostCode: optional.PostCode,
        CountryCode,
      };
    },
    options,
  );
}
