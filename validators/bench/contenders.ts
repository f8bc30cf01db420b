/**
 * Every contender adapted to the same shape, `(input: string) => boolean`, per group: ours first, then the
 * peers. Each adapter is its own function literal so that no call site is shared between contenders.
 */
import { isValidBIC, isValidIBAN } from "ibantools";
import iban from "iban";
import { BIC as IbankitBIC, IBAN as IbankitIBAN } from "ibankit";
import validator from "validator";
import { validate as abaValidate } from "abavalidator";
import bic from "bic";
import { stdnum, type Validator as StdnumValidator } from "stdnum";
import {
  isValidBic,
  validateAbaRoutingNumber,
  validateBic,
  validateClabe,
  validateIban,
  validateLei,
  validateNzAccountNumber,
} from "../src/index.js";
import type { GroupId } from "./inputs.js";

export type Check = (input: string) => boolean;

export interface Contender {
  readonly name: string;
  readonly check: Check;
}

export interface GroupContenders {
  readonly title: string;
  readonly ours: Contender;
  /** Other entry points of ours timed beside it (the boolean shortcut `isValid*`), each against the peers too. */
  readonly alsoOurs?: readonly Contender[];
  readonly peers: readonly Contender[];
  /** Peers the issue names that have no validator for this group, so the report can say so. */
  readonly absent: readonly string[];
  /** Ours' verdict on an input in words, to show why ours rejects what a peer accepts. */
  readonly explainOurs: (input: string) => string;
}

type OurResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly issues: readonly { readonly code: string; readonly message: string }[] };

/** "accepted", or the first issue's code and message (and how many more issues there are). */
function explain(result: OurResult): string {
  if (result.ok) return "accepted";
  const [first, ...more] = result.issues;
  if (first === undefined) return "rejected without an issue";
  return `${first.code}: ${first.message}${more.length > 0 ? ` (+${more.length} more)` : ""}`;
}

/**
 * The npm `stdnum` package keeps its validators under country codes (`stdnum.MX.clabe`); look one up by its
 * abbreviation or name so that a validator added by a later version is picked up without editing this file.
 */
function findStdnum(
  country: string | undefined,
  match: RegExp,
): { key: string; validator: StdnumValidator } | undefined {
  const countries = country === undefined ? Object.keys(stdnum) : [country];
  for (const code of countries) {
    for (const [key, candidate] of Object.entries(stdnum[code] ?? {})) {
      if (match.test(key) || match.test(candidate.abbreviation ?? "") || match.test(candidate.name)) {
        return { key: `stdnum.${code}.${key}`, validator: candidate };
      }
    }
  }
  return undefined;
}

/**
 * Adds the stdnum contender when the installed version has one, and records its absence otherwise.
 * `adapt` comes from the caller so that each group's stdnum adapter is a function literal of its own.
 */
function withStdnum(
  peers: Contender[],
  absent: string[],
  found: ReturnType<typeof findStdnum>,
  what: string,
  adapt: (found: StdnumValidator) => Check,
): Contender[] {
  if (found === undefined) {
    absent.push(`stdnum (no ${what} validator)`);
    return peers;
  }
  return [...peers, { name: found.key, check: adapt(found.validator) }];
}

function ibanGroup(): GroupContenders {
  const absent: string[] = [];
  const peers = withStdnum(
    [
      // ibantools expects the electronic format; every input is in it already.
      { name: "ibantools.isValidIBAN", check: (s) => isValidIBAN(s) },
      { name: "iban.isValid", check: (s) => iban.isValid(s) },
      { name: "ibankit IBAN.isValid", check: (s) => IbankitIBAN.isValid(s) },
      { name: "validator.isIBAN", check: (s) => validator.isIBAN(s) },
    ],
    absent,
    findStdnum(undefined, /^iban$/i),
    "IBAN",
    (v) => (s) => v.validate(s).isValid,
  );
  return {
    title: "IBAN",
    ours: { name: "ours validateIban", check: (s) => validateIban(s).ok },
    peers,
    absent,
    explainOurs: (s) => explain(validateIban(s)),
  };
}

function bicGroup(): GroupContenders {
  return {
    title: "BIC",
    ours: { name: "ours validateBic", check: (s) => validateBic(s).ok },
    alsoOurs: [{ name: "ours isValidBic", check: (s) => isValidBic(s) }],
    peers: [
      { name: "bic.isValid", check: (s) => bic.isValid(s) },
      { name: "validator.isBIC", check: (s) => validator.isBIC(s) },
      { name: "ibantools.isValidBIC", check: (s) => isValidBIC(s) },
      { name: "ibankit BIC.isValid", check: (s) => IbankitBIC.isValid(s) },
    ],
    absent: ["stdnum (no BIC validator)"],
    explainOurs: (s) => explain(validateBic(s)),
  };
}

function abaGroup(): GroupContenders {
  const absent: string[] = [];
  const peers = withStdnum(
    [
      { name: "abavalidator.validate", check: (s) => abaValidate(s) },
      { name: "validator.isAbaRouting", check: (s) => validator.isAbaRouting(s) },
    ],
    absent,
    findStdnum("US", /^(rtn|aba)$/i),
    "US routing number",
    (v) => (s) => v.validate(s).isValid,
  );
  return {
    title: "ABA routing number",
    ours: { name: "ours validateAbaRoutingNumber", check: (s) => validateAbaRoutingNumber(s).ok },
    peers,
    absent,
    explainOurs: (s) => explain(validateAbaRoutingNumber(s)),
  };
}

function leiGroup(): GroupContenders {
  const absent: string[] = ["validator (no LEI validator)"];
  const peers = withStdnum([], absent, findStdnum(undefined, /^lei$/i), "LEI", (v) => (s) => v.validate(s).isValid);
  return {
    title: "LEI",
    ours: { name: "ours validateLei", check: (s) => validateLei(s).ok },
    peers,
    absent,
    explainOurs: (s) => explain(validateLei(s)),
  };
}

function clabeGroup(): GroupContenders {
  const absent: string[] = [];
  const peers = withStdnum([], absent, findStdnum("MX", /^clabe$/i), "CLABE", (v) => (s) => v.validate(s).isValid);
  return {
    title: "CLABE (Mexico)",
    ours: { name: "ours validateClabe", check: (s) => validateClabe(s).ok },
    peers,
    absent,
    explainOurs: (s) => explain(validateClabe(s)),
  };
}

function nzGroup(): GroupContenders {
  const absent: string[] = [];
  const peers = withStdnum(
    [],
    absent,
    findStdnum("NZ", /^bank$/i),
    "NZ bank account",
    (v) => (s) => v.validate(s).isValid,
  );
  return {
    title: "NZ bank account number",
    ours: { name: "ours validateNzAccountNumber", check: (s) => validateNzAccountNumber(s).ok },
    peers,
    absent,
    explainOurs: (s) => explain(validateNzAccountNumber(s)),
  };
}

export const GROUPS: Readonly<Record<GroupId, () => GroupContenders>> = {
  IBAN: ibanGroup,
  BIC: bicGroup,
  ABA: abaGroup,
  LEI: leiGroup,
  CLABE: clabeGroup,
  NZ: nzGroup,
};
