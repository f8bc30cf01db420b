/**
 * What every control route is made of: the dependencies it gets, its result (JSON or an error), and the small
 * helpers routes share (parsed input, event views).
 */
import type { ApiError } from "../../foundation/http/api-error.js";
import type { SandboxClock } from "../../foundation/clock.js";
import type { EventRecord, TenantId } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { toWebhookEvent, type WebhookDispatcher } from "../../model/webhooks/dispatcher.js";
import type { EventSink } from "../../model/webhooks/event-sink.js";
import { noFields, noQuery, type Parsed } from "./input.js";

export interface ControlDependencies {
  readonly store: Store;
  readonly clock: SandboxClock;
  readonly events: EventSink;
  readonly dispatcher: WebhookDispatcher;
  /** Restores the seeded state. */
  readonly reset: () => void;
  /** The tenant (service user id) of a service user's username; undefined for an unknown username. */
  readonly tenantOfUsername: (username: string) => TenantId | undefined;
  /** The base URL the caller reached the sandbox at, for `Location` headers and event ApiUrls. */
  readonly baseUrl: string;
  /** The bytes of a consistent copy of the state, an SQLite file (`state/snapshot.ts`). */
  readonly snapshot: () => Uint8Array;
}

export type ControlResult =
  | { readonly status: number; readonly body: unknown; readonly headers?: Readonly<Record<string, string>> }
  | { readonly status: number; readonly bytes: Uint8Array; readonly headers: Readonly<Record<string, string>> }
  | { readonly error: ApiError };

export interface ControlCall {
  /** The path template's parameters by name (`{id}`), percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly query: URLSearchParams;
  readonly deps: ControlDependencies;
}

export interface ControlRoute {
  readonly method: "GET" | "POST" | "DELETE";
  /** The path template the router matches (`http/router.ts`), as shown in the index: `/_sandbox/webhooks/{id}`. */
  readonly path: string;
  readonly run: (call: ControlCall) => ControlResult;
}

export const CONTROL_ROOT = "/_sandbox";

export const json = (status: number, body: unknown, headers?: Readonly<Record<string, string>>): ControlResult =>
  headers === undefined ? { status, body } : { status, body, headers };

/** Runs `next` with the parsed value, or answers the parse error. */
export function withParsed<T>(result: Parsed<T>, next: (value: T) => ControlResult): ControlResult {
  return result.ok ? next(result.value) : { error: result.error };
}

export const noInput = (call: ControlCall, next: () => ControlResult): ControlResult =>
  withParsed(noQuery(call.query), () => withParsed(noFields(call.body), next));

export function eventView(event: EventRecord, baseUrl: string): Record<string, unknown> {
  return {
    sequence: event.sequence,
    tenant: event.tenant,
    ...toWebhookEvent(event, baseUrl),
    raisedAt: event.raisedAt,
  };
}
