/**
 * Reference data DTOs: CurrencyDto (fields as the reference lists them), and CountryDto, SectorDto and
 * PaymentPurposeDto, whose fields the reference does not show. The sandbox shows what its records hold, typed as
 * the client's DTO and the sandbox's extension (fields the spec does not list; response schemas stay open to
 * them): a country's ISO code and name (CountryDto is an open object), a sector's vertical (the ReceiverLei rule
 * needs it), a payment purpose's name.
 */
import type { CountryDto, CurrencyDto, PaymentPurposeDto, SectorDto } from "@account-funds/client";
import type {
  CountryRecord,
  CurrencyRecord,
  PaymentPurposeRecord,
  SectorRecord,
} from "../../foundation/state/records.js";

/** Sandbox extension of the open CountryDto: Id is the ISO 3166-1 alpha-2 code, Name the country's English name. */
export type SandboxCountryDto = CountryDto & { readonly Id: string; readonly Name: string };

/** Sandbox extension of SectorDto (Id and Name, as the spec assumes them): Vertical, e.g. "FI". */
export type SandboxSectorDto = SectorDto & { readonly Vertical: string };

/** Sandbox extension of PaymentPurposeDto (Id: the value of PaymentPurposeId / BoEPurposeCodeId): its Name. */
export type SandboxPaymentPurposeDto = PaymentPurposeDto & { readonly Name: string };

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

export function toCountryDto(country: CountryRecord): SandboxCountryDto {
  return { Id: country.Id, Name: country.Name };
}

export function toSectorDto(sector: SectorRecord): SandboxSectorDto {
  return { Id: sector.Id, Name: sector.Name, Vertical: sector.Vertical };
}

export function toPaymentPurposeDto(purpose: PaymentPurposeRecord): SandboxPaymentPurposeDto {
  return { Id: purpose.Id, Name: purpose.Name };
}
