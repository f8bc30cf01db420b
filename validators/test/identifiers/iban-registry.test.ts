/**
 * The IBAN table against the SWIFT IBAN Registry itself (release 102, kept as fixtures/…r102.txt), entry by
 * entry, and the list of every place where ibantools, the table's former source, differs from the registry.
 */
import * as ibantools from "ibantools";
import { describe, expect, it } from "vitest";
import { calcIbanCheckDigits, ibanFormats, validateIban } from "../../src/index.js";
import { IBANTOOLS_DIFFERENCES } from "./ibantools-differences.js";
import { expandStructure, readRegistry } from "./swift-registry.js";

const registry = readRegistry();
const ours = new Map(ibanFormats().map((format) => [format.country, format]));

type Spec = (typeof ibantools.countrySpecs)[string];

/** ibantools' BBAN regular expression as classes per position, as expandStructure gives the registry's. */
function ibantoolsClasses(spec: Spec | undefined): string {
  const classOf: Record<string, string> = { "[0-9]": "n", "[A-Z]": "a", "[A-Z0-9]": "c", "[0-9A-Z]": "c" };
  return [...(spec?.bban_regexp ?? "").matchAll(/(\[[^\]]+\])\{(\d+)\}/g)]
    .map(([, cls = "", count = "0"]) => (classOf[cls] ?? "?").repeat(Number(count)))
    .join("");
}

describe("SWIFT IBAN Registry release 102 (the fixture)", () => {
  it("has 89 entries, each consistent with itself", () => {
    expect(registry).toHaveLength(89);
    for (const entry of registry) {
      const bban = expandStructure(entry.bbanStructure);
      expect({ country: entry.country, bban: bban.length, iban: entry.ibanLength }).toEqual({
        country: entry.country,
        bban: entry.bbanLength,
        iban: entry.bbanLength + 4,
      });
      // The IBAN structure is written in groups of its own (CZ: "4!n6!n10!n" where the BBAN says "4!n16!n").
      expect(entry.ibanStructure.slice(0, 2)).toBe(entry.country);
      expect(expandStructure(entry.ibanStructure.slice(2))).toBe(`nn${bban}`);
    }
  });
});

describe("the IBAN table against the registry", () => {
  it("has exactly the registry's entries as registry countries, besides the territory codes it lists", () => {
    const territories = registry.filter((entry) => entry.country !== "GB").flatMap((entry) => entry.includes);
    const registryCountries = [...ours.values()].filter((format) => format.registry).map((format) => format.country);
    expect(registryCountries.sort()).toEqual([...registry.map((entry) => entry.country), ...territories].sort());
  });

  it.each(registry.map((entry) => [entry.country, entry] as const))(
    "%s: same length and BBAN structure",
    (country, entry) => {
      const format = ours.get(country);
      expect({ length: format?.length, bban: format?.bban }).toEqual({
        length: entry.ibanLength,
        bban: expandStructure(entry.bbanStructure),
      });
      for (const territory of entry.country === "GB" ? [] : entry.includes) {
        expect({ territory, length: ours.get(territory)?.length, bban: ours.get(territory)?.bban }).toEqual({
          territory,
          length: format?.length,
          bban: format?.bban,
        });
      }
    },
  );

  it("leaves GB's IM, JE and GG out, as ibantools does: their accounts have GB IBANs", () => {
    expect(registry.find((entry) => entry.country === "GB")?.includes).toEqual(["IM", "JE", "GG"]);
    for (const code of ["IM", "JE", "GG"]) expect(ours.has(code)).toBe(false);
  });

  it.each(registry.map((entry) => [entry.country, entry] as const))(
    "%s: accepts the registry's examples",
    (_, entry) => {
      const electronic = validateIban(entry.electronicExample);
      expect(electronic.ok && electronic.value).toBe(entry.electronicExample);
      const printed = validateIban(entry.printExample);
      expect(printed.ok && printed.value).toBe(entry.electronicExample);
    },
  );
});

describe("ibantools against the registry", () => {
  it("differs exactly where the list says, and the table follows the registry there", () => {
    const found = new Map<string, string>();
    for (const entry of registry) {
      const spec = ibantools.countrySpecs[entry.country];
      if (ibantoolsClasses(spec) !== expandStructure(entry.bbanStructure) || spec?.chars !== entry.ibanLength) {
        found.set(entry.country, `BBAN ${entry.bbanStructure}`);
      } else if (spec?.IBANRegistry !== true) found.set(entry.country, "registry entry");
      for (const territory of entry.country === "GB" ? [] : entry.includes) {
        if (ibantools.countrySpecs[territory]?.IBANRegistry !== true)
          found.set(territory, `covered by the ${entry.country} entry`);
      }
    }
    // Countries ibantools flags as registry entries that the registry does not list (none in release 102).
    const covered = new Set(registry.flatMap((entry) => [entry.country, ...entry.includes]));
    for (const [country, spec] of Object.entries(ibantools.countrySpecs)) {
      if (spec.IBANRegistry === true && !covered.has(country)) found.set(country, "not in the registry");
    }
    expect(Object.fromEntries([...found].sort())).toEqual(
      Object.fromEntries(
        Object.entries(IBANTOOLS_DIFFERENCES)
          .map(([country, { registry }]) => [country, registry])
          .sort(),
      ),
    );
    for (const [country, { ibantools: theirs }] of Object.entries(IBANTOOLS_DIFFERENCES)) {
      if (!theirs.startsWith("[")) continue;
      expect(ibantools.countrySpecs[country]?.bban_regexp).toBe(`^${theirs}$`);
    }
  });

  /** A BBAN per structural difference where the registry and ibantools give opposite verdicts. */
  const witnesses: readonly (readonly [country: string, bban: string, registryAccepts: boolean])[] = [
    ["BY", "123410100000000296600000", true],
    ["DO", "123400000001212453611324", true],
    ["GE", "N10000000101904917", false],
    ["IE", "123493115212345678", false],
    ["PK", "SCBL00000011234567AB", true],
    ["PK", "12340000001123456702", false],
    ["PS", "PALS00000000040012345670A", true],
    ["PS", "1234000000000400123456702", false],
    ["TR", "00061A0519786457841326", false],
    ["VG", "12340000012345678901", false],
  ];

  it.each(witnesses)("%s %s: ours %s, ibantools the opposite", (country, bban, registryAccepts) => {
    const iban = `${country}${calcIbanCheckDigits(country, bban)}${bban}`;
    expect(iban.length).toBe(ours.get(country)?.length);
    expect(validateIban(iban).ok, iban).toBe(registryAccepts);
    expect(ibantools.isValidIBAN(iban), iban).toBe(!registryAccepts);
  });
});
