/**
 * What a reverse proxy says about the request it forwards: RFC 7239's `Forwarded` (`for=…;host=…;proto=…`, one
 * element per proxy, comma-separated) and the older de-facto `X-Forwarded-Host` / `X-Forwarded-Proto` (one value
 * per proxy, comma-separated). The first element or value is the one the client-facing proxy wrote: the host and
 * scheme the client used.
 */
export interface ForwardedOrigin {
  /** `host[:port]` the client asked for. */
  readonly host?: string;
  /** `http` or `https`. */
  readonly proto?: string;
}

/** RFC 7239 §4: `forwarded-pair = token "=" value`, value a token or a quoted-string (RFC 9110 §5.6.4). */
const PAIR = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^";,\s]*))\s*/;

/** The pairs of the first element of a `Forwarded` header; undefined when it does not parse. */
function firstElement(header: string): Map<string, string> | undefined {
  const pairs = new Map<string, string>();
  let rest = header;
  for (;;) {
    const pair = PAIR.exec(rest);
    if (pair === null) return undefined;
    const name = pair[1]!.toLowerCase();
    if (pairs.has(name)) return undefined; // §4: each parameter at most once per element
    pairs.set(name, pair[2] === undefined ? pair[3]! : pair[2].replace(/\\(.)/g, "$1"));
    rest = rest.slice(pair[0].length);
    if (rest.startsWith(";")) {
      rest = rest.slice(1);
      continue;
    }
    return rest === "" || rest.startsWith(",") ? pairs : undefined;
  }
}

const firstValue = (header: string | null): string | undefined => {
  const value = header?.split(",", 1)[0]?.trim();
  return value === undefined || value === "" ? undefined : value;
};

/** The client's host and scheme as the proxies report them; `Forwarded` wins when present. */
export function forwardedOrigin(headers: Headers): ForwardedOrigin {
  const forwarded = headers.get("forwarded");
  if (forwarded !== null) {
    const element = firstElement(forwarded);
    const host = element?.get("host");
    const proto = element?.get("proto");
    return { ...(host === undefined ? {} : { host }), ...(proto === undefined ? {} : { proto }) };
  }
  const host = firstValue(headers.get("x-forwarded-host"));
  const proto = firstValue(headers.get("x-forwarded-proto"));
  return { ...(host === undefined ? {} : { host }), ...(proto === undefined ? {} : { proto }) };
}
