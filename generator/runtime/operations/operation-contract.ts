/**
 * What the contract says of each operation beyond what the client's runtime reads (`OperationMetadata`): its
 * parameters with the JSON type their text stands for and their JSON Schema, and, for OData reads, the entity its
 * query options are about with that entity's shape. The generator emits it into `contract.ts`
 * (`@account-funds/client/contract`) for a server of the contract, such as the sandbox, so that it needs no JSON
 * pointer or `$ref` of its own; the client's entry points never import it.
 */

/** The JSON type a parameter's URL text is read as before its schema checks it. */
export type ScalarType = "string" | "integer" | "number" | "boolean";

export interface ParameterMetadata {
  readonly name: string;
  readonly in: "path" | "query";
  readonly required: boolean;
  readonly type: ScalarType;
  /** The parameter's JSON Schema (2020-12), every `$ref` inlined. */
  readonly schema: { readonly [keyword: string]: unknown };
}

export interface OperationContractMetadata {
  /** Path parameters in the order of the path template, then query parameters in the order declared. */
  readonly parameters: readonly ParameterMetadata[];
  /** For an OData list or keyed read: the entity schema (`AccountDto`) its options name properties of, a key of `entityShapes`. */
  readonly entitySchema?: string;
}

/**
 * An entity as OData's `$filter`, `$select` and `$orderby` see it: each property's kind, or, for a complex property a
 * path reaches into (`Beneficiary/Name`, OData 4.01 URL Conventions §5.1.1.15), its own shape. `array` is a
 * collection, `object` a value no path reaches into; nullability is not kept (any property may be compared to null).
 */
export interface EntityShape {
  readonly properties: { readonly [name: string]: EntityPropertyKind | EntityShape };
  /** Properties the schema requires (through `required` and `allOf`, not `oneOf`/`anyOf` branches), sorted. */
  readonly required?: readonly string[];
  /** The entity's key properties (the schema's `x-odata-key`), in key order; absent for a complex value. */
  readonly key?: readonly string[];
}

export type EntityPropertyKind = "string" | "integer" | "number" | "boolean" | "date-time" | "object" | "array";
