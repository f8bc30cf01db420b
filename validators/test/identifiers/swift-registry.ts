/**
 * Reads the SWIFT IBAN Registry's tab-separated text (fixtures/swift_iban_registry_202606.r102.txt): one row
 * per data element, one column per registry entry, cells quoted CSV-style when they hold a comma.
 */
import { readFileSync } from "node:fs";

export interface RegistryEntry {
  readonly country: string;
  readonly name: string;
  /** Other codes the entry covers ("Country code includes other countries/territories"), e.g. AX under FI. */
  readonly includes: readonly string[];
  /** The registry's BBAN structure, e.g. "4!n4!n12!c". */
  readonly bbanStructure: string;
  readonly bbanLength: number;
  readonly ibanStructure: string;
  readonly ibanLength: number;
  readonly electronicExample: string;
  readonly printExample: string;
}

const FIXTURE = new URL("./fixtures/swift_iban_registry_202606.r102.txt", import.meta.url);

function unquote(cell: string): string {
  return cell.startsWith('"') && cell.endsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
}

export function readRegistry(): RegistryEntry[] {
  const rows = new Map<string, string[]>();
  for (const line of readFileSync(FIXTURE, "utf8").split("\n")) {
    if (line === "") continue;
    const [element = "", ...cells] = line.split("\t");
    rows.set(element, cells.map(unquote));
  }
  const row = (element: string): string[] => {
    const cells = rows.get(element);
    if (cells === undefined) throw new Error(`the registry text has no "${element}" row`);
    return cells;
  };
  const countries = row("IBAN prefix country code (ISO 3166)");
  const cell = (element: string, index: number): string => (row(element)[index] ?? "").trim();
  return countries.map((country, index) => {
    const includes = cell("Country code includes other countries/territories", index);
    return {
      country,
      name: cell("Name of country", index),
      includes: includes === "N/A" ? [] : includes.split(",").map((code) => code.trim().slice(0, 2)),
      bbanStructure: cell("BBAN structure", index),
      bbanLength: Number(cell("BBAN length", index)),
      ibanStructure: cell("IBAN structure", index),
      ibanLength: Number(cell("IBAN length", index)),
      electronicExample: cell("IBAN electronic format example", index),
      printExample: cell("IBAN print format example", index),
    };
  });
}

/** "4!n4!n12!c" → "nnnnnnnncccccccccccc": one class letter per BBAN position (n digit, a letter, c either). */
export function expandStructure(structure: string): string {
  let out = "";
  let rest = structure;
  while (rest !== "") {
    const match = /^(\d+)!([nac])/.exec(rest);
    if (match === null) throw new Error(`not a fixed-length registry structure: ${structure}`);
    out += (match[2] ?? "").repeat(Number(match[1]));
    rest = rest.slice(match[0].length);
  }
  return out;
}
