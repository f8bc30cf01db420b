/**
 * Values a caller of a "takes `unknown`, never throws" function may pass, from careless to hostile: proxies whose
 * every trap throws, objects whose `toString`, `valueOf`, `Symbol.toPrimitive` or getters throw (and throw
 * values that are themselves hostile), symbols, bigints, cyclic and sparse objects, 10^5-element arrays and
 * 1M-character strings. The large ones are built once and shared, so a property can afford them on every run.
 */
import fc from "fast-check";

/** Names the validators read: request fields, routing members and options. A getter on them is reached. */
const KEYS = [
  "Type",
  "CountryCode",
  "Iban",
  "Bic",
  "AccountNumber",
  "SortCode",
  "AccountId",
  "Name",
  "CurrencyCode",
  "PaymentRouting",
  "BeneficiaryType",
  "Address",
  "AdditionalInformation",
  "SupportingDocuments",
  "Individual",
  "Company",
  "Amount",
  "allowNonRegistry",
  "bankCode",
  "routingType",
  "minLength",
  "digitsOnly",
  "beneficiary",
  "account",
  "sectors",
  "additionalInformationRules",
  "withdrawal",
  "currencyCode",
  "length",
  "message",
  "then",
] as const;

/** What a hostile getter or trap throws: an Error, but also values on which `String()` or `instanceof` throw. */
function thrownValue(kind: number): unknown {
  switch (kind % 6) {
    case 0:
      return new Error("boom");
    case 1:
      return throwingProxy({});
    case 2:
      return {
        toString: () => {
          throw new Error("toString");
        },
      };
    case 3:
      return Symbol("thrown");
    case 4:
      return undefined;
    default:
      return Object.defineProperty(new Error("x"), "message", {
        get: () => {
          throw new Error("message");
        },
      });
  }
}

function thrower(kind = 0): () => never {
  return () => {
    throw thrownValue(kind);
  };
}

/** A proxy on `target` whose every trap throws. */
export function throwingProxy(target: object, kind = 0): object {
  const trap = thrower(kind);
  return new Proxy(target, {
    get: trap,
    set: trap,
    has: trap,
    ownKeys: trap,
    getOwnPropertyDescriptor: trap,
    getPrototypeOf: trap,
    setPrototypeOf: trap,
    defineProperty: trap,
    deleteProperty: trap,
    isExtensible: trap,
    preventExtensions: trap,
    apply: trap,
    construct: trap,
  });
}

function throwingGetters(kinds: number): object {
  const object: Record<string, unknown> = {};
  KEYS.forEach((key, index) => Object.defineProperty(object, key, { enumerable: true, get: thrower(kinds + index) }));
  return object;
}

function cyclic(): object {
  const object: Record<string, unknown> = { Type: "BicIban" };
  object["PaymentRouting"] = object;
  object["Address"] = object;
  object["self"] = object;
  const list: unknown[] = [object];
  list.push(list);
  object["SupportingDocuments"] = list;
  return object;
}

const HUGE_STRING = "7".repeat(1_000_000);
const HUGE_SPACES = " ".repeat(1_000_000);
const HUGE_ARRAY = Array.from({ length: 100_000 }, (_, i) => (i % 2 === 0 ? {} : "x"));
const SPARSE_ARRAY = new Array<unknown>(100_000);

/** Any JSON-ish or JavaScript value fast-check makes, with the odd kinds switched on. */
export const oddValues: fc.Arbitrary<unknown> = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

/** Fixed hostile values, each built once, with a name for counterexamples. */
export const hostileConstants: readonly (readonly [name: string, value: unknown])[] = [
  ["proxy {} (every trap throws)", throwingProxy({})],
  ["proxy []", throwingProxy([])],
  ["proxy function", throwingProxy(() => undefined)],
  ["proxy throwing a proxy", throwingProxy({}, 1)],
  ["proxy throwing an object whose toString throws", throwingProxy({}, 2)],
  ["throwing getters", throwingGetters(0)],
  ["throwing getters (other thrown values)", throwingGetters(3)],
  [
    "throwing toString/valueOf/toPrimitive",
    { toString: thrower(), valueOf: thrower(), [Symbol.toPrimitive]: thrower() },
  ],
  ["null prototype, toString not a function", Object.assign(Object.create(null) as object, { toString: 1 })],
  ["symbol", Symbol("s")],
  ["well-known symbol", Symbol.iterator],
  ["bigint 10^40", 10n ** 40n],
  ["bigint -1", -1n],
  ["cyclic object", cyclic()],
  ["1M digits", HUGE_STRING],
  ["1M spaces", HUGE_SPACES],
  ["1M-character IBAN-like", `DE89${"3".repeat(999_996)}`],
  ["10^5-element array", HUGE_ARRAY],
  ["sparse 10^5 array", SPARSE_ARRAY],
  [
    "body with 10^5 documents and a proxy",
    { SupportingDocuments: HUGE_ARRAY, AdditionalInformation: throwingProxy({}), Type: "BicIban" },
  ],
  [
    "options with 10^5 rules",
    { additionalInformationRules: HUGE_ARRAY, sectors: SPARSE_ARRAY, beneficiary: throwingGetters(1) },
  ],
  ["NaN", Number.NaN],
  ["-0", -0],
  ["Infinity", Infinity],
  ["invalid Date", new Date(Number.NaN)],
  ["RegExp", /(a+)+$/],
  ["Map", new Map([[1, 2]])],
  ["Uint8Array", new Uint8Array(4)],
  ["Promise", Promise.resolve(1)],
];

/**
 * A value to pass, boxed: fast-check reads the values it generates (to clone and print them), and a proxy
 * whose traps throw would break fast-check itself. `value()` is called inside the property.
 */
export interface Hostile {
  readonly value: () => unknown;
  toString(): string;
}

function box(name: string, value: unknown): Hostile {
  return { value: () => value, toString: () => name };
}

/** Any value, careless or hostile, for either argument of a public function. */
export const hostileValue: fc.Arbitrary<Hostile> = fc.oneof(
  { arbitrary: fc.constantFrom(...hostileConstants).map(([name, value]) => box(name, value)), weight: 4 },
  { arbitrary: oddValues.map((value) => box(fc.stringify(value), value)), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }).map((text) => box(JSON.stringify(text), text)), weight: 1 },
  // A hostile value under a key the functions read.
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...KEYS), fc.constantFrom(...hostileConstants))
      .map(([key, [name, value]]) => box(`{ ${key}: ${name} }`, { [key]: value })),
    weight: 2,
  },
);
