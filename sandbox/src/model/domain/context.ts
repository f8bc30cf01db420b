/** What a domain command needs: the state, the sandbox clock and the event sink (events are part of the command). */
import type { SandboxClock } from "../../foundation/clock.js";
import type { Store } from "../../foundation/state/store.js";
import type { EventSink } from "../webhooks/event-sink.js";

export interface DomainContext {
  readonly store: Store;
  readonly clock: SandboxClock;
  readonly events: EventSink;
}
