/**
 * Type-level views of an OData entity for the query options: its property paths (`Name`, `Beneficiary/Name`,
 * OData 4.01 URL Conventions §5.1.1.15), the literal each path may be compared with in `$filter`, and the shape a
 * `$select` projection returns (JSON Format §4.5.8: only the selected properties; an entity whose key was not
 * selected carries its `@odata.id` instead). Only types: nothing here exists at run time.
 *
 * Paths go through single complex values (not collections, not open maps) up to four segments deep; a deeper
 * path can still be written as a string `$filter` or with `filter.raw(...)`. The generated client passes each
 * entity's paths precomputed from the spec (`ODataEntityPaths`, the same sets `ODataPathsOf` works out from the
 * type), so a call never makes the compiler enumerate them.
 */

/** Values `filter` can compare with; each becomes an OData literal (odata-filter.ts writes them). */
export type ODataLiteral = string | number | bigint | boolean | null | Date;

/** Property names of an entity; instance annotations (`@odata.id`, OData 4.01 JSON Format §20) are not properties. */
export type EntityKey<E> = Exclude<Extract<keyof E, string>, `@${string}`>;

/** The complex value a path may continue into: an object with declared properties, neither a list nor an open map. */
export type ODataComplex<T> =
  NonNullable<T> extends infer C
    ? C extends readonly unknown[]
      ? never
      : C extends object
        ? string extends keyof C
          ? never
          : C
        : never
    : never;

/**
 * Every property path of an entity: `"Id" | "Beneficiary" | "Beneficiary/Name" | ...`, at most `Depth` segments
 * (`[never, never, 1, 2, 3][Depth]` is what is left after one more; at 1 a path takes its last segment).
 */
export type ODataPath<E, Depth extends number = 4> = [Depth] extends [never]
  ? never
  : {
      [K in EntityKey<E>]:
        | K
        | (ODataComplex<E[K]> extends infer C
            ? [C] extends [never]
              ? never
              : `${K}/${ODataPath<C, [never, never, 1, 2, 3][Depth]>}`
            : never);
    }[EntityKey<E>];

/**
 * The value at path `P` of `E`, with `null` when any step may be null or absent (an absent property reads as null):
 * a path through a null complex value reads as null (URL Conventions §5.1.1.15).
 */
export type ODataPathType<E, P extends string> = P extends `${infer K}/${infer Rest}`
  ? K extends keyof E
    ? ODataPathType<ODataComplex<E[K]>, Rest> | (null extends E[K] ? null : {} extends Pick<E, K> ? null : never)
    : never
  : P extends keyof E
    ? Exclude<E[P], undefined> | (null extends E[P] ? null : {} extends Pick<E, P> ? null : never)
    : never;

/**
 * What `$filter` may compare path `P` of `E` with: a literal of the property's type — text, numbers (`bigint` too),
 * booleans — or `null` only where the value may be null. `D` is the union of the entity's date-time paths: their
 * literals are `Date`s or ISO 8601 strings, sent as Edm.DateTimeOffset. A complex or collection value compares with
 * `null` only; a property the spec leaves open, with any literal.
 */
export type ODataValue<E, P extends string, D extends string = never> =
  ODataPathType<E, P> extends infer T
    ? unknown extends T
      ? ODataLiteral
      : | (NonNullable<T> extends infer V
            ? V extends string
              ? P extends D
                ? Date | string
                : V
              : V extends number
                ? V | bigint
                : V extends boolean
                  ? V
                  : never
            : never)
        | (null extends T ? null : never)
    : never;

/** Paths of text properties (not date-times): what `contains`, `startsWith` and `endsWith` take. */
export type ODataTextPath<E, D extends string = never> = {
  [P in ODataPath<E>]: P extends D ? never : NonNullable<ODataPathType<E, P>> extends string ? P : never;
}[ODataPath<E>];

/** Paths of primitive properties (text, numbers, booleans, date-times): what `$orderby` takes. */
export type ODataScalarPath<E> = {
  [P in ODataPath<E>]: NonNullable<ODataPathType<E, P>> extends string | number | boolean ? P : never;
}[ODataPath<E>];

/**
 * One comparison a `$filter` expression makes, as the `filter` functions record it (type-level only):
 * `[path, literal]`, or `[path, text, "text"]` for the string functions.
 */
export type ODataTermShape =
  | readonly [path: string, value: unknown]
  | readonly [path: string, value: string, kind: "text"];

/**
 * The paths the query options may name on an entity: every property path (`$select`, `$filter` comparisons), those
 * of primitive values (`$orderby`), of text (the string functions) and of date-times (compared with a `Date` or
 * ISO 8601 text).
 */
export interface ODataEntityPaths {
  readonly all: string;
  readonly primitive: string;
  readonly text: string;
  readonly dateTime: string;
}

/** The paths of `E` worked out from its type, `D` being its date-time paths. */
export interface ODataPathsOf<E, D extends string = never> extends ODataEntityPaths {
  readonly all: ODataPath<E>;
  readonly primitive: ODataScalarPath<E>;
  readonly text: ODataTextPath<E, D>;
  readonly dateTime: D;
}

/**
 * The comparisons `T` (what a `filter` expression recorded), each checked against `E`: a term that fits is
 * itself, one that does not becomes what its path takes, so the error names the path's literal type. Only the
 * paths `T` names are looked at.
 */
export type ODataCheckedTerms<E, N extends ODataEntityPaths, T> = T extends readonly [
  infer P extends string,
  unknown,
  "text",
]
  ? P extends N["text"]
    ? T
    : readonly [N["text"], string, "text"]
  : T extends readonly [infer P extends string, unknown]
    ? P extends N["all"]
      ? readonly [P, ODataValue<E, P, N["dateTime"]>]
      : readonly [N["all"], unknown]
    : never;

/** What `$select` takes: a property path, or `*` for every property. */
export type ODataSelectPath<E> = "*" | ODataPath<E>;

/**
 * The entity as a `$select` of `S` returns it: the selected properties (members of a complex value when a path
 * names them: `Beneficiary/Name` keeps `Beneficiary.Name` only) and its instance annotations (`@odata.context`,
 * which no `$select` removes), plus the entity's `@odata.id` (its canonical URL), which a response carries when the
 * key was not selected (JSON Format §4.5.8). Without `$select`, or with `*`, the whole entity.
 */
export type ODataSelected<E, S extends string> = [S] extends [never] ? E : "*" extends S ? E : Selected<E, S>;

/**
 * The projection of `E` a `$select` of the paths `S` returns (`ODataSelected` without its cases for no `$select`
 * and `*`): hovers and errors read `Selected<TransferDto, "Id" | "Amount">`.
 */
export type Selected<E, S extends string> = ODataProjection<E, S> & { readonly "@odata.id"?: string };

/**
 * The selected members of `E`, modifiers (optional, readonly) kept: a member a path names whole, or, for
 * `Beneficiary/Name`, `Beneficiary` projected to the rest of the paths under it (`null` and `undefined` kept).
 * Instance annotations (`@odata.context`) are not properties and stay.
 */
export type ODataProjection<E, S extends string> = {
  [
    K in keyof E as K extends `@${string}` ? K : K extends (S extends `${infer Head}/${string}` ? Head : S) ? K : never
  ]: K extends S | `@${string}`
    ? E[K]
    : E[K] extends infer T
      ? T extends object
        ? ODataProjection<T, S extends `${K & string}/${infer Rest}` ? Rest : never>
        : T
      : never;
};
