/**
 * Request bodies, responses, headers, media types and encodings. The request side is what the client sends (a
 * webhook's answer too); the response side what it receives (a webhook's payload too): a body or header the client
 * sends that is now required breaks it, one it receives that is now missing breaks it.
 */
import { isSuccessStatus } from "./statuses.js";
import { specialisesMediaType } from "../media-types.js";
import type { Change } from "../change.js";
import type { Classification, Rule, RuleDocumentation } from "./rule.js";

const one = (rule: string, level: Classification["level"], message: string, note?: string): Classification[] => [
  { rule, level, message, ...(note === undefined ? {} : { note }) },
];

function requestBody(change: Change, subject: string): Classification[] | undefined {
  const received = change.side === "response";
  const required = (value: unknown): boolean =>
    value !== null && typeof value === "object" && (value as Record<string, unknown>)["required"] === true;
  if (change.kind === "added") {
    if (received) return one("request-body-added", "info", `${subject} now sends a payload.`);
    return required(change.after)
      ? one("request-body-added-required", "breaking", `A required request body was added to ${subject}.`)
      : one("request-body-added", "info", `An optional request body was added to ${subject}.`);
  }
  if (change.kind === "removed")
    return one(
      "request-body-removed",
      "breaking",
      received
        ? `${subject} no longer sends its payload.`
        : `${subject} no longer takes the request body callers send.`,
    );
  if (change.property === "required") {
    const nowRequired = change.after === true;
    const breaking = nowRequired !== received;
    return one(
      nowRequired ? "request-body-became-required" : "request-body-became-optional",
      breaking ? "breaking" : "info",
      received
        ? `The payload of ${subject} is ${nowRequired ? "now always sent" : "no longer always sent"}.`
        : `The request body of ${subject} is ${nowRequired ? "now required: callers that send none are rejected" : "now optional"}.`,
    );
  }
  return undefined;
}

function response(change: Change, subject: string): Classification[] | undefined {
  const status = change.detail.status ?? "";
  if (change.kind === "added") return one("response-added", "info", `Response ${status} of ${subject} was added.`);
  if (change.kind !== "removed") return undefined;
  if (isSuccessStatus(status))
    return one("response-removed", "breaking", `Response ${status} of ${subject} was removed.`);
  return one(
    "response-removed",
    "warning",
    `Response ${status} of ${subject} was removed.`,
    "An error status: the client still throws for it (as an error of another status); only code that checks this status stops matching.",
  );
}

function header(change: Change, subject: string): Classification[] | undefined {
  const name = `\`${change.detail.name ?? "?"}\``;
  const received = change.side !== "request";
  if (change.kind === "added") {
    const required = change.detail.parameter?.required === true;
    if (required && !received)
      return one("header-became-required", "breaking", `Required header ${name} was added to ${subject}.`);
    return one(received ? "response-header-added" : "header-added", "info", `Header ${name} was added to ${subject}.`);
  }
  if (change.kind === "removed")
    return received
      ? one("response-header-removed", "breaking", `Response header ${name} of ${subject} was removed.`)
      : one("header-removed", "info", `Header ${name} of ${subject} is no longer read.`);
  if (change.property === "required") {
    const nowRequired = change.after === true;
    return one(
      nowRequired ? "header-became-required" : "response-header-became-optional",
      nowRequired !== received ? "breaking" : "info",
      `Header ${name} of ${subject} is ${nowRequired ? "now required" : "now optional"}.`,
    );
  }
  if (change.property !== undefined && ["style", "explode", "schema", "content"].includes(change.property))
    return one("header-serialization-changed", "breaking", `\`${change.property}\` of header ${name} changed.`);
  return undefined;
}

function mediaType(change: Change, subject: string): Classification[] | undefined {
  const name = `\`${change.detail.name ?? "?"}\``;
  if (change.kind === "added")
    return one("media-type-added", "info", `Media type ${name} of ${subject} was added (${change.side}).`);
  if (change.kind === "removed")
    return one("media-type-removed", "breaking", `Media type ${name} of ${subject} was removed (${change.side}).`);
  if (change.property === "name") {
    const [from, to] = [String(change.before), String(change.after)];
    // A request the API accepts in a narrower type, or a response it sends in a wider one, breaks the client.
    const narrower = specialisesMediaType(to, from);
    const wider = specialisesMediaType(from, to);
    const breaking = change.side === "response" ? wider : narrower;
    return one(
      "media-type-renamed",
      breaking ? "breaking" : "info",
      `Media type \`${from}\` of ${subject} is now \`${to}\` (${change.side}).`,
    );
  }
  if (change.property === "schema") {
    const set = change.before === undefined;
    const breaking = change.side === "response" ? !set : set;
    return one(
      "media-type-schema-changed",
      breaking ? "breaking" : "info",
      `The schema of media type ${name} of ${subject} ${set ? "was set" : "was removed"}.`,
    );
  }
  return undefined;
}

export const bodiesRule: Rule = {
  name: "bodies",
  classify({ change, subject }) {
    switch (change.node) {
      case "request-body":
        return requestBody(change, subject);
      case "response":
        return response(change, subject);
      case "header":
        return header(change, subject);
      case "media-type":
        return mediaType(change, subject);
      case "encoding":
        return one(
          "encoding-changed",
          "breaking",
          `The encoding of part \`${change.detail.name ?? "?"}\` of ${subject} ${change.kind === "changed" ? `changed (\`${change.property ?? ""}\`)` : `was ${change.kind}`}: the part is written differently.`,
        );
      default:
        return undefined;
    }
  },
};

export const bodiesRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "request-body-removed",
    side: "per side",
    level: "breaking",
    basis: "the operation no longer takes the body callers send; a webhook no longer sends its payload",
    oasdiff: "request-body-removed (ERR)",
  },
  {
    rule: "request-body-added-required",
    side: "request",
    level: "breaking",
    basis: "callers that send no body are rejected",
    oasdiff: "added-required-request-body (ERR)",
  },
  {
    rule: "request-body-added",
    side: "per side",
    level: "info",
    basis: "an optional request body, or a webhook payload where there was none",
    oasdiff: "added-optional-request-body (INFO)",
  },
  {
    rule: "request-body-became-required",
    side: "per side",
    level: "breaking for a request; info for a webhook payload",
    basis: "callers that send no body are rejected; a webhook payload now always sent is compatible",
    oasdiff: "request-body-became-required (ERR), for webhooks too",
    differs: "a webhook's payload is data the client receives: the API sending it always breaks no receiver",
  },
  {
    rule: "request-body-became-optional",
    side: "per side",
    level: "info for a request; breaking for a webhook payload",
    basis: "a webhook payload no longer always sent breaks its receiver",
    oasdiff: "request-body-became-optional (INFO)",
  },
  {
    rule: "response-removed",
    side: "response",
    level: "breaking for 2XX and default; warning for other statuses",
    basis: "removing a non-success status is not breaking",
    oasdiff: "response-success-status-removed (ERR), response-non-success-status-removed (INFO)",
  },
  {
    rule: "response-added",
    side: "response",
    level: "info",
    basis: "a new status",
    oasdiff: "response-*-status-added (INFO)",
  },
  {
    rule: "response-header-removed",
    side: "response",
    level: "breaking",
    basis: "a response header was removed or renamed",
    oasdiff: "response-header-removed (ERR for a required header, WARN otherwise)",
    differs: "stricter for optional headers: the client reads what was documented",
  },
  {
    rule: "response-header-became-optional",
    side: "per side",
    level: "breaking for a received header",
    basis: "a header no longer always sent",
    oasdiff: "response-header-became-optional (ERR)",
  },
  {
    rule: "response-header-added",
    side: "response",
    level: "info",
    basis: "a new response header",
    oasdiff: "not reported",
  },
  {
    rule: "header-became-required",
    side: "request",
    level: "breaking",
    basis: "a header the client sends (a webhook's answer) became required",
    oasdiff: "not compared",
  },
  {
    rule: "header-added",
    side: "request",
    level: "info",
    basis: "an optional header the client may send",
    oasdiff: "not compared",
  },
  {
    rule: "header-removed",
    side: "request",
    level: "info",
    basis: "a header the client sends is no longer read",
    oasdiff: "not compared",
  },
  {
    rule: "header-serialization-changed",
    side: "per side",
    level: "breaking",
    basis: "`style`, `explode`, schema ↔ content of a header",
    oasdiff: "not compared",
  },
  {
    rule: "media-type-removed",
    side: "per side",
    level: "breaking",
    basis: "a request or response media type was removed",
    oasdiff: "request-body-media-type-removed, response-media-type-removed (ERR)",
  },
  {
    rule: "media-type-added",
    side: "per side",
    level: "info",
    basis: "another request or response media type",
    oasdiff: "*-media-type-added (INFO)",
  },
  {
    rule: "media-type-renamed",
    side: "per side",
    level: "breaking when a request type narrows or a response type widens",
    basis:
      "`application/json` ↔ `application/problem+json` (RFC 6838 structured suffixes, wildcards); parameters alone are info",
    oasdiff: "response-media-type-name-generalized (ERR), -specialized (INFO)",
  },
  {
    rule: "media-type-schema-changed",
    side: "per side",
    level: "breaking when a request schema is set or a response schema removed",
    basis: "a schema where there was none narrows what is accepted",
    oasdiff: "*-media-type-schema-added/-removed",
  },
  {
    rule: "encoding-changed",
    side: "per side",
    level: "breaking",
    basis: "a multipart or form part is written differently (`contentType`, `headers`, `style`, `explode`)",
    oasdiff: "not compared",
    differs: "stricter: the encoding is part of the wire format",
  },
];
