import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  childPointer,
  componentRefName,
  deref,
  escapePointerSegment,
  formatPointer,
  isPointer,
  JsonPointerError,
  parsePointer,
  refPointer,
  resolvePointer,
  resolveRef,
  unescapePointerSegment,
} from "../../src/json-pointer/json-pointer.js";

/** Strings rich in the two characters RFC 6901 escapes, and in escape-like sequences (`~0`, `~1`, `~01`). */
const token = fc.string({ unit: fc.constantFrom("~", "/", "0", "1", "a", " ", "é", "%"), maxLength: 12 });
const anyToken = fc.oneof({ arbitrary: token, weight: 4 }, { arbitrary: fc.string(), weight: 1 });

describe("RFC 6901 escaping", () => {
  it("unescapes what it escapes, for any token", () => {
    fc.assert(fc.property(anyToken, (text) => unescapePointerSegment(escapePointerSegment(text)) === text));
  });

  it("escapes so that no `/` is left and every `~` starts ~0 or ~1", () => {
    fc.assert(
      fc.property(anyToken, (text) => {
        const escaped = escapePointerSegment(text);
        return !escaped.includes("/") && !/~(?![01])/.test(escaped);
      }),
    );
  });

  it("parses what it formats, segment for segment, and formats what it parses", () => {
    fc.assert(
      fc.property(fc.array(anyToken, { maxLength: 6 }), (segments) => {
        const pointer = formatPointer(segments);
        expect(isPointer(pointer)).toBe(true);
        expect(parsePointer(pointer)).toEqual(segments);
        expect(formatPointer(parsePointer(pointer))).toBe(pointer);
      }),
    );
  });

  it("unescapes ~1 before ~0, so ~01 is a literal ~1 (RFC 6901 §4)", () => {
    expect(unescapePointerSegment("~01")).toBe("~1");
    expect(parsePointer("/a~1b/m~0n/~01")).toEqual(["a/b", "m~n", "~1"]);
    expect(childPointer("/paths", "/api/v1/Accounts", "get")).toBe("/paths/~1api~1v1~1Accounts/get");
    expect(formatPointer(["items", 0])).toBe("/items/0");
  });

  it("refuses a pointer that is not one", () => {
    expect(() => parsePointer("a/b")).toThrow(JsonPointerError);
    expect(() => parsePointer("/a~2b")).toThrow(/~/);
    expect(() => unescapePointerSegment("~")).toThrow(JsonPointerError);
    expect(isPointer("#/a")).toBe(false);
    expect(parsePointer("")).toEqual([]);
    expect(parsePointer("/")).toEqual([""]);
  });
});

describe("resolvePointer", () => {
  // The example document of RFC 6901 §5.
  const document = {
    foo: ["bar", "baz"],
    "": 0,
    "a/b": 1,
    "c%d": 2,
    "e^f": 3,
    "g|h": 4,
    "i\\j": 5,
    'k"l': 6,
    " ": 7,
    "m~n": 8,
  };

  it("resolves every pointer of RFC 6901 §5", () => {
    const cases: [string, unknown][] = [
      ["", document],
      ["/foo", ["bar", "baz"]],
      ["/foo/0", "bar"],
      ["/", 0],
      ["/a~1b", 1],
      ["/c%d", 2],
      ["/e^f", 3],
      ["/g|h", 4],
      ["/i\\j", 5],
      ['/k"l', 6],
      ["/ ", 7],
      ["/m~0n", 8],
    ];
    for (const [pointer, value] of cases) expect(resolvePointer(document, pointer), pointer).toEqual(value);
  });

  it("finds any value where formatPointer says it is", () => {
    fc.assert(
      fc.property(fc.array(anyToken, { minLength: 1, maxLength: 5 }), fc.jsonValue(), (segments, value) => {
        const nested = segments.reduceRight<unknown>((inner, segment) => ({ [segment]: inner }), value);
        expect(resolvePointer(nested, formatPointer(segments))).toEqual(value);
      }),
    );
  });

  it("names nothing for missing members, inherited members, bad indices and malformed pointers", () => {
    expect(resolvePointer(document, "/missing")).toBeUndefined();
    expect(resolvePointer(document, "/constructor")).toBeUndefined();
    expect(resolvePointer(document, "/foo/length")).toBeUndefined();
    expect(resolvePointer(document, "/foo/01")).toBeUndefined();
    expect(resolvePointer(document, "/foo/-")).toBeUndefined();
    expect(resolvePointer(document, "/foo/2")).toBeUndefined();
    expect(resolvePointer(document, "/foo/0/x")).toBeUndefined();
    expect(resolvePointer(document, "foo")).toBeUndefined();
    expect(resolvePointer(document, "/m~2n")).toBeUndefined();
  });
});

describe("$ref", () => {
  const document = {
    components: {
      schemas: {
        "Fee Dto": { type: "object" },
        Alias: { $ref: "#/components/schemas/Fee%20Dto" },
        AliasOfAlias: { $ref: "#/components/schemas/Alias" },
        Loop: { $ref: "#/components/schemas/Loop2" },
        Loop2: { $ref: "#/components/schemas/Loop" },
        Dangling: { $ref: "#/components/schemas/Gone" },
      },
    },
  };

  it("reads a local ref's pointer, percent-decoded (RFC 3986 fragment), and no other document's", () => {
    expect(refPointer("#/components/schemas/Fee%20Dto")).toBe("/components/schemas/Fee Dto");
    expect(refPointer("#")).toBe("");
    expect(refPointer("other.yaml#/components/schemas/X")).toBeUndefined();
    expect(refPointer("#anchor")).toBeUndefined();
  });

  it("resolves one ref, or says why not", () => {
    expect(resolveRef(document, "#/components/schemas/Alias")).toEqual({
      ok: true,
      value: { $ref: "#/components/schemas/Fee%20Dto" },
      pointer: "/components/schemas/Alias",
    });
    expect(resolveRef(document, "#/components/schemas/Gone")).toEqual({
      ok: false,
      reason: 'unresolved $ref "#/components/schemas/Gone"',
    });
    expect(resolveRef(document, "x.yaml#/A")).toEqual({
      ok: false,
      reason: '$ref "x.yaml#/A" is not local after bundling',
    });
  });

  it("follows a chain of refs to the value and says where it is", () => {
    expect(deref(document, { $ref: "#/components/schemas/AliasOfAlias" })).toEqual({
      ok: true,
      value: { type: "object" },
      pointer: "/components/schemas/Fee Dto",
    });
    expect(deref(document, { type: "string" }, "/here")).toEqual({
      ok: true,
      value: { type: "string" },
      pointer: "/here",
    });
  });

  it("stops at a cycle and at a ref that leads nowhere", () => {
    expect(deref(document, { $ref: "#/components/schemas/Loop" })).toEqual({
      ok: false,
      reason: 'circular $ref "#/components/schemas/Loop"',
    });
    expect(deref(document, { $ref: "#/components/schemas/Dangling" })).toEqual({
      ok: false,
      reason: 'unresolved $ref "#/components/schemas/Gone"',
    });
  });

  it("names the component a ref points to", () => {
    expect(componentRefName({ $ref: "#/components/schemas/FeeDto" }, "schemas")).toBe("FeeDto");
    expect(componentRefName({ $ref: "#/components/schemas/a~1b" }, "schemas")).toBe("a/b");
    expect(componentRefName({ $ref: "#/components/parameters/Id" }, "schemas")).toBeUndefined();
    expect(componentRefName({ $ref: "#/components/schemas/FeeDto/properties/Id" }, "schemas")).toBeUndefined();
    expect(componentRefName({ type: "string" }, "schemas")).toBeUndefined();
  });
});
