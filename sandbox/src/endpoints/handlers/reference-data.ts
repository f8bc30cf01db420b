/**
 * Reference data (spec/paths/reference-data.yaml): countries (all, or by the sandbox's filter types for an
 * account or entity of the caller), currencies, sectors, and payment purposes (BoE codes, per bank country,
 * generic). The filter types are sandbox behaviour: the reference does not show the allowed values.
 */
import {
  badRequest,
  entity,
  list,
  notFound,
  type Handler,
  type HandlerResult,
  type HandlerTable,
  type RequestContext,
} from "../api/handler.js";
import { toCountryDto, toCurrencyDto, toPaymentPurposeDto, toSectorDto } from "../dto/reference-data.js";
import type { Store } from "../../foundation/state/store.js";

/** The filter types the seeded countries carry, spelled as seeded. */
function knownFilterTypes(store: Store): string[] {
  return [...new Set(store.countries.all().flatMap((country) => country.filters))];
}

/** The countries a filter type selects; filter types are compared ignoring case. 400 for an unknown one. */
function countriesFiltered(
  context: RequestContext & { readonly path: { readonly filterType: string } },
): HandlerResult {
  const requested = context.path.filterType.trim();
  const known = knownFilterTypes(context.store);
  const filter = known.find((name) => name.toLowerCase() === requested.toLowerCase());
  if (filter === undefined) {
    return badRequest("unknown_filter_type", `FilterType must be one of ${known.join(", ")}.`, "filterType");
  }
  return list(context.store.countries.filter((country) => country.filters.includes(filter)).map(toCountryDto));
}

const listAccountCountries: Handler<"listAccountCountries"> = (context) =>
  context.store.accountOf(context.tenant, context.path.accountId) === undefined
    ? notFound("The account")
    : countriesFiltered(context);

const listEntityCountries: Handler<"listEntityCountries"> = (context) =>
  context.store.owned(context.store.entities, context.tenant, context.path.entityId) === undefined
    ? notFound("The entity")
    : countriesFiltered(context);

const getCurrency: Handler<"getCurrency"> = (context) => {
  const currency = context.store.currencies.get(context.path.id);
  return currency === undefined ? notFound("The currency") : entity(toCurrencyDto(currency));
};

type Purpose = { readonly CountryCode?: string; readonly boe: boolean };

const purposes =
  <C extends RequestContext>(select: (purpose: Purpose, context: C) => boolean) =>
  (context: C) =>
    list(context.store.paymentPurposes.filter((purpose) => select(purpose, context)).map(toPaymentPurposeDto));

export const referenceDataHandlers = {
  listCountries: (context) => list(context.store.countries.all().map(toCountryDto)),
  listCurrencies: (context) => list(context.store.currencies.all().map(toCurrencyDto)),
  getCurrency,
  listSectors: (context) => list(context.store.sectors.all().map(toSectorDto)),
  listAccountCountries,
  listEntityCountries,
  listBoEPaymentPurposes: purposes((purpose) => purpose.boe),
  listCountryPaymentPurposes: purposes(
    (purpose, context: RequestContext & { readonly path: { readonly CountryCode: string } }) =>
      !purpose.boe && purpose.CountryCode !== undefined && purpose.CountryCode === context.path.CountryCode,
  ),
  listGenericPaymentPurposes: purposes((purpose) => !purpose.boe && purpose.CountryCode === undefined),
} satisfies Partial<HandlerTable>;
