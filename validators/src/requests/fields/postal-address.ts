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
 *
 * The UltimateOriginator's Address is read with `partial`: its Street, Town and CountryCode are required only for
 * a non-PSP account ("for PSP accounts only SubaccountNumber is used"), which the rule in
 * `../rules/ultimate-originator.ts` checks when the caller says what the account is.
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

/** The address as the UltimateOriginator may give it: every field optional (see the module comment). */
export type PartialPostalAddress = Partial<PostalAddress>;

export interface PostalAddressOptions extends PresenceOptions {
  /** Street, Town and CountryCode optional too (the UltimateOriginator's Address). */
  readonly partial?: boolean;
}

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
  options: PostalAddressOptions & { readonly partial: true },
): FieldResult<PartialPostalAddress>;
export function readPostalAddress(
  input: unknown,
  path: Path,
  options?: PostalAddressOptions,
): FieldResult<PostalAddress>;
export function readPostalAddress(
  input: unknown,
  path: Path,
  options: PostalAddressOptions = {},
): FieldResult<PostalAddress> {
  const required = options.partial !== true;
  return readFields<PostalAddress>(
    input,
    path,
    (body, take) => {
      // Read in this order (the required fields' issues first), returned in the reference's order.
      const Street = take(readString(field(body, "Street"), [...path, "Street"], { required }));
      const Town = take(readString(field(body, "Town"), [...path, "Town"], { required }));
      const CountryCode = take(
        readWith(field(body, "CountryCode"), [...path, "CountryCode"], (value) => validateCountryCode(value), {
          required,
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
