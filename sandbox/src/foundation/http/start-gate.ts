/**
 * What answers while the sandbox starts. The servers listen before the core stands (the core is made with their
 * URL, and port 0 is only known once listening), so requests can arrive in between. Node's header and request
 * timeouts end with the request itself: a request that arrived whole and that no handler answers waits forever,
 * which is what the first request of a polling loop did before this gate. The gate is the adapter's handler from
 * the moment the server listens:
 * - `GET /_sandbox/health` at the HTTP entry point is answered at once: 503 `{ "status": "starting" }` with
 *   `Retry-After: 1` (RFC 9110 §10.2.3, §15.6.4); once the core stands, its control route answers 200
 *   `{ "status": "ready" }`;
 * - every other request waits for the core and is then served by it, as if it had arrived just after: a script
 *   that fires as soon as the port accepts gets its real answer, with no retry of its own;
 * - when the start fails, the waiting requests (and any later one) are answered 503 `start_failed` and their
 *   connections closed, and the process goes on to exit.
 */
import type { Connection } from "./connection.js";
import { odataErrorBody } from "./api-error.js";
import { jsonResponse } from "./responses.js";

/** The health route of the control API, answered here while the core is not standing yet. */
export const HEALTH_PATH = "/_sandbox/health";

type Serve = (request: Request, connection: Connection) => Promise<Response>;

export interface StartGate {
  /** The handler to give the adapter: the core once it stands, the gate's answers before. */
  readonly serve: Serve;
  /** The core stands: waiting requests go to it, and so does every later one. */
  open(core: Serve): void;
  /** The start failed: waiting and later requests are answered 503 and their connections closed. */
  fail(error: Error): void;
}

const starting = (): Response =>
  jsonResponse(503, { status: "starting" }, { "retry-after": "1", "cache-control": "no-store" });

const failedStart = (error: Error): Serve => {
  const body = odataErrorBody({
    status: 503,
    code: "start_failed",
    message: `The sandbox could not start and is stopping: ${error.message}`,
  });
  return async () => jsonResponse(503, body, { connection: "close", "cache-control": "no-store" });
};

export function createStartGate(): StartGate {
  let current: Serve | undefined;
  let settle: (serve: Serve) => void = () => {};
  const settled = new Promise<Serve>((resolve) => (settle = resolve));
  const open = (serve: Serve): void => {
    if (current !== undefined) return;
    current = serve;
    settle(serve);
  };
  return {
    serve: async (request, connection) => {
      if (current !== undefined) return current(request, connection);
      if (connection.entryPoint === "http" && request.method === "GET" && new URL(request.url).pathname === HEALTH_PATH)
        return starting();
      return (await settled)(request, connection);
    },
    open,
    fail: (error) => open(failedStart(error)),
  };
}
