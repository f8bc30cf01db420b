/**
 * The one writer of "no such resource" (404) and "not with this method" (405 with `Allow`, RFC 9110 §15.5.6), for
 * every part: the API and the control API (their routers), the token endpoints (POST only) and a path no part
 * serves.
 */
import type { Refusal } from "./api-error.js";
import type { RouteMatch, RouteTarget } from "./router.js";

/** 404 for `pathname`; `hint` says where to look instead. */
export function notFound(pathname: string, hint?: string): Refusal {
  return {
    error: {
      status: 404,
      code: "not_found",
      message: `No resource at ${pathname}.${hint === undefined ? "" : ` ${hint}`}`,
    },
  };
}

/** 405 naming the methods the resource takes, in `Allow` too. */
export function methodNotAllowed(pathname: string, methods: readonly string[]): Refusal {
  const allowed = [...new Set(methods.map((method) => method.toUpperCase()))].sort();
  return {
    error: { status: 405, code: "method_not_allowed", message: `Use ${allowed.join(" or ")} on ${pathname}.` },
    headers: { allow: allowed.join(", ") },
  };
}

/** The refusal of a request its router did not route. */
export function notRouted<T extends RouteTarget>(
  match: Exclude<RouteMatch<T>, { kind: "found" }>,
  pathname: string,
  hint?: string,
): Refusal {
  return match.kind === "not-found"
    ? notFound(pathname, hint)
    : methodNotAllowed(
        pathname,
        match.operations.map((operation) => operation.method),
      );
}
