/**
 * Type-level views of one operation as openapi-typescript writes it (`operations["listAccountBalances"]` in
 * types.ts): its path parameters, query, request body, the default result of a call (the success body; for a 201
 * the id, Location and body; `void` without content) and the "narrowed by status" result of `withResponse`.
 */
import type { CallOptions, PaginateOptions } from "./client-options.js";
import type { MultipartBody, MultipartParts } from "./multipart.js";
import type { ODataEntityQuery, ODataListQuery } from "./odata.js";
import type { ODataEntityPaths, ODataPathsOf, ODataSelected, ODataTermShape } from "./odata-paths.js";

/** The parameters object of an operation (`path`, `query`, `header`, `cookie`); never when it declares none. */
export type ParametersOf<Op> = Op extends { parameters: infer P } ? P : never;

/** Path parameters object of an operation. */
export type PathParamsOf<Op> = ParametersOf<Op> extends { path?: infer P } ? NonNullable<P> : never;

/** One path parameter's type: `PathParamOf<operations["getAccount"], "id">` → `number`. */
export type PathParamOf<Op, Name extends string> = Name extends keyof PathParamsOf<Op> ? PathParamsOf<Op>[Name] : never;

/** The query object of an operation (never when it takes none). */
export type QueryOf<Op> = ParametersOf<Op> extends { query?: infer Q } ? NonNullable<Q> : never;

/** The request body's `content` of an operation, by media type (never when it takes no body). */
export type RequestContentOf<Op> = Op extends { requestBody?: infer B }
  ? [NonNullable<B>] extends [never]
    ? never
    : NonNullable<B> extends { content: infer C }
      ? C
      : never
  : never;

/**
 * The request body a method accepts: the JSON (or form) body, or `multipart(...)` of the multipart form when the
 * operation accepts `multipart/form-data` (binary fields take files).
 */
export type RequestBodyOf<Op> = [RequestContentOf<Op>] extends [never]
  ? never
  : {
      [M in keyof RequestContentOf<Op>]: M extends "multipart/form-data"
        ? MultipartBody<MultipartParts<RequestContentOf<Op>[M]>>
        : RequestContentOf<Op>[M];
    }[keyof RequestContentOf<Op>];

/** The responses of an operation, by status key (`200`, `404`, `"4XX"`, `default`). */
export type ResponsesOf<Op> = Op extends { responses: infer R } ? R : never;

/** Statuses that count as success (the others are errors). */
export type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226 | "2XX";

/** The body of one response object: its content (any media type), or undefined without content. */
export type ResponseBody<R> = R extends { content: infer C } ? C[keyof C] : undefined;

/** The success statuses an operation declares. */
export type SuccessStatusOf<Op> = Extract<keyof ResponsesOf<Op>, SuccessStatus>;

/** The success body: `void` when no success response declares content. */
export type SuccessBodyOf<Op> = [SuccessStatusOf<Op>] extends [never]
  ? unknown
  : ResponseBody<ResponsesOf<Op>[SuccessStatusOf<Op>]> extends infer B
    ? [B] extends [undefined]
      ? void
      : B
    : never;

/**
 * A 201 whose spec requires the `Location` header: the created id (the key of the Location URL, `.../Transfers(123)`
 * or `.../transfers/123`), the Location URL and the body. A 201 without a Location the id can be read from throws
 * an `InvalidLocationError` instead (the resource was created all the same).
 */
export interface Created<B = unknown> {
  readonly id: number;
  /** Absolute URL of the created resource. */
  readonly location: string;
  readonly body: B;
}

/** A 201 whose spec does not require `Location`: the id and URL when the response has them (else the body's `Id`). */
export interface CreatedWithoutLocation<B = unknown> {
  readonly id?: number;
  readonly location?: string;
  readonly body: B;
}

/** What a 201 response object `R` resolves to: `Created` when it requires `Location`, else `CreatedWithoutLocation`. */
export type CreatedOf<R> = R extends { headers: { Location: unknown } }
  ? Created<ResponseBody<R>>
  : CreatedWithoutLocation<ResponseBody<R>>;

/** What a method resolves to by default: `Created<...>` for a 201, else the success body. */
export type DefaultResultOf<Op> = 201 extends SuccessStatusOf<Op> ? CreatedOf<ResponsesOf<Op>[201]> : SuccessBodyOf<Op>;

/** A response key as the `status` a response has: `"404"` → `404`; a range or `default` → `number`. */
export type StatusNumber<S> = S extends number ? S : S extends `${infer N extends number}` ? N : number;

/**
 * The result of a `withResponse` method: one variant per declared status, narrowed by `status` (or `ok`). A
 * declared status never throws; undeclared statuses and network failures still do. `Data`, when given, replaces
 * the success body (an OData read narrowed by `$select`). An operation that documents no response (OpenAPI 3.1
 * allows it) resolves on any success, its body unknown.
 */
export type RawResultOf<Op, Data = never> = [ResponsesOf<Op>] extends [never]
  ? { readonly ok: true; readonly status: number; readonly data: unknown; readonly response: Response }
  : {
      [S in keyof ResponsesOf<Op>]: S extends SuccessStatus
        ? {
            readonly ok: true;
            readonly status: StatusNumber<S>;
            readonly data: [Data] extends [never] ? ResponseBody<ResponsesOf<Op>[S]> : Data;
            readonly response: Response;
          }
        : {
            readonly ok: false;
            readonly status: StatusNumber<S>;
            readonly error: ResponseBody<ResponsesOf<Op>[S]>;
            readonly response: Response;
          };
    }[keyof ResponsesOf<Op>];

/** `"data"`: methods resolve to the success body and throw on errors; `"raw"`: they resolve to `RawResultOf`. */
export type ResultMode = "data" | "raw";

/** What a method returns in mode `M`: `DefaultResultOf` for `"data"`, `RawResultOf` for `"raw"`. */
export type ResultOf<M extends ResultMode, Op> = Promise<M extends "raw" ? RawResultOf<Op> : DefaultResultOf<Op>>;

/** What an OData read returns in mode `M` when its success body is `B` (narrowed by `$select`). */
export type ODataResultOf<M extends ResultMode, Op, B> = Promise<M extends "raw" ? RawResultOf<Op, B> : B>;

/** A collection body with `value` holding `X`s: the list's page as `$select` narrows it. */
export type ODataPageOf<Op, X> = Omit<SuccessBodyOf<Op>, "value"> & { value: X[] };

/**
 * An OData list method: call it for one page, or `.paginate(...)` for every entity of every page. `E` is the
 * entity, `N` its paths (precomputed by the generator; `ODataPathsOf<E>` works them out). The `$select` given
 * (`S`) narrows the entities to the selected properties (`ODataSelected`); the comparisons of a `$filter`
 * expression (`T`) are checked against the entity.
 */
export interface ODataListMethod<
  M extends ResultMode,
  Args extends readonly unknown[],
  E,
  Op,
  N extends ODataEntityPaths = ODataPathsOf<E>,
> {
  <const S extends "*" | N["all"] = never, T extends ODataTermShape = never>(
    ...args: [...Args, query?: ODataListQuery<E, N, S, T>, init?: CallOptions]
  ): [S] extends [never] ? ResultOf<M, Op> : ODataResultOf<M, Op, ODataPageOf<Op, ODataSelected<E, S>>>;
  /**
   * Every entity of every page: follows `@odata.nextLink` until the last page, or `init.maxPages` pages (default
   * 1 000; past it a `PagingError`). `$top` caps the total (OData's meaning); `maxPageSize` sizes the pages
   * (`Prefer: odata.maxpagesize`), never the total.
   */
  paginate<const S extends "*" | N["all"] = never, T extends ODataTermShape = never>(
    ...args: [...Args, query?: ODataListQuery<E, N, S, T>, init?: PaginateOptions]
  ): AsyncIterableIterator<ODataSelected<E, S>>;
}

/** An OData keyed GET (`Accounts({id})`): the `$select` given (`S`) narrows the entity to the selected properties. */
export interface ODataEntityMethod<
  M extends ResultMode,
  Args extends readonly unknown[],
  E,
  Op,
  N extends ODataEntityPaths = ODataPathsOf<E>,
> {
  <const S extends "*" | N["all"] = never>(
    ...args: [...Args, query?: ODataEntityQuery<E, S>, init?: CallOptions]
  ): [S] extends [never]
    ? ResultOf<M, Op>
    : ODataResultOf<M, Op, Omit<SuccessBodyOf<Op>, keyof E> & ODataSelected<E, S>>;
}
