/**
 * RFC 9457 problem details with ASP.NET Core's `errors` extension (`ValidationProblemDetails`): `{ type, title,
 * status, detail?, errors: { "PaymentRouting.SortCode": ["…"], "$.AccountId": ["…"] } }`, one or more messages per
 * ModelState key. Without `errors`, the problem's `detail` (else its `title`) is one message for the request as a
 * whole.
 */
import { isReadable, located, text, type LocatedMessage, type Readable } from "./located-message.js";
import { pathOfTarget } from "./target-path.js";

/** The messages of a problem details body, or `undefined` when `body` is not one. */
export function fromProblemDetails(body: Readable): LocatedMessage[] | undefined {
  const errors = body["errors"];
  if (isReadable(errors) && !Array.isArray(errors)) {
    const found: LocatedMessage[] = [];
    for (const key of Object.keys(errors)) {
      const messages: unknown = errors[key];
      const path = pathOfTarget(key);
      const list: readonly unknown[] = Array.isArray(messages) ? messages : [messages];
      for (let i = 0; i < list.length; i++) {
        const message = list[i];
        if (typeof message === "string") found.push(located(path, message, undefined));
      }
    }
    return found;
  }
  const isProblem = typeof body["status"] === "number" && (text(body, "title") ?? text(body, "type")) !== undefined;
  if (!isProblem) return undefined;
  const message = text(body, "detail") ?? text(body, "title");
  return message === undefined ? [] : [located([], message, text(body, "type"))];
}
