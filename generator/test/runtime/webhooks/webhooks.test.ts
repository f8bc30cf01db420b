import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { CompiledValidator } from "../../../runtime/validation/compiled-validator.js";
import { parseWebhookEventsWith } from "../../../runtime/webhooks/webhooks.js";

const event = {
  type: "object",
  required: ["EntityType", "EntityId", "Reason", "ApiUrl"],
  properties: {
    EntityType: { enum: ["Transfer", "Withdrawal"] },
    EntityId: { type: "integer" },
    Reason: { type: "string" },
    ApiUrl: { type: "string" },
  },
};
const validate = new Ajv2020({ allErrors: true }).compile({
  type: "array",
  items: event,
}) as unknown as CompiledValidator;

type Event = { EntityType: string; EntityId: number; Reason: string; ApiUrl: string };
const delivery = [
  {
    EntityType: "Transfer",
    EntityId: 1,
    Reason: "TransferCreated",
    ApiUrl: "https://api.test/api/v1/OutboundTransfers(1)",
  },
];

describe("parseWebhookEvents", () => {
  it("accepts a JSON string, bytes, an ArrayBuffer or a parsed array", () => {
    const textBody = JSON.stringify(delivery);
    const bytes = new TextEncoder().encode(textBody);
    for (const body of [textBody, bytes, Buffer.from(textBody), bytes.buffer, delivery]) {
      expect(parseWebhookEventsWith<Event>(validate, body)).toEqual({
        ok: true,
        events: delivery,
        unknownEvents: [],
        invalidEvents: [],
      });
    }
    expect(parseWebhookEventsWith<Event>(validate, "[]")).toEqual({
      ok: true,
      events: [],
      unknownEvents: [],
      invalidEvents: [],
    });
  });

  it("keeps the events of unknown kinds apart, in delivery order, and the known ones typed", () => {
    const kinds = { tag: "Reason", known: ["TransferCreated", "WithdrawalCreated"] };
    const exchange = {
      EntityType: "Exchange",
      EntityId: 7,
      Reason: "ExchangeCompleted",
      ApiUrl: "https://api.test/api/v1/Exchanges(7)",
    };
    const withdrawal = {
      EntityType: "Withdrawal",
      EntityId: 2,
      Reason: "WithdrawalCreated",
      ApiUrl: "https://api.test/api/v1/Withdrawals(2)",
    };
    const open = new Ajv2020({ allErrors: true }).compile({
      type: "array",
      items: { type: "object" },
    }) as unknown as CompiledValidator;
    const result = parseWebhookEventsWith<Event, { Reason: string }>(
      open,
      [exchange, ...delivery, { Reason: 5 }, withdrawal],
      { kinds },
    );
    expect(result).toEqual({
      ok: true,
      events: [...delivery, withdrawal],
      unknownEvents: [exchange, { Reason: 5 }],
      invalidEvents: [],
    });
    // The split follows the validator's verdict: an event it refuses is reported whatever its kind.
    expect(parseWebhookEventsWith(validate, [{ ...exchange, EntityId: "7" }], { kinds })).toMatchObject({
      ok: true,
      events: [],
      unknownEvents: [],
      invalidEvents: [{ index: 0, event: { ...exchange, EntityId: "7" } }],
    });
  });

  it("judges each event alone: an invalid one is reported with its issues, the others are delivered", () => {
    const kinds = { tag: "Reason", known: ["TransferCreated", "WithdrawalCreated"] };
    const [transfer] = delivery;
    const broken = { EntityType: "Withdrawal", EntityId: "9", Reason: "WithdrawalCreated" };
    const result = parseWebhookEventsWith<Event>(validate, JSON.stringify([broken, transfer, 42]), { kinds });
    if (!result.ok) throw new Error("expected the delivery to be taken");
    expect(result.events).toEqual([transfer]);
    expect(result.invalidEvents.map(({ index, event }) => [index, event])).toEqual([
      [0, broken],
      [2, 42],
    ]);
    // Paths point into the event itself, and every issue of it is named (the validator reports all errors).
    expect(result.invalidEvents[0]?.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(["/EntityId", ""]),
    );
    expect(result.invalidEvents[0]?.issues.map((issue) => issue.keyword)).toEqual(
      expect.arrayContaining(["type", "required"]),
    );
    expect(result.invalidEvents[1]?.issues).toEqual([expect.objectContaining({ path: "", keyword: "type" })]);
  });

  it("checks that a known event's URL names its key, each event alone, as a Location is read", () => {
    const kinds = { tag: "Reason", known: ["TransferCreated", "WithdrawalCreated"] };
    const entityUrl = { url: "ApiUrl", key: "EntityId" };
    const withdrawal = (EntityId: number, ApiUrl: string) => ({
      EntityType: "Withdrawal",
      EntityId,
      Reason: "WithdrawalCreated",
      ApiUrl,
    });
    // Any host, any case, the key alone or named, a numeric segment.
    const good = [
      withdrawal(9, "https://api.test/api/v1/Withdrawals(9)"),
      withdrawal(9, "HTTPS://Gateway.Example:8443/API/V1/withdrawals(Id=9)"),
      withdrawal(9, "https://api.test/api/v1/withdrawals(id=9)?x=1#f"),
      withdrawal(9, "https://api.test/v2/withdrawals/9"),
    ];
    const otherKey = withdrawal(9, "https://api.test/api/v1/Withdrawals(10)");
    const noKey = withdrawal(9, "https://api.test/api/v1/Withdrawals");
    // Of an unknown kind: kept as it came, unchecked.
    const exchange = { EntityType: "Exchange", EntityId: 7, Reason: "ExchangeCompleted", ApiUrl: "https://x/E(8)" };
    const open = new Ajv2020({ allErrors: true }).compile({
      type: "array",
      items: { type: "object" },
    }) as unknown as CompiledValidator;
    const body = [otherKey, ...good, exchange, noKey];
    const result = parseWebhookEventsWith<Event>(open, body, { kinds, entityUrl });
    expect(result).toEqual({
      ok: true,
      events: good,
      unknownEvents: [exchange],
      invalidEvents: [
        {
          index: 0,
          event: otherKey,
          issues: [
            {
              path: "/ApiUrl",
              message: "names the entity 10, but EntityId is 9",
              keyword: "x-entity-url",
              params: { urlMember: "ApiUrl", keyMember: "EntityId", urlKey: 10, key: 9 },
            },
          ],
        },
        {
          index: 6,
          event: noKey,
          issues: [expect.objectContaining({ path: "/ApiUrl", message: "names no entity key, but EntityId is 9" })],
        },
      ],
    });
    // Without the spec's link, nothing is compared; with it, an event the schema refuses is reported once, by the
    // schema, in its place among those the link refuses.
    expect(parseWebhookEventsWith<Event>(open, body, { kinds })).toMatchObject({ invalidEvents: [] });
    const mixed = parseWebhookEventsWith<Event>(validate, [otherKey, { ...good[0], EntityId: "9" }, good[1]], {
      kinds,
      entityUrl,
    });
    if (!mixed.ok) throw new Error("expected the delivery to be taken");
    expect(mixed.events).toEqual([good[1]]);
    expect(mixed.invalidEvents.map(({ index, issues }) => [index, issues[0]?.keyword])).toEqual([
      [0, "x-entity-url"],
      [1, "type"],
    ]);
  });

  it("reports invalid JSON", () => {
    const result = parseWebhookEventsWith(validate, "[{");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe("invalid_json");
    expect(parseWebhookEventsWith(validate, new Uint8Array([0xff, 0xfe]))).toMatchObject({
      ok: false,
      error: { code: "invalid_json" },
    });
  });

  it("reports schema violations with paths, and a body that is no array as a failed delivery", () => {
    const result = parseWebhookEventsWith(validate, [{ EntityType: "Exchange", EntityId: "1", Reason: "X" }]);
    if (!result.ok) throw new Error("expected the delivery to be taken");
    expect(result.invalidEvents[0]?.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(["", "/EntityType", "/EntityId"]),
    );
    expect(parseWebhookEventsWith(validate, { not: "an array" })).toMatchObject({
      ok: false,
      error: { code: "invalid_payload" },
    });
  });

  it("rejects bodies that are not JSON at all", () => {
    expect(parseWebhookEventsWith(validate, undefined)).toMatchObject({
      ok: false,
      error: { code: "unsupported_body" },
    });
    expect(parseWebhookEventsWith(validate, () => 1)).toMatchObject({ ok: false, error: { code: "unsupported_body" } });
  });
});
