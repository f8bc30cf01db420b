/**
 * IBAN formats by country: ISO 13616-1, SWIFT IBAN Registry release 102 (89 entries), in a compact notation
 * that a test checks, entry by entry, against the registry's own text (test/identifiers/fixtures/).
 *
 * Notation: "AD8n12c" is Andorra, a BBAN of 8 digits then 12 letters-or-digits; the IBAN is 4 characters
 * longer than the BBAN. n = digit, a = upper-case letter, c = either (the registry's n, a and c).
 */
import { nationalChecks, type NationalCheck } from "./iban-national-checks.js";

/**
 * The registry: 89 entries plus 13 codes the registry lists under a parent entry with the parent's format
 * (AX under FI; BL, GF, GP, MF, MQ, NC, PF, PM, RE, TF, WF, YT under FR; GB's IM, JE and GG are left out, as
 * in ibantools: their accounts have GB IBANs). ibantools 4.5, the former source, differs from the registry for
 * BY, DO, GE, IE, PK, PS, TR and VG (BBAN structure), BI, DJ, FK, HN and BL (registry membership): the
 * registry's values are used, and the README lists both.
 */
const REGISTRY =
  "AD8n12c AE19n AL8n16c AT16n AX14n AZ4a20c BA16n BE12n BG4a6n8c BH4a14c BI23n BL10n11c2n BR23n1a1c " +
  "BY4c4n16c CH5n12c CR18n CY8n16c CZ20n DE18n DJ23n DK14n DO4c20n EE16n EG25n ES20n FI14n FK2a12n FO14n " +
  "FR10n11c2n GB4a14n GE2a16n GF10n11c2n GI4a15c GL14n GP10n11c2n GR7n16c GT24c HN4a20n HR17n HU24n IE4a14n " +
  "IL19n IQ4a15n IS22n IT1a10n12c JO4a4n18c KW4a22c KZ3n13c LB4n20c LC4a24c LI5n12c LT16n LU3n13c LV4a13c " +
  "LY21n MC10n11c2n MD20c ME18n MF10n11c2n MK3n10c2n MN16n MQ10n11c2n MR23n MT4a5n18c MU4a19n3a NC10n11c2n " +
  "NI4a20n NL4a10n NO11n OM3n16c PF10n11c2n PK4a16c PL24n PM10n11c2n PS4a21c PT21n QA4a21c RE10n11c2n " +
  "RO4a16c RS18n RU14n15c SA2n18c SC4a20n3a SD14n SE20n SI15n SK20n SM1a10n12c SO19n ST21n SV4a20n " +
  "TF10n11c2n TL19n TN20n TR5n1n16c UA6n19c VA18n VG4a16n WF10n11c2n XK16n YE4a4n18c YT10n11c2n";

/**
 * National IBAN formats that ibantools knows but the SWIFT registry does not list (mostly the BCEAO/BEAC
 * zones of West and Central Africa): accepted only with `allowNonRegistry`.
 */
const NON_REGISTRY =
  "AO21n BF2c22n BJ2c22n CF23n CG23n CI1a23n CM23n CV21n DZ22n GA23n GQ23n GW2a19n IR22n KM23n MA24n " +
  "MG23n ML2c22n MZ21n NE2a22n SN2a22n TD23n TG2a22n";

export interface IbanFormat {
  readonly country: string;
  /** Length of the electronic IBAN. */
  readonly length: number;
  /** One class letter per BBAN position: `n`, `a` or `c`. */
  readonly bban: string;
  /** The registry notation of the BBAN, e.g. "8n12c", for messages. */
  readonly notation: string;
  readonly registry: boolean;
  readonly national: NationalCheck | undefined;
}

let byCountry: (IbanFormat | undefined)[] | undefined;

/** Parses the tables into a 26×26 array on first use: no work at import time, O(1) lookups after. */
function table(): (IbanFormat | undefined)[] {
  if (byCountry !== undefined) return byCountry;
  const built: (IbanFormat | undefined)[] = new Array<IbanFormat | undefined>(676).fill(undefined);
  for (const [list, registry] of [
    [REGISTRY, true],
    [NON_REGISTRY, false],
  ] as const) {
    for (const entry of list.split(" ")) {
      const country = entry.slice(0, 2);
      const notation = entry.slice(2);
      const bban = expand(notation);
      built[slot(entry.charCodeAt(0), entry.charCodeAt(1))] = {
        country,
        length: 4 + bban.length,
        bban,
        notation,
        registry,
        national: nationalChecks[country],
      };
    }
  }
  return (byCountry = built);
}

/**
 * "8n12c" → "nnnnnnnncccccccccccc", built with join so the string is flat: charCodeAt on a concatenated
 * (cons) string is several times slower in V8's optimised code.
 */
function expand(notation: string): string {
  const classes: string[] = [];
  let count = 0;
  for (let i = 0; i < notation.length; i++) {
    const code = notation.charCodeAt(i);
    if (code <= 0x39) count = count * 10 + (code - 0x30);
    else {
      for (; count > 0; count--) classes.push(notation.charAt(i));
    }
  }
  return classes.join("");
}

function slot(first: number, second: number): number {
  return (first - 0x41) * 26 + (second - 0x41);
}

/** The format for the country whose upper-case letters have char codes `first` and `second`. */
export function ibanFormat(first: number, second: number): IbanFormat | undefined {
  if (first < 0x41 || first > 0x5a || second < 0x41 || second > 0x5a) return undefined;
  return table()[slot(first, second)];
}

/** Every format, registry entries first, for tools and tests. */
export function ibanFormats(): IbanFormat[] {
  return table()
    .filter((format): format is IbanFormat => format !== undefined)
    .sort((a, b) => Number(b.registry) - Number(a.registry) || a.country.localeCompare(b.country));
}
