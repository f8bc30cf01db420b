/**
 * The OData v4 error body (OData v4 JSON Format §21, the spec's `ODataError`): `{ error: { code, message, target?,
 * details?: [{ code, message, target? }] } }`. With details, each detail is one message at its target, and the
 * error itself is their summary (the sandbox's reads `/PaymentRouting/SortCode: …`, the first detail again); a
 * detail without a target belongs to the request as a whole. Without details, the error is the one message.
 */
import { isReadable, located, text, type LocatedMessage, type Readable } from "./located-message.js";
import { pathOfTarget } from "./target-path.js";

function fromEntry(entry: Readable): LocatedMessage | undefined {
  const code = text(entry, "code");
  const message = text(entry, "message") ?? code;
  if (message === undefined) return undefined;
  const target = text(entry, "target");
  return located(target === undefined ? [] : pathOfTarget(target), message, code);
}

/** The messages of an OData error body, or `undefined` when `body` is not one. */
export function fromODataError(body: Readable): LocatedMessage[] | undefined {
  const error = body["error"];
  if (!isReadable(error) || Array.isArray(error)) return undefined;
  const details = error["details"];
  const found: LocatedMessage[] = [];
  if (Array.isArray(details)) {
    for (let i = 0; i < details.length; i++) {
      const detail: unknown = details[i];
      const item = isReadable(detail) ? fromEntry(detail) : undefined;
      if (item !== undefined) found.push(item);
    }
  }
  if (found.length > 0) return found;
  const whole = fromEntry(error);
  return whole === undefined ? undefined : [whole];
}
