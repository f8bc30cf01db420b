/**
 * One `parse<Webhook>Events` function per webhook of the spec, in src/client.ts: the delivery checked against the
 * spec's payload schema by the precompiled webhook validators, each event judged alone: known event kinds typed,
 * unknown ones kept apart, those that match no schema reported with their issues.
 */
import { propertyAccess } from "../print/names.js";
import type { TypeScriptFile } from "../print/typescript-file.js";
import type { WebhookModel } from "../model/model.js";
import type { WebhookParser } from "./client-surface.js";

export function addWebhookParser(file: TypeScriptFile, { name, webhook }: WebhookParser): void {
  const payload = webhook.payload.schemaName;
  // An inline payload schema is typed from the webhook's operation (its request body's media type).
  const payloadType =
    payload !== undefined
      ? `Schema<${JSON.stringify(payload)}>`
      : `NonNullable<Operation<${JSON.stringify(webhook.operationId)}>["requestBody"]>["content"][${JSON.stringify(webhook.payload.mediaType)}]`;
  const payloadName = payload ?? `${webhook.name} payload`;
  const { events } = webhook;
  // With known and unknown kinds (model/webhook-events.ts): the known union typed, the others apart.
  const eventType = events === undefined ? `WebhookEventOf<${payloadType}>` : `Schema<${JSON.stringify(events.known)}>`;
  const unknownType = events?.unknown === undefined ? "never" : `Schema<${JSON.stringify(events.unknown)}>`;
  if (!file.declares("WebhookEventOf")) {
    file.addTypeAlias({
      name: "WebhookEventOf",
      isExported: true,
      typeParameters: ["D"],
      type: "D extends readonly (infer E)[] ? E : D",
      docs: [
        "One event of a webhook delivery `D`: its element type when a delivery is an array of events, else `D` itself.",
      ],
    });
  }
  const checks = [
    ...(events === undefined
      ? []
      : [`kinds: { tag: ${JSON.stringify(events.tag)}, known: ${JSON.stringify(events.tags)} }`]),
    ...(webhook.entityUrl === undefined ? [] : [`entityUrl: ${JSON.stringify(webhook.entityUrl)}`]),
  ];
  const checksArgument = checks.length === 0 ? "" : `, { ${checks.join(", ")} }`;
  const docs =
    events === undefined
      ? [
          `Parses a delivery of the \`${webhook.name}\` webhook (the raw body as a string or bytes, or the parsed JSON)`,
          `and checks it against the spec's \`${payloadName}\` schema, each event alone. Never throws: \`{ ok: true, events,`,
          "invalidEvents }` (an event that matches no schema, with its position and issues; the others are delivered), or",
          "`{ ok: false, error: { code, message, issues } }` when the body is not a JSON array of events.",
        ]
      : [
          `Parses a delivery of the \`${webhook.name}\` webhook (the raw body as a string or bytes, or the parsed JSON)`,
          `and checks it against the spec's \`${payloadName}\` schema, each event alone. Never throws: \`{ ok: true, events,`,
          "unknownEvents, invalidEvents }`,",
          `\`events\` the \`${events.known}\`s (one per \`${events.tag}\` the spec knows, each checked whole), \`unknownEvents\``,
          `${events.unknown === undefined ? "always empty" : `the \`${events.unknown}\`s of other kinds, kept as they arrived`}, \`invalidEvents\` those that match`,
          "no schema (a known kind with a field missing or mistyped: its position, the event and its issues; the others are",
          "delivered); or `{ ok: false, error: { code, message, issues } }` when the body is not a JSON array of events.",
        ];
  file.addFunction({
    name,
    isExported: true,
    parameters: [{ name: "body", type: "unknown" }],
    returnType: `WebhookParseResult<${eventType}, ${unknownType}>`,
    docs: [[...docs, ...entityUrlDocs(webhook.entityUrl)].join("\n")],
    statements: [
      `return parseWebhookEventsWith<${eventType}, ${unknownType}>(webhookValidators${propertyAccess(webhook.name)}!, body${checksArgument});`,
    ],
  });
}

/** What the parser's JSDoc says of the link of an event's URL and key, when the spec makes it (`x-entity-url`). */
function entityUrlDocs(entityUrl: WebhookModel["entityUrl"]): string[] {
  if (entityUrl === undefined) return [];
  return [
    `An event whose \`${entityUrl.url}\` names another entity than its \`${entityUrl.key}\` (the key of the URL's path, read as a`,
    "`Location` is: `(9)`, `(Id=9)`, `/9`, any host and case) is an invalid event too, with an issue naming both.",
  ];
}
