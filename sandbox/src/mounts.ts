/**
 * The mount table's machinery: which room serves a path at which door. The table itself is `sandbox.ts`'s. A path
 * no room serves here is a 404 (from `http/not-routed.ts`, like every 404) that says where the path is served.
 */
import { discardBody } from "./http/body-reader.js";
import type { Connection, Door } from "./http/connection.js";
import { notFound } from "./http/not-routed.js";
import { publicBaseOf, type PublicBasePolicy } from "./http/public-base.js";
import { errorResponse } from "./http/responses.js";

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
  /** The doors it is served at. */
  readonly doors: readonly Door[];
  readonly serve: (request: Request, site: MountSite) => Promise<Response>;
}

const mounted = (mount: Mount, pathname: string): boolean =>
  mount.path.endsWith("/") ? pathname.startsWith(mount.path) : pathname === mount.path;

const doorNames: Readonly<Record<Door, string>> = { http: "HTTP", https: "HTTPS", "in-process": "in-process" };

/** Serves a request at `connection.door` by the first mount of its path, or answers 404. */
export function serveMounts(
  mounts: readonly Mount[],
  policy: PublicBasePolicy,
): (request: Request, connection: Connection) => Promise<Response> {
  return async (request, connection) => {
    const url = new URL(request.url);
    const mount = mounts.find((candidate) => mounted(candidate, url.pathname));
    if (mount !== undefined && mount.doors.includes(connection.door))
      return mount.serve(request, { url, baseUrl: publicBaseOf(request, url, policy), connection });
    discardBody(request);
    const here = mounts
      .filter((candidate) => candidate.doors.includes(connection.door))
      .map((candidate) => candidate.path);
    const hint =
      mount === undefined
        ? `Served here: ${here.join(", ")}.`
        : `${mount.path} is served over ${mount.doors.map((door) => doorNames[door]).join(" and ")}.`;
    const { error } = notFound(url.pathname, hint);
    return errorResponse(error);
  };
}
