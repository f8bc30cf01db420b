/**
 * A depositor's address in an AssignDepositorDto (spec name `AssignDepositorAddress`): the fields of the
 * reference's AddressDto (§ "Address"), Street, HouseNumber, HouseName, FlatNumber, District, Town, County,
 * PostCode and CountryCode, all strings. The reference states no required field and no format for it, so every
 * field is optional free text (empty ones are left out, as everywhere).
 */
import {
  field,
  readFields,
  readString,
  type FieldResult,
  type MembersRead,
  type Path,
} from "../../core/json-fields.js";

export interface DepositorAddress {
  Street?: string;
  HouseNumber?: string;
  HouseName?: string;
  FlatNumber?: string;
  District?: string;
  Town?: string;
  County?: string;
  PostCode?: string;
  CountryCode?: string;
}

const FIELDS = [
  "Street",
  "HouseNumber",
  "HouseName",
  "FlatNumber",
  "District",
  "Town",
  "County",
  "PostCode",
  "CountryCode",
] as const;

export function readDepositorAddress(input: unknown, path: Path): FieldResult<DepositorAddress> {
  return readFields<DepositorAddress>(input, path, (body, take) => {
    const value: MembersRead<DepositorAddress> = {};
    for (const key of FIELDS) value[key] = take(readString(field(body, key), [...path, key]));
    return value;
  });
}
