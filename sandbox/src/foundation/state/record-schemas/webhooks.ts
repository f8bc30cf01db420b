/** The schemas of raised events and of webhook targets, their cursors and dead letters. */
import type { JSONSchemaType } from "ajv";
import type { EventRecord, WebhookCursorRecord, WebhookDeadLetterRecord, WebhookTargetRecord } from "../records.js";
import { id, text, optionalText, tenant } from "./scalars.js";

export const event: JSONSchemaType<EventRecord> = {
  type: "object",
  required: ["sequence", "tenant", "EntityType", "EntityId", "Reason", "apiPath", "raisedAt"],
  properties: {
    sequence: id,
    tenant,
    EntityType: { type: "string", enum: ["Transfer", "Withdrawal"] },
    EntityId: id,
    Reason: text,
    apiPath: text,
    apiBaseUrl: { type: "string", minLength: 1, nullable: true },
    raisedAt: text,
  },
};

export const webhookTarget: JSONSchemaType<WebhookTargetRecord> = {
  type: "object",
  required: ["id", "url"],
  properties: { id, url: { type: "string", minLength: 1 }, tenant: { ...tenant, nullable: true } },
};

export const webhookCursor: JSONSchemaType<WebhookCursorRecord> = {
  type: "object",
  required: ["targetId", "deliveredSequence"],
  properties: { targetId: id, deliveredSequence: { type: "integer", minimum: 0 } },
};

export const webhookDeadLetter: JSONSchemaType<WebhookDeadLetterRecord> = {
  type: "object",
  required: ["id", "targetId", "url", "events", "reason", "attempts", "failedAt"],
  properties: {
    id,
    targetId: id,
    url: text,
    events: { type: "array", items: event },
    reason: { type: "string", enum: ["attempts", "age", "backlog"] },
    attempts: { type: "integer", minimum: 0 },
    lastError: optionalText,
    firstAttemptAt: optionalText,
    failedAt: text,
    replayRequestedAt: optionalText,
  },
};
