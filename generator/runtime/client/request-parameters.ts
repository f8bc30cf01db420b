/**
 * Header and cookie parameters of an operation (OpenAPI `in: header`, `in: cookie`), given per call as typed
 * options: `{ header: { "Idempotency-Key": key } }`, `{ cookie: { session: id } }`. They are serialized as OpenAPI's
 * default styles say: a header `simple` (an array `a,b`; an object `k,v,k2,v2`), a cookie `form` (`name=value`,
 * pairs joined by `; ` in one `Cookie` header, the value percent-encoded so `;`, `,` and spaces cannot split it).
 * `undefined` leaves a parameter out.
 */
import type { ParametersOf } from "./operation-types.js";

/** The header and cookie parameters a call may carry, as the runtime reads them from the call's options. */
export interface ParameterOptions {
  readonly header?: Readonly<Record<string, unknown>> | undefined;
  readonly cookie?: Readonly<Record<string, unknown>> | undefined;
}

type DeclaredPart<P, K extends "header" | "cookie"> = K extends keyof P
  ? [NonNullable<P[K]>] extends [never]
    ? {}
    : {} extends Pick<P, K>
      ? { readonly [Key in K]?: P[K] }
      : { readonly [Key in K]: P[K] }
  : {};

/**
 * The typed `header`/`cookie` options of an operation (openapi-typescript's `parameters.header`/`cookie`): required
 * when the operation has a required one, absent when it declares none.
 */
export type ParameterOptionsOf<Op> = DeclaredPart<ParametersOf<Op>, "header"> &
  DeclaredPart<ParametersOf<Op>, "cookie">;

/** The headers a call's header and cookie parameters become; undefined when it has none. */
export function parameterHeaders(options: ParameterOptions | undefined): Record<string, string> | undefined {
  if (options === undefined || (options.header === undefined && options.cookie === undefined)) return undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.header ?? {})) {
    if (value !== undefined) headers[name] = simpleStyle(value);
  }
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(options.cookie ?? {})) {
    if (value !== undefined) cookies.push(`${name}=${encodeURIComponent(simpleStyle(value))}`);
  }
  if (cookies.length > 0) headers["cookie"] = cookies.join("; ");
  return headers;
}

/** OpenAPI's `simple` style without explode: scalars as text, arrays and objects comma-separated. */
function simpleStyle(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(",");
  if (value !== null && typeof value === "object") return Object.entries(value).flat().map(String).join(",");
  return String(value);
}
