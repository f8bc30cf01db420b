import { describe, expect, it } from "vitest";
import { Problems } from "../../src/model/document.js";
import { webhookEntityUrl, webhookEvents } from "../../src/model/webhook-events.js";
import type { JsonObject } from "../../src/json-pointer/json-pointer.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const event = (reason: string) => ({
  type: "object",
  required: ["Reason"],
  properties: { Reason: { type: "string", const: reason } },
});
const known = {
  oneOf: [ref("Created"), ref("Canceled")],
  discriminator: {
    propertyName: "Reason",
    mapping: { Created: "#/components/schemas/Created", Canceled: "#/components/schemas/Canceled" },
  },
};
const unknown = {
  type: "object",
  required: ["Reason"],
  properties: { Reason: { type: "string", not: { enum: ["Created", "Canceled"] } } },
};

function documentWith(delivery: unknown): JsonObject {
  return {
    components: {
      schemas: {
        Created: event("Created"),
        Canceled: event("Canceled"),
        Known: known,
        Unknown: unknown,
        Delivery: delivery,
      },
    },
  };
}

describe("webhookEvents", () => {
  it("tells the known union (by its discriminator) from the schema of unknown kinds", () => {
    const document = documentWith({ type: "array", items: { oneOf: [ref("Known"), ref("Unknown")] } });
    expect(webhookEvents(document, "Delivery")).toEqual({
      known: "Known",
      tag: "Reason",
      tags: ["Created", "Canceled"],
      unknown: "Unknown",
    });
  });

  it("takes a delivery of known events only, without an unknown schema", () => {
    expect(webhookEvents(documentWith({ type: "array", items: ref("Known") }), "Delivery")).toEqual({
      known: "Known",
      tag: "Reason",
      tags: ["Created", "Canceled"],
    });
  });

  it("is undefined for payloads that are no such union", () => {
    expect(webhookEvents(documentWith({ type: "object" }), "Delivery")).toBeUndefined();
    expect(webhookEvents(documentWith({ type: "array", items: ref("Unknown") }), "Delivery")).toBeUndefined();
    expect(
      webhookEvents(documentWith({ type: "array", items: { oneOf: [ref("Known"), { type: "object" }] } }), "Delivery"),
    ).toBeUndefined();
    expect(webhookEvents(documentWith({ type: "array", items: ref("Known") }), undefined)).toBeUndefined();
  });
});

describe("webhookEntityUrl", () => {
  const link = { url: "ApiUrl", key: "EntityId" };
  const withLink = (schemas: Record<string, unknown>): JsonObject => {
    const document = documentWith({ type: "array", items: { oneOf: [ref("Known"), ref("Unknown")] } });
    const components = document["components"] as { schemas: Record<string, unknown> };
    return { components: { schemas: { ...components.schemas, ...schemas } } };
  };

  it("reads x-entity-url from the known events' schema", () => {
    const document = withLink({ Known: { ...known, "x-entity-url": link } });
    const problems = new Problems();
    expect(webhookEntityUrl(document, "Delivery", webhookEvents(document, "Delivery"), problems)).toEqual(link);
    expect(problems.list).toEqual([]);
  });

  it("reads it from the delivery's items, or the payload, when the events are no known union", () => {
    const items = { type: "object", "x-entity-url": link };
    const problems = new Problems();
    expect(webhookEntityUrl(withLink({ Delivery: { type: "array", items } }), "Delivery", undefined, problems)).toEqual(
      link,
    );
    expect(webhookEntityUrl(withLink({ Delivery: items }), "Delivery", undefined, problems)).toEqual(link);
  });

  it("is undefined without it (no check), and a problem when it does not name both members", () => {
    const problems = new Problems();
    const plain = withLink({});
    expect(webhookEntityUrl(plain, "Delivery", webhookEvents(plain, "Delivery"), problems)).toBeUndefined();
    expect(problems.list).toEqual([]);
    const broken = withLink({ Known: { ...known, "x-entity-url": { url: "ApiUrl" } } });
    expect(webhookEntityUrl(broken, "Delivery", webhookEvents(broken, "Delivery"), problems)).toBeUndefined();
    expect(problems.list).toEqual([expect.objectContaining({ pointer: "/components/schemas/Known/x-entity-url" })]);
  });
});
