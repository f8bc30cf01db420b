/**
 * The `Location` header of a 201: the URL of the created resource, resolved against the request URL, and the
 * created id when the URL ends in an OData key segment (`/api/v1/Transfers(123)`, `Transfers(Id=123)`) or a
 * numeric segment (`/transfers/123`).
 */

export interface ParsedLocation {
  /** Absolute URL of the created resource. */
  readonly location: string;
  readonly id?: number;
}

const ODATA_KEY = /\((?:Id=)?(\d+)\)$/i;
const NUMERIC_SEGMENT = /^(\d+)$/;

export function parseLocation(header: string | null | undefined, requestUrl: string): ParsedLocation | undefined {
  if (header === null || header === undefined || header.trim() === "") return undefined;
  let url: URL;
  try {
    url = new URL(header.trim(), requestUrl);
  } catch {
    return { location: header.trim() };
  }
  const id = idFromPath(url.pathname);
  return id === undefined ? { location: url.href } : { location: url.href, id };
}

export function idFromPath(pathname: string): number | undefined {
  const segments = pathname.split("/").filter((segment) => segment !== "");
  const last = segments.at(-1);
  if (last === undefined) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    decoded = last;
  }
  const match = ODATA_KEY.exec(decoded) ?? NUMERIC_SEGMENT.exec(decoded);
  if (!match) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : undefined;
}
