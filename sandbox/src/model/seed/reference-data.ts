/**
 * Reference data shared by every tenant: currencies, countries (with the FilterType values that select them),
 * sectors, payment purposes and mid rates. The reference shows none of these values; they are sandbox data,
 * chosen so that every rule can be tried: JPY has no minor unit, AE and CN have their own payment purposes,
 * "Banks" and "Building Societies" are FI sectors (ReceiverLei), "Other (please specify)" needs IndustryDetails.
 */
import type {
  CountryRecord,
  CurrencyRecord,
  PaymentPurposeRecord,
  RateRecord,
  SectorRecord,
} from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";

const twoDecimals = "#,##0.00";

export const seededCurrencies: readonly CurrencyRecord[] = [
  {
    Id: "GBP",
    Name: "Pound Sterling",
    Type: "Fiat",
    Format: twoDecimals,
    FormatTemplate: "£{0}",
    SignificantDigits: 2,
  },
  { Id: "EUR", Name: "Euro", Type: "Fiat", Format: twoDecimals, FormatTemplate: "€{0}", SignificantDigits: 2 },
  { Id: "USD", Name: "US Dollar", Type: "Fiat", Format: twoDecimals, FormatTemplate: "${0}", SignificantDigits: 2 },
  {
    Id: "CHF",
    Name: "Swiss Franc",
    Type: "Fiat",
    Format: twoDecimals,
    FormatTemplate: "CHF {0}",
    SignificantDigits: 2,
  },
  { Id: "JPY", Name: "Japanese Yen", Type: "Fiat", Format: "#,##0", FormatTemplate: "¥{0}", SignificantDigits: 0 },
  {
    Id: "AUD",
    Name: "Australian Dollar",
    Type: "Fiat",
    Format: twoDecimals,
    FormatTemplate: "A${0}",
    SignificantDigits: 2,
  },
  {
    Id: "CAD",
    Name: "Canadian Dollar",
    Type: "Fiat",
    Format: twoDecimals,
    FormatTemplate: "C${0}",
    SignificantDigits: 2,
  },
  {
    Id: "NZD",
    Name: "New Zealand Dollar",
    Type: "Fiat",
    Format: twoDecimals,
    FormatTemplate: "NZ${0}",
    SignificantDigits: 2,
  },
  { Id: "INR", Name: "Indian Rupee", Type: "Fiat", Format: twoDecimals, FormatTemplate: "₹{0}", SignificantDigits: 2 },
  {
    Id: "NGN",
    Name: "Nigerian Naira",
    Type: "Fiat",
    Format: twoDecimals,
    FormatTemplate: "₦{0}",
    SignificantDigits: 2,
  },
  {
    Id: "MXN",
    Name: "Mexican Peso",
    Type: "Fiat",
    Format: twoDecimals,
    FormatTemplate: "MX${0}",
    SignificantDigits: 2,
  },
  {
    Id: "CNH",
    Name: "Chinese Yuan (offshore)",
    Type: "Fiat",
    Format: twoDecimals,
    FormatTemplate: "CN¥{0}",
    SignificantDigits: 2,
  },
  { Id: "AED", Name: "UAE Dirham", Type: "Fiat", Format: twoDecimals, FormatTemplate: "AED {0}", SignificantDigits: 2 },
];

/**
 * The FilterType values of `Countries(FilterType = ...)`, sandbox behaviour (the reference does not show them):
 *   All          every country the sandbox knows;
 *   Beneficiary  where a withdrawal beneficiary may live (all but comprehensively sanctioned countries);
 *   BankAccount  where the bank account of a withdrawal beneficiary may be (the countries of the sandbox's
 *                currencies and the euro area members it lists).
 */
export const countryFilterTypes = ["All", "Beneficiary", "BankAccount"] as const;

const sanctioned = new Set(["CU", "IR", "KP", "SY"]);
const bankAccountCountries = new Set([
  "AE",
  "AT",
  "AU",
  "BE",
  "CA",
  "CH",
  "CN",
  "DE",
  "ES",
  "FR",
  "GB",
  "IE",
  "IN",
  "IT",
  "JP",
  "MX",
  "NG",
  "NL",
  "NZ",
  "PT",
  "US",
]);

const countryNames: readonly (readonly [string, string])[] = [
  ["AE", "United Arab Emirates"],
  ["AT", "Austria"],
  ["AU", "Australia"],
  ["BE", "Belgium"],
  ["BR", "Brazil"],
  ["CA", "Canada"],
  ["CH", "Switzerland"],
  ["CN", "China"],
  ["CU", "Cuba"],
  ["DE", "Germany"],
  ["DK", "Denmark"],
  ["ES", "Spain"],
  ["FR", "France"],
  ["GB", "United Kingdom"],
  ["HK", "Hong Kong"],
  ["IE", "Ireland"],
  ["IN", "India"],
  ["IR", "Iran"],
  ["IT", "Italy"],
  ["JP", "Japan"],
  ["KP", "North Korea"],
  ["MX", "Mexico"],
  ["NG", "Nigeria"],
  ["NL", "Netherlands"],
  ["NO", "Norway"],
  ["NZ", "New Zealand"],
  ["PL", "Poland"],
  ["PT", "Portugal"],
  ["SE", "Sweden"],
  ["SG", "Singapore"],
  ["SY", "Syria"],
  ["US", "United States"],
  ["ZA", "South Africa"],
];

export const seededCountries: readonly CountryRecord[] = countryNames.map(([Id, Name]) => ({
  Id,
  Name,
  filters: [
    "All",
    ...(sanctioned.has(Id) ? [] : ["Beneficiary"]),
    ...(bankAccountCountries.has(Id) ? ["BankAccount"] : []),
  ],
}));

/** Sectors (industries); the ids of the spec's example are kept. FI is the vertical of financial institutions. */
export const seededSectors: readonly SectorRecord[] = [
  { Id: 1, Name: "Agriculture", Vertical: "Corporate" },
  { Id: 2, Name: "Asset Management", Vertical: "FI" },
  { Id: 3, Name: "Banks", Vertical: "FI" },
  { Id: 4, Name: "Building Societies", Vertical: "FI" },
  { Id: 5, Name: "Construction", Vertical: "Corporate" },
  { Id: 6, Name: "Education", Vertical: "Corporate" },
  { Id: 7, Name: "Retail", Vertical: "Corporate" },
  { Id: 8, Name: "Wholesale Trade", Vertical: "Corporate" },
  { Id: 9, Name: "Information Technology", Vertical: "Corporate" },
  { Id: 10, Name: "Insurance", Vertical: "FI" },
  { Id: 11, Name: "Professional Services", Vertical: "Corporate" },
  { Id: 12, Name: "Textiles and Apparel", Vertical: "Corporate" },
  { Id: 13, Name: "Transport and Logistics", Vertical: "Corporate" },
  { Id: 14, Name: "Travel and Tourism", Vertical: "Corporate" },
  { Id: 15, Name: "Payment Services", Vertical: "FI" },
  { Id: 16, Name: "Manufacturing", Vertical: "Corporate" },
  { Id: 18, Name: "Pharmaceuticals", Vertical: "Corporate" },
  { Id: 98, Name: "Other Financial Services", Vertical: "FI" },
  { Id: 99, Name: "Other (please specify)", Vertical: "Corporate" },
];

const purpose = (
  Id: number,
  Name: string,
  extra: { CountryCode?: string; boe?: boolean } = {},
): PaymentPurposeRecord => ({
  Id,
  Name,
  ...(extra.CountryCode === undefined ? {} : { CountryCode: extra.CountryCode }),
  boe: extra.boe ?? false,
});

/** Generic purposes (1–), BoE purpose codes for GBP (101–), and the purposes of AE (201–) and CN (301–). */
export const seededPaymentPurposes: readonly PaymentPurposeRecord[] = [
  purpose(1, "Payment for goods"),
  purpose(2, "Payment for services"),
  purpose(3, "Salary and payroll"),
  purpose(4, "Intra-group transfer"),
  purpose(5, "Investment"),
  purpose(6, "Other"),
  purpose(101, "BKS - Bank-to-bank transfer", { boe: true }),
  purpose(102, "GDS - Goods", { boe: true }),
  purpose(103, "SVS - Services", { boe: true }),
  purpose(104, "SAL - Salaries and wages", { boe: true }),
  purpose(105, "INV - Investment", { boe: true }),
  purpose(106, "TAX - Tax payment", { boe: true }),
  purpose(107, "PRP - Property purchase", { boe: true }),
  purpose(108, "OTH - Other", { boe: true }),
  purpose(201, "GDS - Goods bought or sold", { CountryCode: "AE" }),
  purpose(202, "SAL - Salary", { CountryCode: "AE" }),
  purpose(203, "FAM - Family support", { CountryCode: "AE" }),
  purpose(204, "RNT - Rent payments", { CountryCode: "AE" }),
  purpose(205, "IFS - Information services", { CountryCode: "AE" }),
  purpose(206, "EDU - Educational support", { CountryCode: "AE" }),
  purpose(301, "Trade in goods", { CountryCode: "CN" }),
  purpose(302, "Trade in services", { CountryCode: "CN" }),
  purpose(303, "Current transfer", { CountryCode: "CN" }),
  purpose(304, "Capital account transfer", { CountryCode: "CN" }),
];

/** Units of each currency per US dollar; the mid rates are derived from them (6 significant digits). */
const unitsPerUsd: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  CHF: 0.88,
  JPY: 151.5,
  AUD: 1.52,
  CAD: 1.36,
  NZD: 1.66,
  INR: 83.4,
  NGN: 1480,
  MXN: 17.1,
  CNH: 7.24,
  AED: 3.6725,
};

const majors = ["GBP", "EUR", "USD", "CHF", "JPY", "AUD", "CAD", "NZD"];
const others = ["INR", "NGN", "MXN", "CNH", "AED"];
/** The currencies the others are quoted against; other pairs (NGN/JPY, INR/MXN, ...) have no rate. */
const quotedAgainst = ["GBP", "EUR", "USD"];

function rate(source: string, target: string): RateRecord {
  const midRate = Number(((unitsPerUsd[target] ?? NaN) / (unitsPerUsd[source] ?? NaN)).toPrecision(6));
  if (!Number.isFinite(midRate)) throw new Error(`no USD value for ${source} or ${target}`);
  return { SourceCurrencyCode: source, TargetCurrencyCode: target, MidRate: midRate };
}

/** Every pair of major currencies, and each other currency against GBP, EUR and USD, both ways. */
export function seededRates(): RateRecord[] {
  const pairs: [string, string][] = [];
  for (const source of majors) for (const target of majors) if (source !== target) pairs.push([source, target]);
  for (const other of others) {
    for (const major of quotedAgainst) pairs.push([other, major], [major, other]);
  }
  return pairs.map(([source, target]) => rate(source, target));
}

export function seedReferenceData(store: Store): void {
  store.atomically(() => {
    for (const currency of seededCurrencies) store.currencies.insert(currency);
    for (const country of seededCountries) store.countries.insert(country);
    for (const sector of seededSectors) store.sectors.insert(sector);
    for (const paymentPurpose of seededPaymentPurposes) store.paymentPurposes.insert(paymentPurpose);
    for (const midRate of seededRates()) store.rates.insert(midRate);
  });
}
