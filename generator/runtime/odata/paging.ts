/**
 * Server-driven paging (OData 4.01 Protocol, "Server-Driven Paging"): every entity of every page, following
 * `@odata.nextLink` until a page has none — never to another origin, so the access token stays with the API, never
 * back to a page already read, and never past `maxPages` pages, so a server that links on without end cannot keep
 * a loop going. A page that breaks the chain is a `PagingError` with the page's request and the operationId.
 */

/** Pages `.paginate(...)` fetches at most unless told otherwise. */
export const DEFAULT_MAX_PAGES = 1000;
import { PagingError, type RequestSummary } from "../errors/errors.js";

export interface Page {
  /** The parsed collection body. */
  readonly data: unknown;
  /** The URL the page was requested from. */
  readonly url: string;
}

/** Where the pages come from: the API's base URL, the operation, and a redacted summary of a page's request. */
export interface PagingContext {
  readonly apiBaseUrl: string;
  /** Pages fetched at most (the first included). */
  readonly maxPages: number;
  readonly operationId: string;
  readonly requestOf: (url: string) => RequestSummary;
}

/**
 * The next page's URL, or undefined on the last page. A relative `@odata.nextLink` is resolved against the
 * page's `@odata.context` (OData JSON format §4.6) or, without one, the page's request URL. A link to another
 * origin than the API's is refused: following it would send the access token there.
 */
export function nextLinkOf(page: Page, context: PagingContext): string | undefined {
  const body = page.data;
  if (typeof body !== "object" || body === null) return undefined;
  const link = (body as Record<string, unknown>)["@odata.nextLink"];
  if (typeof link !== "string" || link.trim() === "") return undefined;
  const contextUrl = (body as Record<string, unknown>)["@odata.context"];
  let base = page.url;
  if (typeof contextUrl === "string") {
    try {
      base = new URL(contextUrl, page.url).href;
    } catch {
      // keep the request URL
    }
  }
  let next: URL;
  try {
    next = new URL(link, base);
  } catch {
    throw pagingError(context, page, "invalid_next_link", "The @odata.nextLink of the page is not a URL");
  }
  if (next.origin !== new URL(context.apiBaseUrl).origin) {
    throw pagingError(
      context,
      page,
      "unsafe_next_link",
      `The @odata.nextLink points to another origin (${next.origin}); it is not followed, so the access token is not sent there`,
    );
  }
  return next.href;
}

/** Yields every entity of every page, fetching the next page only when the previous one is used up. */
export async function* paginate<E>(
  first: () => Promise<Page>,
  next: (url: string) => Promise<Page>,
  context: PagingContext,
): AsyncGenerator<E, void, undefined> {
  let page = await first();
  const seen = new Set<string>([page.url]);
  let pages = 1;
  for (;;) {
    const value = (page.data as { value?: unknown } | undefined)?.value;
    if (!Array.isArray(value))
      throw pagingError(context, page, "invalid_collection", "The page is not an OData collection (no value array)");
    yield* value as E[];
    const link = nextLinkOf(page, context);
    if (link === undefined) return;
    if (seen.has(link))
      throw pagingError(context, page, "next_link_loop", "The @odata.nextLink repeats a page already read");
    if (pages >= context.maxPages)
      throw pagingError(
        context,
        page,
        "too_many_pages",
        `The pages go on past maxPages (${context.maxPages}): the next link is not followed; the entities of the pages read were yielded`,
      );
    seen.add(link);
    pages += 1;
    page = await next(link);
  }
}

function pagingError(context: PagingContext, page: Page, code: PagingError["code"], message: string): PagingError {
  const request = context.requestOf(page.url);
  return new PagingError({
    code,
    message: `${message} (${request.method} ${request.url})`,
    request,
    operationId: context.operationId,
  });
}
