/**
 * One structural change between the two documents, as the comparison (src/diff/compare/) finds it and the rules
 * (src/diff/rules/) judge it: what kind of node changed, which key, the values before and after, where the node is
 * in each document, and the side and operations that reach it there.
 */
import type { JsonObject } from "@account-funds/generator/json-pointer";

/** request: data the client sends; response: data it receives (webhook payloads too); call: the call itself. */
export type ChangeSide = "request" | "response" | "call";

/** The OpenAPI (or JSON Schema) object that changed. */
export type NodeKind =
  | "document"
  | "info"
  | "tag"
  | "server"
  | "path"
  | "operation"
  | "webhook"
  | "callback"
  | "parameter"
  | "request-body"
  | "response"
  | "header"
  | "media-type"
  | "encoding"
  | "link"
  | "security-requirement"
  | "security-scheme"
  | "schema"
  | "component";

/**
 * How a schema change inside its context bears on what is valid. `normal`: a stricter keyword accepts fewer values;
 * `inverted`: under `not`, a stricter keyword accepts more; `mixed`: under `if`, it can do either.
 */
export type Polarity = "normal" | "inverted" | "mixed";

export interface Change {
  readonly node: NodeKind;
  readonly kind: "added" | "removed" | "changed";
  /** For `changed`: the key of the node that changed (`required`, `maxLength`, `operationId`, ...). */
  readonly property?: string;
  /** The node in the base document (absent for an addition). */
  readonly basePointer?: string;
  /** The node in the revision document (absent for a removal). */
  readonly revisionPointer?: string;
  /** The key's (or for added/removed, the node's) value before and after. */
  readonly before?: unknown;
  readonly after?: unknown;
  readonly side: ChangeSide;
  readonly polarity: Polarity;
  /** Facts of the node's context the rules need (a property's owner requires it, a response's status, ...). */
  readonly detail: ChangeDetail;
  /** Operations that reach the change: `GET /api/v1/Transfers`, `webhook accountFundsEvent`. Filled while walking. */
  readonly operations: Set<string>;
}

export interface ChangeDetail {
  /** A schema property: its name, and whether the owner requires it before and after. */
  readonly propertyName?: string;
  readonly requiredBefore?: boolean;
  readonly requiredAfter?: boolean;
  /** A parameter's name and location, a response's status, a media type's name. */
  readonly name?: string;
  readonly in?: string;
  readonly status?: string;
  /** The schema is a parameter's, or a body's top level (defaults, messages). */
  readonly parameter?: { readonly required: boolean };
  /** The node belongs to a webhook (its payload is received data). */
  readonly webhook?: boolean;
  /** A schema entry added or removed: the keyword that holds it (`properties`, `oneOf`, `patternProperties`, ...). */
  readonly keyword?: string;
  /** Properties the side never carries (read-only in requests, write-only in responses). */
  readonly ignoredNames?: readonly string[];
  /** The property itself is one of those. */
  readonly ignoredOnSide?: boolean;
  /** A `$ref` that leads nowhere in one document. */
  readonly unresolved?: boolean;
  /** A component no operation reaches. */
  readonly unused?: boolean;
  /** A security scheme's OAuth flow. */
  readonly flow?: string;
  /** For a rename: the old and new name. */
  readonly from?: string;
  readonly to?: string;
}

/** The documents a change was found between, for rules that look around the changed node. */
export interface ChangeContext {
  readonly base: JsonObject;
  readonly revision: JsonObject;
}

/** Where a finding points: the revision's node, or the base's for a removal. */
export function changePointer(change: Change): string {
  const node = change.kind === "removed" ? change.basePointer : (change.revisionPointer ?? change.basePointer);
  const at = node ?? "";
  return change.property === undefined ? at : `${at}/${change.property.replaceAll("~", "~0").replaceAll("/", "~1")}`;
}

/** Which document `changePointer` points into. */
export function changeDocument(change: Change): "base" | "revision" {
  return change.kind === "removed" || change.revisionPointer === undefined ? "base" : "revision";
}
