import { describe, expect, it } from "vitest";
import { webhookEvents } from "../../src/model/webhook-events.js";
import type { JsonObject } from "../../src/spec/json-pointer.js";

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
