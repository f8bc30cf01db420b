/** What the review says about one change, on one side of the exchange. */

/** breaking: fails `make review` unless acknowledged. warning: can break some consumers, never fails. info: compatible. */
export type Level = "breaking" | "warning" | "info";

/** request: data the client sends; response: data it receives (webhook payloads too); both: the call itself. */
export type FindingSide = "request" | "response" | "both";

export type Category =
  | "operation"
  | "webhook"
  | "parameter"
  | "request body"
  | "response"
  | "request field"
  | "response field"
  | "enum"
  | "constraint"
  | "type"
  | "schema"
  | "security"
  | "server"
  | "docs"
  | "extension"
  | "consumer"
  | "other";

export interface Finding {
  /** `<rule> <JSON pointer>`: what review/acknowledged-changes.yaml names to acknowledge a breaking change. */
  readonly id: string;
  readonly rule: string;
  readonly level: Level;
  readonly side: FindingSide;
  readonly category: Category;
  readonly change: "added" | "removed" | "changed";
  readonly message: string;
  /** RFC 6901 pointer into the bundled document (generated/openapi.json) of the side that has the node. */
  readonly pointer: string;
  /** Which side's document `pointer` is in: removed nodes only exist at BASE. */
  readonly in: "base" | "revision";
  /** Operations that reach the change (`GET /api/v1/Transfers`, `webhook accountFundsEvent`). */
  readonly operations: readonly string[];
  /** What to watch for, or why the level is what it is. */
  readonly note?: string;
}

export const levelOrder: Readonly<Record<Level, number>> = { breaking: 0, warning: 1, info: 2 };

export function findingId(rule: string, pointer: string): string {
  return `${rule} ${pointer}`;
}
