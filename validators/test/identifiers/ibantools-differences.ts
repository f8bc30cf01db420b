/**
 * Every difference between ibantools 4.5's `countrySpecs` and the SWIFT IBAN Registry release 102, with the
 * registry's value (the one the IBAN table follows). Structures in the registry's notation, ibantools' BBAN
 * regular expression as it is written. iban-registry.test.ts checks that this is the whole list;
 * validators/README.md carries the same list for readers.
 */
export const IBANTOOLS_DIFFERENCES: Readonly<
  Record<string, { readonly registry: string; readonly ibantools: string }>
> = {
  BY: { registry: "BBAN 4!c4!n16!c", ibantools: "[A-Z]{4}[0-9]{4}[A-Z0-9]{16}" },
  DO: { registry: "BBAN 4!c20!n", ibantools: "[A-Z]{4}[0-9]{20}" },
  GE: { registry: "BBAN 2!a16!n", ibantools: "[A-Z0-9]{2}[0-9]{16}" },
  IE: { registry: "BBAN 4!a6!n8!n", ibantools: "[A-Z0-9]{4}[0-9]{14}" },
  PK: { registry: "BBAN 4!a16!c", ibantools: "[A-Z0-9]{4}[0-9]{16}" },
  PS: { registry: "BBAN 4!a21!c", ibantools: "[A-Z0-9]{4}[0-9]{21}" },
  TR: { registry: "BBAN 5!n1!n16!c", ibantools: "[0-9]{5}[A-Z0-9]{17}" },
  VG: { registry: "BBAN 4!a16!n", ibantools: "[A-Z0-9]{4}[0-9]{16}" },
  BI: { registry: "registry entry", ibantools: "IBANRegistry: false" },
  DJ: { registry: "registry entry", ibantools: "IBANRegistry: false" },
  FK: { registry: "registry entry", ibantools: "IBANRegistry: false" },
  HN: { registry: "registry entry", ibantools: "IBANRegistry: false" },
  BL: { registry: "covered by the FR entry", ibantools: "IBANRegistry: false (the other French territories: true)" },
};

/** The countries whose BBAN structure ibantools gets wrong: ours and ibantools disagree on some IBANs there. */
export const STRUCTURE_DIFFERENCES: readonly string[] = Object.entries(IBANTOOLS_DIFFERENCES)
  .filter(([, difference]) => difference.registry.startsWith("BBAN"))
  .map(([country]) => country);
