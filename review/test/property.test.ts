/**
 * A property over generated mutations of the real spec: fast-check picks up to five schemas that only responses
 * (or only requests) reach and a change to each, applies them all to one copy of the spec, and every change must
 * come out with the classification its side calls for. The engine is in-process: 20 runs by default
 * (REVIEW_PROPERTY_RUNS for more).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reachableComponents } from "../src/diff/compare/reachable.js";
import { diffDocuments, verdictsAt } from "./support/diff-documents.js";
import { realSpec, realSpecJson, type Spec } from "./support/real-spec.js";

type Side = "request" | "response";

interface Site {
  readonly schema: string;
  readonly side: Side;
  readonly optional: readonly string[];
}

const schemas = (realSpecJson as Spec)["components"]["schemas"] as Record<string, Spec>;

/**
 * The sides each component schema is reached from, found by the engine itself: a bound set on every schema is
 * reported once per side that reaches it (breaking for a request, compatible for a response).
 */
function reachingSides(): Map<string, Side[]> {
  const probed = realSpec();
  for (const node of Object.values(probed["components"]["schemas"] as Record<string, Spec>))
    node["maxProperties"] = 1_000_000;
  const sides = new Map<string, Side[]>();
  for (const finding of diffDocuments(realSpec(), probed)) {
    const schema = /^\/components\/schemas\/([^/]+)\/maxProperties$/.exec(finding.pointer)?.[1];
    if (schema === undefined || (finding.side !== "request" && finding.side !== "response")) continue;
    sides.set(schema, [...(sides.get(schema) ?? []), finding.side]);
  }
  return sides;
}
const reached = reachingSides();

/** Object schemas that exactly one side reaches, with their optional properties. */
const sites: readonly Site[] = Object.entries(schemas).flatMap(([schema, node]): Site[] => {
  const sides = reached.get(schema) ?? [];
  const properties = node["properties"] as Record<string, Spec> | undefined;
  const [side] = sides;
  if (sides.length !== 1 || side === undefined || properties === undefined) return [];
  const required = new Set<string>(node["required"] ?? []);
  return [{ schema, side, optional: Object.keys(properties).filter((name) => !required.has(name)) }];
});

type Kind = "remove optional property" | "add optional property" | "make optional property required";

interface Mutation {
  readonly site: Site;
  readonly kind: Kind;
  readonly property: string;
}

const kinds: readonly Kind[] = ["remove optional property", "add optional property", "make optional property required"];

const mutationArbitrary: fc.Arbitrary<Mutation> = fc
  .record({ site: fc.constantFrom(...sites), kind: fc.constantFrom(...kinds), pick: fc.nat() })
  .map(({ site, kind, pick }) => ({
    site,
    kind,
    property:
      kind === "add optional property"
        ? "ReviewAdded"
        : (site.optional[pick % Math.max(site.optional.length, 1)] ?? ""),
  }))
  .filter((mutation) => mutation.property !== "");

function apply(spec: Spec, mutation: Mutation): void {
  const node = spec["components"]["schemas"][mutation.site.schema];
  if (mutation.kind === "remove optional property") delete node["properties"][mutation.property];
  else if (mutation.kind === "add optional property")
    node["properties"][mutation.property] = { type: "string", description: "Added by a test." };
  else node["required"] = [...(node["required"] ?? []), mutation.property];
}

/** Where the finding is, and what it must say: the request/response asymmetry, as oasdiff has it. */
function expectation(mutation: Mutation): { readonly pointer: string; readonly verdict: string } {
  const at = `/components/schemas/${mutation.site.schema}`;
  const property = `${at}/properties/${mutation.property}`;
  const side = mutation.site.side;
  switch (mutation.kind) {
    case "remove optional property":
      return {
        pointer: property,
        verdict:
          side === "response" ? "property-removed breaking response" : "request-property-removed warning request",
      };
    case "add optional property":
      return { pointer: property, verdict: `${side}-property-added info ${side}` };
    case "make optional property required":
      return {
        pointer: `${at}/required`,
        verdict:
          side === "request"
            ? "required-properties-added breaking request"
            : "response-property-became-required info response",
      };
  }
}

describe("generated mutations of the real spec", () => {
  it("finds both sides of the exchange among the spec's schemas", () => {
    expect(sites.some((site) => site.side === "request" && site.optional.length > 0)).toBe(true);
    expect(sites.some((site) => site.side === "response" && site.optional.length > 0)).toBe(true);
  });

  it("classifies each mutation by its side", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(mutationArbitrary, { minLength: 1, maxLength: 5, selector: (mutation) => mutation.site.schema }),
        async (mutations) => {
          const base = realSpec();
          const revision = realSpec();
          for (const mutation of mutations) apply(revision, mutation);
          const findings = diffDocuments(base, revision);
          for (const mutation of mutations) {
            const { pointer, verdict } = expectation(mutation);
            // Another mutation may remove the only property that reached this schema: then no operation of the
            // revision reaches the change, and the removal is the finding.
            if (!reachableComponents(revision).has(`/components/schemas/${mutation.site.schema}`)) continue;
            expect(
              verdictsAt(findings, pointer),
              `${mutation.kind} ${mutation.property} of ${mutation.site.schema} (${mutation.site.side})`,
            ).toContain(verdict);
            // Issue 6: a request field made required fails the review and names the field.
            if (mutation.kind === "make optional property required" && mutation.site.side === "request")
              expect(
                findings.find((finding) => finding.pointer === pointer && finding.level === "breaking")?.message,
              ).toContain(`\`${mutation.property}\``);
          }
          // Nothing breaking beyond what the mutations explain.
          const explained = new Set(mutations.map((mutation) => expectation(mutation).pointer));
          expect(
            findings
              .filter((finding) => finding.level === "breaking" && !explained.has(finding.pointer))
              .map((finding) => finding.id),
          ).toEqual([]);
        },
      ),
      { numRuns: Number(process.env["REVIEW_PROPERTY_RUNS"] ?? 20) },
    );
  });
});
