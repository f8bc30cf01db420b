/**
 * The inputs every contender of a group is timed and judged on: a fixed, seeded mix built once before any
 * timing starts, so every run and every contender sees exactly the same strings in the same order.
 *
 * Per group (1,000 inputs by default):
 * - 70 % real examples (registry examples, published identifiers), sampled with repetition;
 * - 20 % single-character mutations of an example (the class of typo every check digit scheme targets);
 * - 10 % "check-digit-fixed" mutations where the scheme has a check digit: one character of the body is
 *   changed and the check digits are recomputed, so only the structure rules (BBAN format, national check
 *   digits, Fed prefix, bank and city codes) can catch it. Groups without one get 30 % plain mutations.
 *
 * The check digit helpers below only construct inputs; nothing here decides whether an input is valid.
 */

export type GroupId = "IBAN" | "BIC" | "ABA" | "LEI" | "CLABE" | "NZ";

/** Where an input came from, so the report can say how ours treats each kind. */
export type InputKind = "example" | "mutation" | "checkFixed";

export interface InputSet {
  readonly group: GroupId;
  readonly inputs: readonly string[];
  readonly kinds: readonly InputKind[];
  /** How many distinct real examples the valid share is sampled from. */
  readonly distinctExamples: number;
}

interface GroupSource {
  readonly examples: readonly string[];
  /** Turns a mutated example back into one whose check digits are right; absent when there are none. */
  readonly fixCheckDigits?: (mutated: string) => string;
  /** Positions a check-digit-fixed mutation may touch (the check digits themselves are excluded). */
  readonly bodyPositions?: (example: string) => readonly number[];
}

const DIGITS = "0123456789";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// ---------------------------------------------------------------------------------------------------------
// Real examples, written down from public sources (registries, bank websites, the GLEIF register). Every
// entry was checked once when the list was written: the IBANs and BICs against ibantools, iban, ibankit
// and validator, the routing numbers against abavalidator and validator, the LEIs' MOD 97-10 remainder,
// the CLABEs and NZ accounts against stdnum.

/** The example IBAN of each country in the SWIFT IBAN registry (electronic format). */
const IBAN_EXAMPLES = [
  "AD1200012030200359100100",
  "AE070331234567890123456",
  "AL47212110090000000235698741",
  "AT611904300234573201",
  "AZ21NABZ00000000137010001944",
  "BA391290079401028494",
  "BE68539007547034",
  "BG80BNBG96611020345678",
  "BH67BMAG00001299123456",
  "BI4210000100010000332045181",
  "BR1800360305000010009795493C1",
  "BY13NBRB3600900000002Z00AB00",
  "CH9300762011623852957",
  "CR05015202001026284066",
  "CY17002001280000001200527600",
  "CZ6508000000192000145399",
  "DE89370400440532013000",
  "DJ2100010000000154000100186",
  "DK5000400440116243",
  "DO28BAGR00000001212453611324",
  "EE382200221020145685",
  "EG380019000500000000263180002",
  "ES9121000418450200051332",
  "FI2112345600000785",
  "FK88SC123456789012",
  "FO6264600001631634",
  "FR1420041010050500013M02606",
  "GB29NWBK60161331926819",
  "GE29NB0000000101904917",
  "GI75NWBK000000007099453",
  "GL8964710001000206",
  "GR1601101250000000012300695",
  "GT82TRAJ01020000001210029690",
  "HN88CABF00000000000250005469",
  "HR1210010051863000160",
  "HU42117730161111101800000000",
  "IE29AIBK93115212345678",
  "IL620108000000099999999",
  "IQ98NBIQ850123456789012",
  "IS140159260076545510730339",
  "IT60X0542811101000000123456",
  "JO94CBJO0010000000000131000302",
  "KW81CBKU0000000000001234560101",
  "KZ86125KZT5004100100",
  "LB62099900000001001901229114",
  "LC55HEMM000100010012001200023015",
  "LI21088100002324013AA",
  "LT121000011101001000",
  "LU280019400644750000",
  "LV80BANK0000435195001",
  "LY83002048000020100120361",
  "MC5811222000010123456789030",
  "MD24AG000225100013104168",
  "ME25505000012345678951",
  "MK07250120000058984",
  "MN121234123456789123",
  "MR1300020001010000123456753",
  "MT84MALT011000012345MTLCAST001S",
  "MU17BOMM0101101030300200000MUR",
  "NI45BAPR00000013000003558124",
  "NL91ABNA0417164300",
  "NO9386011117947",
  "OM810180000001299123456",
  "PK36SCBL0000001123456702",
  "PL61109010140000071219812874",
  "PS92PALS000000000400123456702",
  "PT50000201231234567890154",
  "QA58DOHB00001234567890ABCDEFG",
  "RO49AAAA1B31007593840000",
  "RS35260005601001611379",
  "RU0304452522540817810538091310419",
  "SA0380000000608010167519",
  "SC18SSCB11010000000000001497USD",
  "SD2129010501234001",
  "SE4550000000058398257466",
  "SI56263300012039086",
  "SK3112000000198742637541",
  "SM86U0322509800000000270100",
  "SO211000001001000100141",
  "ST68000100010051845310112",
  "SV62CENR00000000000000700025",
  "TL380080012345678910157",
  "TN5910006035183598478831",
  "TR330006100519786457841326",
  "UA213223130000026007233566001",
  "VA59001123000012345678",
  "VG96VPVG0000012345678901",
  "XK051212012345678906",
  "YE15CBYE0001018861234567891234",
];

/** Published BIC8 and BIC11 of banks in many countries. */
const BIC_EXAMPLES = [
  "DEUTDEFF",
  "DEUTDEFF500",
  "NWBKGB2L",
  "BNPAFRPP",
  "COBADEFFXXX",
  "CHASUS33",
  "BOFAUS3N",
  "CITIUS33",
  "HSBCHKHH",
  "UBSWCHZH80A",
  "RABONL2U",
  "INGBNL2A",
  "ABNANL2A",
  "BARCGB22",
  "MIDLGB22",
  "SOGEFRPP",
  "CRLYFRPP",
  "AGRIFRPP",
  "BCITITMM",
  "UNCRITMM",
  "BSCHESMM",
  "CAIXESBB",
  "BBVAESMM",
  "KREDBEBB",
  "GEBABEBB",
  "NDEAFIHH",
  "ESSESESS",
  "HANDSESS",
  "DABADKKK",
  "DNBANOKK",
  "POALILIT",
  "BKCHCNBJ",
  "ICBKCNBJ",
  "MHCBJPJT",
  "BOTKJPJT",
  "SMBCJPJT",
  "ANZBAU3M",
  "WPACAU2S",
  "CTBAAU2S",
  "NATAAU33",
  "ROYCCAT2",
  "TDOMCATT",
  "BNORPHMM",
  "DBSSSGSG",
  "OCBCSGSG",
  "HDFCINBB",
  "SBININBB",
  "ICICINBB",
  "BCMAMAMC",
  "NBEGEGCX",
  "SABBSARI",
  "NBADAEAA",
  "EBILAEAD",
  "QNBAQAQA",
  "AIBKIE2D",
  "BOFIIE2D",
  "BKAUATWW",
  "RZBAATWW",
  "GIBAATWW",
  "PKOPPLPW",
  "BREXPLPW",
  "KOMBCZPP",
  "CEKOCZPP",
  "OTPVHUHB",
  "BTRLRO22",
  "UNCRBGSF",
  "ZABAHR2X",
  "LJBASI2X",
  "BBRUBEBB",
  "SNSBNL2A",
  "TRIONL2U",
  "BUNQNL2A",
  "REVOLT21",
  "NTSBDEB1",
  "PBNKDEFF",
  "COLSDE33",
  "MARKDEF1100",
  "GENODEF1M04",
  "SSKMDEMMXXX",
  "HYVEDEMM",
  "DRESDEFF",
  "BYLADEMM",
  "HELADEFF",
  "WELADED1",
  "LOYDGB2L",
  "HBUKGB4B",
  "MONZGB2L",
  "CRESCHZZ80A",
  "POFICHBE",
  "ZKBKCHZZ80A",
  "BCEELULL",
  "BGLLLULL",
  "CCRALULL",
  "BILLLULL",
  "NEDSZAJJ",
  "FIRNZAJJ",
  "SBZAZAJJ",
  "ABSAZAJJ",
  "ANZBNZ22",
  "ASBBNZ2A",
  "BKNZNZ22",
  "WPACNZ2W",
  "BRADBRSP",
  "ITAUBRSP",
  "BOFMCAM2",
  "CIBCCATT",
  "NOSCCATT",
  "BMSXMXMM",
  "BNMXMXMM",
  "BCMRMXMM",
  "KOEXKRSE",
  "SHBKKRSE",
  "HVBKKRSE",
];

/** Routing numbers of Federal Reserve Banks and of large US banks and credit unions. */
const ABA_EXAMPLES = [
  "011000015",
  "021000021",
  "026009593",
  "121000358",
  "011000138",
  "011401533",
  "021000089",
  "021001088",
  "031000503",
  "044000037",
  "053000196",
  "063100277",
  "061000104",
  "071000013",
  "072000326",
  "073000228",
  "081000032",
  "091000019",
  "101000187",
  "102001017",
  "111000025",
  "111000614",
  "121000248",
  "122000247",
  "122000661",
  "122105278",
  "123000220",
  "125000024",
  "125000105",
  "011075150",
  "011103093",
  "021200339",
  "021300077",
  "022000020",
  "031100649",
  "031201360",
  "036001808",
  "041000124",
  "042000013",
  "043000096",
  "051000017",
  "052001633",
  "053101121",
  "054001204",
  "055002707",
  "056008849",
  "062000019",
  "064000020",
  "065000090",
  "066000109",
  "067000030",
  "256074974",
  "211274450",
  "322271627",
  "307070115",
  "314074269",
  "226070584",
  "261071315",
  "321171184",
  "324377516",
  "011900254",
  "021202337",
  "231372691",
  "011002550",
  "083000137",
  "084000026",
  "021407912",
  "067014822",
  "263191387",
  "103000648",
  "104000029",
  "107002192",
  "113000023",
  "114000093",
  "061000052",
  "031176110",
  "043318092",
  "075000022",
  "041215663",
];

/** Legal Entity Identifiers of banks and large companies from the GLEIF register. */
const LEI_EXAMPLES = [
  "5493001KJTIIGC8Y1R12",
  "7LTWFZYICNSX8D621K86",
  "8I5DZWZKVSZI1NUHU748",
  "HWUPKR0MPOU8FGXBT394",
  "529900T8BM49AURSDO55",
  "549300MLUDYVRQOOXS22",
  "W22LROWP2IHZNBB6K528",
  "K6Q0W1PS1L1O4IQL9C32",
  "7H6GLXDRUGQFU57RNE97",
  "R0MUWSFPU8MPRO8K5P83",
  "1VUV7VQFKUOQSJ21A208",
  "O2RNE8IBXP4R0TD8PU41",
  "MP6I5ZYZBEU3UXPYFY54",
  "784F5XWPLTWKTBV3E584",
  "549300ZFEEJ2IP5VME73",
  "INR2EJN1ERAN0W5ZP974",
  "2138002P5RNKC5W2JZ46",
  "213800WAVVOPS85N2205",
  "G5GSEF7VJP5I7OUK5573",
  "5493006MHB84DD0ZWV18",
  "B4TYDEB6GKMZO031MB27",
  "E57ODZWZ7FF32TWEFA76",
  "54930084UKLVMY22DS16",
  "IGJSJL3JD5P30I6NJZ34",
  "MLU0ZO3ML4LN2LL2TL39",
  "724500VKKSH9QOLTFR81",
  "VWMYAEQSTOPNV0SUGU82",
  "PQOH26KWDF7CG10L6792",
];

/**
 * Mexican CLABEs: four widely published examples, plus accounts at real bank and city codes (Banamex,
 * BBVA, Santander, HSBC, Banorte, Azteca, BanCoppel, Scotiabank, Inbursa, Bajío, Banregio) whose control
 * digit was computed when the list was written.
 */
const CLABE_EXAMPLES = [
  "002010077777777771",
  "032180000118359719",
  "014180655012345674",
  "646180110400000007",
  "012180001234567899",
  "021180040123456788",
  "072580001234567895",
  "127180013012345679",
  "137180123456789014",
  "044180001234567896",
  "036180500012345671",
  "030225900012345679",
  "058580000012345678",
  "014320009876543219",
  "072320123456789010",
  "012580011223344558",
];

/**
 * New Zealand bank accounts (bank-branch-account-suffix): five widely published examples, plus accounts at
 * real bank and branch codes whose last account digits were chosen to pass the bank's algorithm.
 */
const NZ_EXAMPLES = [
  "01-0902-0068389-00",
  "12-3140-0171323-50",
  "08-6523-1954512-001",
  "26-2600-0320871-032",
  "01-0902-0068389-083",
  "01-0242-0100194-00",
  "02-1290-0552405-000",
  "03-1702-0192902-00",
  "06-0501-0682505-00",
  "38-9000-7654303-00",
  "12-3191-0412318-00",
  "02-0108-0123408-00",
  "11-7800-1234501-00",
  "15-3900-0456701-00",
  "25-2500-0123406-00",
  "30-2900-0111207-000",
  "01-1839-0987618-00",
  "03-0104-0333408-25",
];

// ---------------------------------------------------------------------------------------------------------
// Check digit construction (ISO 7064 MOD 97-10 and the 3-7-1 weighted sums), used to build the
// check-digit-fixed mutations only.

function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const value = Number.parseInt(char, 36);
    remainder = (value > 9 ? remainder * 100 + value : remainder * 10 + value) % 97;
  }
  return remainder;
}

const twoDigits = (n: number): string => String(n).padStart(2, "0");

/** Sum of the digits weighted 3, 7, 1, 3, 7, 1, ... (ABA routing numbers and CLABEs). */
function weighted371(digits: string): number {
  const weights = [3, 7, 1] as const;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i % 3]!;
  return sum;
}

/** IBAN: check digits 2-3 make the rearranged number (BBAN + country + check digits) ≡ 1 mod 97. */
const ibanWithCheckDigits = (s: string): string =>
  `${s.slice(0, 2)}${twoDigits(98 - mod97(`${s.slice(4)}${s.slice(0, 2)}00`))}${s.slice(4)}`;

/** LEI: the last two characters make the whole identifier ≡ 1 mod 97. */
const leiWithCheckDigits = (s: string): string => `${s.slice(0, 18)}${twoDigits(98 - mod97(`${s.slice(0, 18)}00`))}`;

/** ABA: the 3-7-1 weighted sum of all nine digits is a multiple of 10 (the ninth digit has weight 1). */
const abaWithCheckDigit = (s: string): string => `${s.slice(0, 8)}${(10 - (weighted371(s.slice(0, 8)) % 10)) % 10}`;

/** CLABE: the control digit is 10 minus the 3-7-1 weighted sum of the first 17 digits, modulo 10. */
const clabeWithCheckDigit = (s: string): string => `${s.slice(0, 17)}${(10 - (weighted371(s.slice(0, 17)) % 10)) % 10}`;

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

const SOURCES: Readonly<Record<GroupId, GroupSource>> = {
  // Change one BBAN character, then make the MOD 97-10 check digits right again.
  IBAN: {
    examples: IBAN_EXAMPLES,
    bodyPositions: (example) => range(4, example.length),
    fixCheckDigits: ibanWithCheckDigits,
  },
  BIC: { examples: BIC_EXAMPLES },
  // Change the Federal Reserve prefix (first two digits), then fix the ninth digit.
  ABA: { examples: ABA_EXAMPLES, bodyPositions: () => [0, 1], fixCheckDigits: abaWithCheckDigit },
  LEI: { examples: LEI_EXAMPLES, bodyPositions: () => range(0, 18), fixCheckDigits: leiWithCheckDigits },
  // Change the bank or city code, then fix the control digit.
  CLABE: { examples: CLABE_EXAMPLES, bodyPositions: () => range(0, 6), fixCheckDigits: clabeWithCheckDigit },
  // No check digit to fix: the algorithm depends on the bank; plain mutations of the bank and branch
  // codes already reach the bank/branch tables (algorithm A gives the bank code weight 0).
  NZ: { examples: NZ_EXAMPLES },
};

// ---------------------------------------------------------------------------------------------------------
// Seeded randomness and the mix.

/** mulberry32: small, fast, good enough to make a reproducible sample. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** Replace the character at `position` by a different one, usually of the same class (digit or letter). */
function mutateAt(random: () => number, text: string, position: number): string {
  const original = text[position] ?? "";
  const sameClass = DIGITS.includes(original) ? DIGITS : LETTERS;
  const alphabet = random() < 0.8 ? sameClass : DIGITS + LETTERS;
  let replacement = original;
  while (replacement === original) replacement = pick(random, [...alphabet]);
  return `${text.slice(0, position)}${replacement}${text.slice(position + 1)}`;
}

function alphanumericPositions(text: string): number[] {
  return range(0, text.length).filter((i) => /[0-9A-Z]/.test(text[i] ?? ""));
}

export interface InputOptions {
  readonly size: number;
  readonly seed: number;
}

export function buildInputSet(group: GroupId, { size, seed }: InputOptions): InputSet {
  const source = SOURCES[group];
  const random = seededRandom(seed ^ hash(group));
  const validCount = Math.round(size * 0.7);
  const checkFixedCount = source.fixCheckDigits === undefined ? 0 : Math.round(size * 0.1);
  const mutationCount = size - validCount - checkFixedCount;

  const entries: { input: string; kind: InputKind }[] = [];
  for (let i = 0; i < validCount; i++) entries.push({ input: pick(random, source.examples), kind: "example" });
  for (let i = 0; i < mutationCount; i++) {
    const example = pick(random, source.examples);
    entries.push({ input: mutateAt(random, example, pick(random, alphanumericPositions(example))), kind: "mutation" });
  }
  const { fixCheckDigits, bodyPositions } = source;
  if (fixCheckDigits !== undefined && bodyPositions !== undefined) {
    for (let i = 0; i < checkFixedCount; i++) {
      const example = pick(random, source.examples);
      const mutated = mutateAt(random, example, pick(random, bodyPositions(example)));
      entries.push({ input: fixCheckDigits(mutated), kind: "checkFixed" });
    }
  }

  // Fisher-Yates, so valid and invalid inputs are interleaved the same way on every run.
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [entries[i], entries[j]] = [entries[j]!, entries[i]!];
  }
  return {
    group,
    inputs: entries.map((entry) => entry.input),
    kinds: entries.map((entry) => entry.kind),
    distinctExamples: new Set(source.examples).size,
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}
