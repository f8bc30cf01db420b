// @module-tag node-lines: X.509 certificates and hashes (node:crypto).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { normaliseThumbprint, thumbprintOf } from "../../../src/endpoints/auth/thumbprint.js";

const HEX = "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9";
const NORMAL = HEX.toUpperCase();
const COLONS = NORMAL.match(/../g)!.join(":");

describe("normaliseThumbprint", () => {
  it.each([
    ["upper-case with colons (Node's fingerprint256)", COLONS],
    ["lower-case with colons", COLONS.toLowerCase()],
    ["lower-case without colons", HEX],
    ["space-separated pairs", NORMAL.match(/../g)!.join(" ")],
    ["surrounding whitespace", `  ${NORMAL}\n`],
  ])("%s", (_label, input) => {
    expect(normaliseThumbprint(input)).toBe(NORMAL);
  });

  it.each([
    ["empty", ""],
    ["SHA-1 length", "AB".repeat(20)],
    ["one digit short", NORMAL.slice(1)],
    ["non-hex", `${NORMAL.slice(0, 63)}G`],
  ])("rejects %s", (_label, input) => {
    expect(normaliseThumbprint(input)).toBeUndefined();
  });
});

describe("thumbprintOf", () => {
  const der = Buffer.from("not really a certificate, but bytes are bytes");
  const digest = createHash("sha256").update(der).digest("hex").toUpperCase();

  it("hashes the DER bytes when present, and they win over fingerprint256", () => {
    expect(thumbprintOf({ raw: der })).toBe(digest);
    expect(thumbprintOf({ raw: der, fingerprint256: COLONS })).toBe(digest);
  });

  it("normalises fingerprint256 when there are no DER bytes", () => {
    expect(thumbprintOf({ fingerprint256: COLONS })).toBe(NORMAL);
  });

  it("is undefined when the peer sent no certificate", () => {
    expect(thumbprintOf({})).toBeUndefined();
    expect(thumbprintOf(null)).toBeUndefined();
    expect(thumbprintOf(undefined)).toBeUndefined();
    expect(thumbprintOf({ raw: Buffer.alloc(0) })).toBeUndefined();
  });
});
