/** The README's section on webhooks: a delivery parsed and checked, with known and unknown kinds of event. */
import type { ApiModel } from "../../model/model.js";
import { codeBlock } from "../../print/markdown.js";
import { packageName } from "./snippets.js";

/** Parsing deliveries; of known and unknown kinds of event when the payload is such a union (model/webhook-events.ts). */
export function webhookSection(model: ApiModel, parser: string): string[] {
  const payload = model.webhooks[0]?.payload.schemaName;
  const events = model.webhooks[0]?.events;
  const entityUrl = model.webhooks[0]?.entityUrl;
  const first = events?.tags[0];
  const loop =
    events === undefined
      ? ["  for (const event of result.events) console.log(event);"]
      : [
          "  for (const event of result.events) {",
          `    // typed: a \`${events.known}\`, narrowed by \`${events.tag}\``,
          ...(first === undefined
            ? []
            : [
                `    if (event.${events.tag} === ${JSON.stringify(first)}) console.log(${JSON.stringify(`a ${first} event`)}, event);`,
              ]),
          `    else console.log(event.${events.tag}, event);`,
          "  }",
          ...(events.unknown === undefined
            ? []
            : [
                "  // Kinds of event this client does not know yet: kept as they arrived, never a failed delivery.",
                `  for (const event of result.unknownEvents) console.log("not known yet:", event.${events.tag});`,
              ]),
          "  // Events that match no schema (a known kind with a field missing): reported alone, the others delivered.",
          "  for (const { index, issues } of result.invalidEvents) console.warn(`event ${index} is invalid`, issues);",
        ];
  const checks = `\`${parser}\` checks the delivery against the spec${payload === undefined ? "" : `'s \`${payload}\` schema`} and never throws:`;
  const text =
    events === undefined
      ? [
          `${checks} \`{ ok: true, events, invalidEvents }\``,
          "with typed events (each judged alone: one that does not match goes to `invalidEvents` with its issues), or",
          "`{ ok: false, error: { code, message, issues } }` when the body is not a JSON array of events.",
        ]
      : [
          `${checks} \`{ ok: true, events, unknownEvents, invalidEvents }\`,`,
          "or `{ ok: false, error: { code, message, issues } }` when the body is not a JSON array of events. Each event is",
          `judged alone: \`events\` are the events of the kinds the spec shows, each checked whole and typed by its \`${events.tag}\`;`,
          "a known event that does not match its schema goes to `invalidEvents` (`{ index, event, issues }`, its issues with",
          "paths into the event) and costs the others nothing: they are delivered.",
          ...(events.unknown === undefined
            ? []
            : [
                `\`unknownEvents\` are the events of other kinds (a \`${events.tag}\` the spec does not list; the API has more than it shows),`,
                "as they arrived: a new kind of event never fails a delivery.",
              ]),
        ];
  // The spec links an event's URL to its key (`x-entity-url`): a URL naming another entity is an invalid event.
  const link =
    entityUrl === undefined
      ? []
      : [
          `An event whose \`${entityUrl.url}\` names another entity than its \`${entityUrl.key}\` is invalid too (the spec links them): its`,
          "key is read from the URL's path as a `Location` is (`(9)`, `(Id=9)`, `/9`), any host and case, and the issue",
          `(\`keyword: "x-entity-url"\`, path \`/${entityUrl.url}\`) names both.`,
        ];
  return [
    "### Webhooks",
    "",
    ...codeBlock([
      `import { ${parser} } from "${packageName}";`,
      "",
      "/** Your HTTP handler's part: the raw body (a string or bytes) in, the status to answer out. */",
      "export function onDelivery(rawBody: string | Uint8Array): number {",
      `  const result = ${parser}(rawBody);`,
      "  if (!result.ok) {",
      "    console.error(result.error.code, result.error.message, result.error.issues);",
      "    return 400;",
      "  }",
      ...loop,
      "  return 200;",
      "}",
    ]),
    ...text,
    ...link,
    "",
  ];
}
