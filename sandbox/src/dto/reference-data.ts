/**
 * Reference data DTOs: CurrencyDto (fields as the reference lists them), and CountryDto, SectorDto and
 * PaymentPurposeDto, whose fields the reference does not show (the spec leaves them open objects). The sandbox
 * shows what its records hold: a country's ISO code and name, a sector's name and vertical (the ReceiverLei
 * rule needs the vertical), a payment purpose's name.
 */
import type { CountryRecord, CurrencyRecord, PaymentPurposeRecord, SectorRecord } from "../state/records.js";

export interface CurrencyDto {
  readonly Id: string;
  readonly Name: string;
  readonly Type: string;
  readonly Format: string;
  readonly FormatTemplate: string;
  readonly SignificantDigits: number;
}

/** Sandbox fields: Id is the ISO 3166-1 alpha-2 code. */
export interface CountryDto {
  readonly Id: string;
  readonly Name: string;
}

/** Id and Name as the spec assumes them; Vertical (e.g. "FI") is the sandbox's addition. */
export interface SectorDto {
  readonly Id: number;
  readonly Name: string;
  readonly Vertical: string;
}

/** Id as the spec assumes it (the value of PaymentPurposeId / BoEPurposeCodeId); Name is the sandbox's addition. */
export interface PaymentPurposeDto {
  readonly Id: number;
  readonly Name: string;
}

export function toCurrencyDto(currency: CurrencyRecord): CurrencyDto {
  return {
    Id: currency.Id,
    Name: currency.Name,
    Type: currency.Type,
    Format: currency.Format,
    FormatTemplate: currency.FormatTemplate,
    SignificantDigits: currency.SignificantDigits,
  };
}

export function toCountryDto(country: CountryRecord): CountryDto {
  return { Id: country.Id, Name: country.Name };
}

export function toSectorDto(sector: SectorRecord): SectorDto {
  return { Id: sector.Id, Name: sector.Name, Vertical: sector.Vertical };
}

export function toPaymentPurposeDto(purpose: PaymentPurposeRecord): PaymentPurposeDto {
  return { Id: purpose.Id, Name: purpose.Name };
}
