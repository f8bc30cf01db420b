/** What a domain command needs: the state, the sandbox clock and the event sink (events are part of the command). */
import type { SandboxClock } from "../auth/clock.js";
import type { Store } from "../state/store.js";
import type { EventSink } from "../webhooks/event-sink.js";

export interface DomainContext {
  readonly store: Store;
  readonly clock: SandboxClock;
  readonly events: EventSink;
}

/** Outcome of a state-changing command when it is refused: the HTTP status the API answers and why. */
export interface CommandRefusal {
  readonly ok: false;
  readonly status: 400 | 404 | 409 | 410;
  readonly code: string;
  readonly message: string;
  readonly target?: string;
}
