/**
 * No request or response type of the generated client is `unknown` where the spec describes a shape. The places
 * where it may be are listed below, each with the reason the spec leaves it open; the test fails on a new hole
 * (a body reaching `unknown` elsewhere), on a stale entry (a listed place no body reaches any more), and on an
 * entry whose spec schema is not open after all (it has properties, items or a composition to type it by).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { typeHoles } from "./type-holes.js";

const typesFile = fileURLToPath(new URL("../../generated/src/types.ts", import.meta.url));
const bundle = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8")) as JsonNode;

/** Where a body may be `unknown`, and why the spec leaves it open. `*`: any member of an open object; `[]`: an item. */
const openPlaces: { readonly [place: string]: string } = {
  "components/schemas/CountryDto/*": "the reference names CountryDto but does not show its fields",
  "components/schemas/PaymentConfirmationDetailsDto/*":
    "the reference names PaymentConfirmationDetailsDto but does not show its fields",
  "components/schemas/QuoteResponse/*": "the quote response body is not shown in the reference",
  "components/schemas/DepositRequirementResponse/*":
    "the deposit-requirement response body is not shown in the reference",
  "components/schemas/JobStatusResponse/*": "the job-status response body is not shown in the reference",
  "components/schemas/PartyIdentificationDto/Properties/*":
    'the reference types Properties as "object; the routing properties", keys not listed',
  "components/schemas/DepositInformationRoutingTempDto/Properties/*":
    'the reference types Properties as "object", keys not listed',
  "components/schemas/DepositStatementDetailsDto/Exchange/*":
    "the reference lists Exchange in DepositStatementDetailsDto without a type",
  "components/schemas/WithdrawalStatementDetailsDto/Exchange/*":
    "the reference lists Exchange in WithdrawalStatementDetailsDto without a type",
  "components/schemas/DepositDto/Narrative/[]": 'the reference types Narrative only as "array", its items not shown',
  "components/schemas/ODataError/error/innererror/*":
    "OData v4 JSON Format §21: innererror is service-defined debugging information",
  "components/schemas/UnknownWebhookEvent/*":
    "an event of a kind the reference does not show is kept as it arrives, whatever members it has",
  "components/schemas/UnknownWebhookEvent/EntityType":
    "an event of a kind the reference does not show: its EntityType is kept unchecked",
  "components/schemas/UnknownWebhookEvent/EntityId":
    "an event of a kind the reference does not show: its EntityId is kept unchecked",
  "components/schemas/UnknownWebhookEvent/ApiUrl":
    "an event of a kind the reference does not show: its ApiUrl is kept unchecked",
};

describe("holes in the generated body types", () => {
  const holes = typeHoles(typesFile);

  it("has no unknown outside the places the spec leaves open", () => {
    const unexpected = holes
      .filter((hole) => !Object.hasOwn(openPlaces, hole.place))
      .map((hole) => `${hole.place} (reached from ${hole.reachedFrom})`);
    expect(unexpected, "a request or response type is unknown where the spec describes a shape").toEqual([]);
  });

  it("lists no place that is no longer open", () => {
    const reached = new Set(holes.map((hole) => hole.place));
    expect(Object.keys(openPlaces).filter((place) => !reached.has(place))).toEqual([]);
  });

  it("lists only places whose spec schema is open", () => {
    const notOpen = Object.keys(openPlaces).flatMap((place) => {
      const problem = openSchemaProblem(place);
      return problem === undefined ? [] : [`${place}: ${problem}`];
    });
    expect(notOpen).toEqual([]);
  });
});

type JsonNode = { readonly [key: string]: unknown };
const isNode = (value: unknown): value is JsonNode =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Keywords that say nothing about a value's shape. */
const annotations = new Set([
  "title",
  "description",
  "examples",
  "example",
  "deprecated",
  "readOnly",
  "writeOnly",
  "default",
]);

/** Why the spec schema at `place` is not open, or undefined when it is (see `openPlaces`' key syntax). */
function openSchemaProblem(place: string): string | undefined {
  const [root, kind, name, ...rest] = place.split("/");
  if (root !== "components" || kind !== "schemas" || name === undefined) return "not a component schema";
  let node = resolve({ $ref: `#/components/schemas/${name}` });
  const last = rest.pop();
  for (const segment of rest) node = resolve(propertyOf(node, segment));
  if (last === "[]") node = resolve(isNode(node) ? (node["items"] ?? {}) : undefined);
  else if (last !== "*") node = resolve(propertyOf(node, last ?? ""));
  if (!isNode(node)) return "no such schema in generated/openapi.json";
  // Members beside the declared ones, explicitly allowed: the object is open, whatever it declares.
  if (last === "*" && node["additionalProperties"] === true) return undefined;
  const shaping = Object.keys(node).filter((key) => !annotations.has(key) && !key.startsWith("x-") && key !== "type");
  if (shaping.length > 0) return `its schema has ${shaping.join(", ")}`;
  const types = [node["type"] ?? []].flat();
  const closedType = types.find((type) => type !== "object" && type !== "null");
  return closedType === undefined ? undefined : `its schema is of type ${String(closedType)}`;
}

function propertyOf(node: unknown, name: string): unknown {
  return isNode(node) && isNode(node["properties"]) ? node["properties"][name] : undefined;
}

function resolve(node: unknown): unknown {
  if (!isNode(node) || typeof node["$ref"] !== "string") return node;
  const path = node["$ref"].replace(/^#\//, "").split("/");
  return resolve(
    path.reduce<unknown>(
      (parent, segment) => (isNode(parent) ? parent[segment.replaceAll("~1", "/").replaceAll("~0", "~")] : undefined),
      bundle,
    ),
  );
}
