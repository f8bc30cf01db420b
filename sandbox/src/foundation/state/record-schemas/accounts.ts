/** The schemas of the entity, its accounts, their balances and statement items. */
import type { JSONSchemaType } from "ajv";
import type { AccountRecord, BalanceRecord, EntityRecord, StatementItemRecord } from "../records.js";
import { id, optionalId, integer, text, flag, tenant } from "./scalars.js";

export const entity: JSONSchemaType<EntityRecord> = {
  type: "object",
  required: ["Id", "tenant", "Name", "CountryCode"],
  properties: { Id: id, tenant, Name: text, CountryCode: text },
};

export const account: JSONSchemaType<AccountRecord> = {
  type: "object",
  required: ["Id", "tenant", "EntityId", "Name", "AccountNumber", "StatusCode", "setup"],
  properties: {
    Id: id,
    tenant,
    EntityId: id,
    ParentAccountId: optionalId,
    Name: text,
    AccountNumber: text,
    StatusCode: text,
    setup: {
      type: "object",
      required: ["isPsp", "acceptsUltimateOriginator", "acceptsPaymentChargesCode", "mt103Enabled"],
      properties: { isPsp: flag, acceptsUltimateOriginator: flag, acceptsPaymentChargesCode: flag, mt103Enabled: flag },
    },
  },
};

export const balance: JSONSchemaType<BalanceRecord> = {
  type: "object",
  required: ["AccountId", "CurrencyCode", "value", "allocated", "processing", "ValueDate"],
  properties: {
    AccountId: id,
    CurrencyCode: text,
    value: integer,
    allocated: integer,
    processing: integer,
    ValueDate: text,
  },
};

export const statementItem: JSONSchemaType<StatementItemRecord> = {
  type: "object",
  required: ["Id", "AccountId", "CurrencyCode", "delta", "runningTotal", "ValueDate", "Sequence", "Narrative"],
  properties: {
    Id: id,
    AccountId: id,
    CurrencyCode: text,
    delta: integer,
    runningTotal: integer,
    ValueDate: text,
    Sequence: text,
    Narrative: text,
    detail: {
      type: "object",
      nullable: true,
      required: ["kind", "id"],
      oneOf: (["transfer", "withdrawal", "exchange", "deposit"] as const).map((kind) => ({
        type: "object",
        required: ["kind", "id"],
        properties: { kind: { type: "string", const: kind }, id },
      })),
    },
  },
};
