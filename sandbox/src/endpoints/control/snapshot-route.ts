/**
 * `POST /_sandbox/snapshot`: a consistent copy of the whole state at this moment, as an SQLite file in the body
 * (`application/vnd.sqlite3`, the media type IANA registered for SQLite databases), which `--data` or `--from`
 * starts from. The copy is answered rather than written to a path the caller names, so the control API writes no
 * file where a caller chooses; `account-funds-sandbox snapshot <file>` saves it atomically. With a data file it is
 * SQLite's `VACUUM INTO`; in memory the state is written into a new file. Either needs an SQLite binding: without
 * one (Node.js 20 without better-sqlite3) the answer is 501 naming what to install.
 */
import { SqliteUnavailableError } from "../../foundation/state/sqlite-driver.js";
import { odataErrorBody } from "../../foundation/http/api-error.js";
import { CONTROL_ROOT, json, noInput, type ControlResult, type ControlRoute } from "./control-route.js";

export const SNAPSHOT_MEDIA_TYPE = "application/vnd.sqlite3";

function snapshotOf(snapshot: () => Uint8Array): ControlResult {
  let bytes: Uint8Array;
  try {
    bytes = snapshot();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // 501: this sandbox cannot do it at all (RFC 9110 §15.6.2); 503: it could not now (a full disk), try again.
    if (error instanceof SqliteUnavailableError)
      return json(
        501,
        odataErrorBody({ status: 500, code: error.code, message: `A snapshot needs SQLite. ${message}` }),
      );
    return json(
      503,
      odataErrorBody({
        status: 503,
        code: "snapshot_failed",
        message: `The snapshot could not be written: ${message}`,
      }),
      { "retry-after": "5" },
    );
  }
  return {
    status: 200,
    bytes,
    headers: {
      "content-type": SNAPSHOT_MEDIA_TYPE,
      "content-disposition": 'attachment; filename="sandbox-snapshot.db"',
      "cache-control": "no-store",
    },
  };
}

export const snapshotRoute: ControlRoute = {
  method: "POST",
  path: `${CONTROL_ROOT}/snapshot`,
  run: (call) => noInput(call, () => snapshotOf(call.deps.snapshot)),
};
