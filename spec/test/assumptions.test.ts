/**
 * Every assumption is one `make assumptions` lists: no text of the spec says "assumed" without an `x-assumption` on
 * its own node, and the generator's list (the one `make assumptions` prints) holds every `x-assumption` of the
 * bundled document, those inside `x-conditional-rules` items included.
 */
import { describe, expect, it } from "vitest";
import { collectAssumptions } from "@account-funds/generator/assumptions";
import { formatPointer } from "@account-funds/generator/json-pointer";
import { loadBundledSpec } from "./support/bundled-spec.js";

const spec = loadBundledSpec();

/** Every object of the document with its pointer, examples left out (they are data, not the contract's text). */
function objects(
  node: unknown,
  path: (string | number)[] = [],
): { pointer: string; node: { readonly [key: string]: unknown } }[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => objects(item, [...path, index]));
  if (node === null || typeof node !== "object") return [];
  const found = [{ pointer: formatPointer(path), node: node as { readonly [key: string]: unknown } }];
  for (const [key, value] of Object.entries(node))
    if (key !== "example" && key !== "examples") found.push(...objects(value, [...path, key]));
  return found;
}

describe("assumptions", () => {
  it("no text says it assumes something without an x-assumption on its node", () => {
    const unmarked = objects(spec).flatMap(({ pointer, node }) =>
      Object.entries(node)
        .filter(
          ([key, value]) =>
            key !== "x-assumption" &&
            typeof value === "string" &&
            /\bassum/i.test(value) &&
            !value.includes("`x-assumption`"),
        )
        .filter(() => !("x-assumption" in node))
        .map(([key]) => `${pointer}/${key}`),
    );
    expect(unmarked).toEqual([]);
  });

  it("make assumptions lists every x-assumption of the bundled document, those of conditional rules too", () => {
    const marked = objects(spec)
      .filter(({ node }) => "x-assumption" in node)
      .map(({ pointer }) => pointer);
    const listed = collectAssumptions(spec).map((assumption) => assumption.pointer);
    expect([...listed].sort()).toEqual([...marked].sort());
    const inRules = listed.filter((pointer) => pointer.includes("/x-conditional-rules/"));
    // The exchange's reading of its withdrawal (2), the instruction's currency (3).
    expect(inRules.length).toBe(5);
  });

  it("states the conditional rules the reference gives as facts, and those it does not as assumptions", () => {
    const rules = objects(spec).filter(({ pointer }) => /\/x-conditional-rules\/\d+$/.test(pointer));
    const assumed = rules
      .filter(({ node }) => "x-assumption" in node)
      .map(({ pointer, node }) => `${pointer.replace(/^\/components\/schemas\//, "")} ${String(node["name"])}`);
    expect(assumed.sort()).toEqual([
      "CreateExchange/x-conditional-rules/0 boe-purpose-code",
      "CreateExchange/x-conditional-rules/1 receiver-lei",
      "CreateInstructionWithdrawal/x-conditional-rules/0 payment-purpose",
      "CreateInstructionWithdrawal/x-conditional-rules/1 boe-purpose-code",
      "CreateInstructionWithdrawal/x-conditional-rules/2 receiver-lei",
    ]);
  });
});
