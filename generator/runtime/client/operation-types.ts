/**
 * Type-level views of one operation as openapi-typescript writes it (`operations["listAccountBalances"]` in
 * types.ts): its path parameters, query, request body, the default result of a call (the success body; for a 201
 * the id, Location and body; `void` without content) and the "narrowed by status" result of `withResponse`.
 */
import type { CallOptions, PaginateOptions } from "../options/client-options.js";
import type { MultipartBody, MultipartParts } from "../bodies/multipart.js";
import type { ODataEntityQuery, ODataListQuery } from "../odata/odata.js";
import type { ODataEntityPaths, ODataPathsOf, ODataSelected, ODataTermShape, Selected } from "../odata/odata-paths.js";

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

/**
 * The body of a response object as the client keeps it: its content, or `unknown` when the spec describes none.
 * The client keeps whatever body came (a 201's, an error's: a created resource is never turned into a failure, an
 * error keeps what the server said), so a body the spec does not describe is still there to read, as `unknown`.
 */
export type KeptBody<R> = R extends { content: infer C } ? C[keyof C] : unknown;

/** What a 201 response object `R` resolves to: `Created` when it requires `Location`, else `CreatedWithoutLocation`. */
export type CreatedOf<R> = R extends { headers: { Location: unknown } }
  ? Created<KeptBody<R>>
  : CreatedWithoutLocation<KeptBody<R>>;

/** What a method resolves to by default: `Created<...>` for a 201, else the success body. */
export type DefaultResultOf<Op> = 201 extends SuccessStatusOf<Op> ? CreatedOf<ResponsesOf<Op>[201]> : SuccessBodyOf<Op>;

/** A range of statuses as OpenAPI writes it in `responses` (RFC 9110's classes). */
export type StatusRange = "1XX" | "2XX" | "3XX" | "4XX" | "5XX";

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type Hundred<H extends number, Tens extends number> = `${H}${Tens}${Digit}` extends infer T
  ? T extends `${infer N extends number}`
    ? N
    : never
  : never;

/**
 * The statuses of a range but those the operation declares on their own (`Except`): `StatusIn<"4XX", 400 | 404>` is
 * 401 to 499 but 404, a literal union, so `status === 401` narrows. Written as the union of its two halves (x00–x49,
 * x50–x99) so that TypeScript keeps this name in hovers and errors rather than printing the hundred numbers.
 */
export type StatusIn<R extends StatusRange, Except extends number = never> =
  | Exclude<R extends `${infer H extends number}XX` ? Hundred<H, 0 | 1 | 2 | 3 | 4> : never, Except>
  | Exclude<R extends `${infer H extends number}XX` ? Hundred<H, 5 | 6 | 7 | 8 | 9> : never, Except>;

/** The statuses an operation declares one by one (`200`, `"404"` → `200 | 404`); its ranges and `default` left out. */
export type DeclaredStatusOf<Op> = StatusKeyNumber<keyof ResponsesOf<Op>>;
type StatusKeyNumber<S> = S extends number ? S : S extends `${infer N extends number}` ? N : never;
/** The statuses of `Declared` in range `R`: what `StatusIn<R, ...>` leaves out. */
type DeclaredIn<Declared, R> = R extends `${infer H extends number}XX`
  ? Declared extends number
    ? `${Declared}` extends `${H}${string}`
      ? Declared
      : never
    : never
  : never;

/**
 * A response key as the `status` a response has: `"404"` → `404`; a range → its statuses but the declared ones
 * (`StatusIn`); `default` → every status no other key covers (`Declared` the statuses declared one by one,
 * `Ranges` the ranges declared).
 */
export type StatusNumber<S, Declared extends number = never, Ranges extends StatusRange = never> = S extends number
  ? S
  : S extends `${infer N extends number}`
    ? N
    : S extends StatusRange
      ? StatusIn<S, Declared>
      : StatusIn<Exclude<StatusRange, Ranges | "2XX">, Declared>;

/** A declared success of a `withResponse` call: `ok` and the status, the body (`data`) and the `Response`. */
export interface RawSuccess<S extends number, D> {
  readonly ok: true;
  readonly status: S;
  readonly data: D;
  readonly response: Response;
}

/** A declared error status of a `withResponse` call: `ok: false`, the status, the parsed error body, the `Response`. */
export interface RawFailure<S extends number, E> {
  readonly ok: false;
  readonly status: S;
  readonly error: E;
  readonly response: Response;
}

/** The responses `withResponse` types: the operation's, or any success with an unknown body when it documents none. */
type RawResponsesOf<Op> = [ResponsesOf<Op>] extends [never]
  ? { "2XX": { content: { "*/*": unknown } } }
  : ResponsesOf<Op>;

/** The body of a success in `withResponse`: the response's as the client keeps it, or `Data`. */
type RawDataOf<R, Data> = [Data] extends [never] ? KeptBody<R> : Data;

/**
 * The result of a `withResponse` method: one variant per declared status (`RawSuccess`, `RawFailure`), narrowed by
 * `status` (or `ok`); a range (`4XX`) stands for its statuses but those declared on their own, `default` for every
 * status no other key covers. A body the spec does not describe is `unknown` (`KeptBody`): the client keeps it. A
 * declared status never throws; undeclared statuses and network failures still do.
 * `Data`, when given, replaces the success body (an OData read narrowed by `$select`). An operation that documents
 * no response (OpenAPI 3.1 allows it) resolves on any success, its body unknown.
 */
export type RawResultOf<Op, Data = never> = {
  [S in keyof RawResponsesOf<Op>]: S extends SuccessStatus
    ? S extends StatusRange
      ? RawSuccess<StatusIn<S, DeclaredIn<DeclaredStatusOf<Op>, S>>, RawDataOf<RawResponsesOf<Op>[S], Data>>
      : RawSuccess<StatusNumber<S>, RawDataOf<RawResponsesOf<Op>[S], Data>>
    : S extends StatusRange
      ? RawFailure<StatusIn<S, DeclaredIn<DeclaredStatusOf<Op>, S>>, KeptBody<RawResponsesOf<Op>[S]>>
      : RawFailure<
          StatusNumber<S, DeclaredStatusOf<Op>, Extract<keyof RawResponsesOf<Op>, StatusRange>>,
          KeptBody<RawResponsesOf<Op>[S]>
        >;
}[keyof RawResponsesOf<Op>];

/**
 * A `withResponse` result `R` whose success body is `D` instead (an OData read narrowed by `$select`): the errors
 * as they are, the successes with `D`.
 */
export type SelectedResponse<R, D> =
  | Exclude<R, { readonly ok: true }>
  | (R extends RawSuccess<infer S, unknown> ? RawSuccess<S, D> : never);

/** `"data"`: methods resolve to the success body and throw on errors; `"raw"`: they resolve to `RawResultOf`. */
export type ResultMode = "data" | "raw";

/**
 * What a method returns in mode `M`, given what it resolves to by default (`D`) and with `withResponse` (`R`).
 * The generated client passes the operation's named types, so hovers read `Promise<TransferDto>`.
 */
export type MethodResult<M extends ResultMode, D, R> = M extends "raw" ? Promise<R> : Promise<D>;

/** What a method returns in mode `M`, worked out from the operation: `DefaultResultOf`, or `RawResultOf` for `"raw"`. */
export type ResultOf<M extends ResultMode, Op> = MethodResult<M, DefaultResultOf<Op>, RawResultOf<Op>>;

/** What an OData read returns in mode `M` when its success body is `B` (narrowed by `$select`). */
export type ODataResultOf<M extends ResultMode, Op, B> = MethodResult<M, B, RawResultOf<Op, B>>;

/** A page of an OData collection `C` (its `value` and control information) whose entities are `X`s. */
export type ODataPage<C, X> = Omit<C, "value"> & { value: X[] };

/** A collection body with `value` holding `X`s: the list's page as `$select` narrows it. */
export type ODataPageOf<Op, X> = ODataPage<SuccessBodyOf<Op>, X>;

/**
 * An OData list method: call it for one page, or `.paginate(...)` for every entity of every page. `E` is the
 * entity, `D` the page the call resolves to and `R` its `withResponse` result, `N` the entity's paths
 * (precomputed by the generator; `ODataPathsOf<E>` works them out). The `$select` given (`S`) narrows the entities
 * to the selected properties (`Selected`); the comparisons of a `$filter` expression (`T`) are checked against the
 * entity.
 */
export interface ODataListMethod<
  M extends ResultMode,
  Args extends readonly unknown[],
  E,
  D,
  R,
  N extends ODataEntityPaths = ODataPathsOf<E>,
> {
  <const S extends "*" | N["all"] = never, T extends ODataTermShape = never>(
    ...args: [...Args, query?: ODataListQuery<E, N, S, T>, init?: CallOptions]
  ): [S] extends [never]
    ? MethodResult<M, D, R>
    : "*" extends S
      ? MethodResult<M, D, R>
      : MethodResult<M, ODataPage<D, Selected<E, S>>, SelectedResponse<R, ODataPage<D, Selected<E, S>>>>;
  /**
   * Every entity of every page: follows `@odata.nextLink` until the last page, or `init.maxPages` pages (default
   * 1 000; past it a `PagingError`). `$top` caps the total (OData's meaning); `maxPageSize` sizes the pages
   * (`Prefer: odata.maxpagesize`), never the total.
   */
  paginate<const S extends "*" | N["all"] = never, T extends ODataTermShape = never>(
    ...args: [...Args, query?: ODataListQuery<E, N, S, T>, init?: PaginateOptions]
  ): AsyncIterableIterator<ODataSelected<E, S>>;
}

/**
 * An OData keyed GET (`Accounts({id})`): `D` is the body it resolves to (the entity with its control information),
 * `R` its `withResponse` result; the `$select` given (`S`) narrows the entity to the selected properties.
 */
export interface ODataEntityMethod<
  M extends ResultMode,
  Args extends readonly unknown[],
  E,
  D,
  R,
  N extends ODataEntityPaths = ODataPathsOf<E>,
> {
  <const S extends "*" | N["all"] = never>(
    ...args: [...Args, query?: ODataEntityQuery<E, S>, init?: CallOptions]
  ): [S] extends [never]
    ? MethodResult<M, D, R>
    : "*" extends S
      ? MethodResult<M, D, R>
      : MethodResult<M, Selected<D, S>, SelectedResponse<R, Selected<D, S>>>;
}
