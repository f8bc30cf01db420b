/**
 * Near-valid JSON bodies: a valid body with exactly one thing wrong, the way a client gets a body wrong on the
 * wire: a member missing, `null`, blank, of another JSON type, a string one character off (a check digit, a
 * letter where a digit goes, a separator), a number out of range, a property of another routing type. Every
 * mutation keeps the body JSON (no NaN, no undefined), so the spec has a verdict on it.
 */
import fc from "fast-check";

type Json = unknown;
type Segment = string | number;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Every path to a member or an item of `value`, and the paths of its objects (for added properties). */
function pathsOf(value: Json, prefix: readonly Segment[] = []): { members: Segment[][]; objects: Segment[][] } {
  const members: Segment[][] = [];
  const objects: Segment[][] = [];
  const visit = (node: Json, path: readonly Segment[]): void => {
    if (Array.isArray(node))
      node.forEach((item, index) => (members.push([...path, index]), visit(item, [...path, index])));
    else if (isRecord(node)) {
      objects.push([...path]);
      for (const [key, member] of Object.entries(node)) {
        members.push([...path, key]);
        visit(member, [...path, key]);
      }
    }
  };
  visit(value, prefix);
  return { members, objects };
}

function getAt(value: Json, path: readonly Segment[]): Json {
  return path.reduce<Json>((node, segment) => (node as Record<Segment, Json>)[segment], value);
}

/** A copy of `value` with the member at `path` replaced by `replacement` (or removed, for `REMOVE`). */
const REMOVE = Symbol("remove");
function withAt(value: Json, path: readonly Segment[], replacement: Json | typeof REMOVE): Json {
  const copy = structuredClone(value);
  const parent = getAt(copy, path.slice(0, -1)) as Record<Segment, Json> & Json[];
  const last = path[path.length - 1] as Segment;
  if (replacement !== REMOVE) parent[last] = replacement;
  else if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete parent[last];
  return copy;
}

const DIGITS = "0123456789";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** One character changed, added or dropped: check digits, lengths, character classes, separators. */
function stringEdits(text: string): fc.Arbitrary<string> {
  const position = fc.nat({ max: Math.max(0, text.length - 1) });
  const character = fc.constantFrom(...DIGITS, ...LETTERS, "a", "z", "-", "/", ".", "!", "é", "_", " ");
  return fc.oneof(
    fc.tuple(position, character).map(([at, char]) => text.slice(0, at) + char + text.slice(at + 1)),
    fc.tuple(position, character).map(([at, char]) => text.slice(0, at) + char + text.slice(at)),
    character.map((char) => text + char),
    position.map((at) => text.slice(0, at) + text.slice(at + 1)),
    fc.constant(text.repeat(2)),
  );
}

/** A value of another JSON type than `value`. */
function otherType(value: Json): fc.Arbitrary<Json> {
  const all: Json[] = [7, "7", true, {}, [], [value]];
  return fc.constantFrom(
    ...all.filter(
      (candidate) => typeof candidate !== typeof value || Array.isArray(candidate) !== Array.isArray(value),
    ),
  );
}

const numbers = fc.constantFrom(0, -1, 0.5, 1e-9, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e21);

/** Properties that belong to another routing type or to no shape of the spec. */
const strayProperties = fc.constantFrom<[string, Json]>(
  ["Extra", "x"],
  ["SortCode", "123456"],
  ["Iban", "DE89370400440532013000"],
  ["AccountNumber", "12345678"],
  ["Bic", "DEUTDEFF"],
  ["RoutingTransitNumber", "021000021"],
);

export interface Mutation {
  readonly description: string;
  readonly body: Json;
}

/** `body` with one thing wrong (see the module comment); the description names it for a counterexample. */
export function nearValid(body: Json): fc.Arbitrary<Mutation> {
  const { members, objects } = pathsOf(body);
  const at = (path: readonly Segment[]) => `/${path.join("/")}`;
  const options: fc.Arbitrary<Mutation>[] = [];
  if (members.length > 0) {
    const member = fc.constantFrom(...members);
    options.push(
      member.map((path) => ({ description: `${at(path)} removed`, body: withAt(body, path, REMOVE) })),
      member.map((path) => ({ description: `${at(path)} null`, body: withAt(body, path, null) })),
      fc
        .tuple(member, fc.constantFrom("", "   "))
        .map(([path, blank]) => ({ description: `${at(path)} blank`, body: withAt(body, path, blank) })),
      member.chain((path) =>
        otherType(getAt(body, path)).map((other) => ({
          description: `${at(path)} = ${JSON.stringify(other)}`,
          body: withAt(body, path, other),
        })),
      ),
    );
    const strings = members.filter((path) => typeof getAt(body, path) === "string");
    if (strings.length > 0) {
      options.push(
        fc.constantFrom(...strings).chain((path) =>
          stringEdits(getAt(body, path) as string).map((text) => ({
            description: `${at(path)} = ${JSON.stringify(text)}`,
            body: withAt(body, path, text),
          })),
        ),
      );
    }
    const numeric = members.filter((path) => typeof getAt(body, path) === "number");
    if (numeric.length > 0) {
      options.push(
        fc
          .tuple(fc.constantFrom(...numeric), numbers)
          .map(([path, number]) => ({ description: `${at(path)} = ${number}`, body: withAt(body, path, number) })),
      );
    }
  }
  if (objects.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...objects), strayProperties).map(([path, [key, value]]) => ({
        description: `${at([...path, key])} added`,
        body: withAt(body, [...path, key], value),
      })),
    );
  }
  return options.length === 0 ? fc.constant({ description: "unchanged", body }) : fc.oneof(...options);
}
