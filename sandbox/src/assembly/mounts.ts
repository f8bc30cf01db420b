/**
 * The mount table's machinery: which part serves a path at which entry point. The table itself is `sandbox.ts`'s. A
 * path no part serves here is a 404 (from `http/not-routed.ts`, like every 404) that says where the path is served.
 */
import { discardBody } from "../foundation/http/body-reader.js";
import type { Connection, EntryPoint } from "../foundation/http/connection.js";
import { notFound } from "../foundation/http/not-routed.js";
import { publicBaseOf, type PublicBasePolicy } from "../foundation/http/public-base.js";
import { errorResponse } from "../foundation/http/responses.js";

/** Where a mounted request is answered from. */
export interface MountSite {
  readonly url: URL;
  /** The base URL the caller reached the sandbox at (`http/public-base.ts`). */
  readonly baseUrl: string;
  readonly connection: Connection;
}

export interface Mount {
  /** An exact path, or a prefix when it ends with `/`. */
  readonly path: string;
  /** The entry points it is served at. */
  readonly entryPoints: readonly EntryPoint[];
  readonly serve: (request: Request, site: MountSite) => Promise<Response>;
}

const mounted = (mount: Mount, pathname: string): boolean =>
  mount.path.endsWith("/") ? pathname.startsWith(mount.path) : pathname === mount.path;

const entryPointNames: Readonly<Record<EntryPoint, string>> = {
  http: "HTTP",
  https: "HTTPS",
  "in-process": "in-process",
};

/** Serves a request at `connection.entryPoint` by the first mount of its path, or answers 404. */
export function serveMounts(
  mounts: readonly Mount[],
  policy: PublicBasePolicy,
): (request: Request, connection: Connection) => Promise<Response> {
  return async (request, connection) => {
    const url = new URL(request.url);
    const mount = mounts.find((candidate) => mounted(candidate, url.pathname));
    if (mount !== undefined && mount.entryPoints.includes(connection.entryPoint))
      return mount.serve(request, { url, baseUrl: publicBaseOf(request, url, policy), connection });
    discardBody(request);
    const here = mounts
      .filter((candidate) => candidate.entryPoints.includes(connection.entryPoint))
      .map((candidate) => candidate.path);
    const hint =
      mount === undefined
        ? `Served here: ${here.join(", ")}.`
        : `${mount.path} is served over ${mount.entryPoints.map((entryPoint) => entryPointNames[entryPoint]).join(" and ")}.`;
    const { error } = notFound(url.pathname, hint);
    return errorResponse(error);
  };
}
