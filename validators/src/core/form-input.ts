/**
 * What a form holds for a value of type `T`: the input side of a validator's Standard Schema types, derived from
 * its output (the wire form) so that the two cannot drift apart. Where the wire form is strict, the form's side
 * is what people type and the validators accept:
 *
 * - every string (an identifier, a code, an enum, free text) is `string`: `40-05-15`, `gbp`, a grouped IBAN;
 * - a field the wire form may leave out may also be `null` or `undefined` (a blank string already is a string);
 * - a union of objects (the routing types; AssignDepositor's Individual or Company) is one object with every key
 *   of every member, required only where every member requires it: the shape of a form that swaps its fields
 *   with a select, and a supertype of each member;
 * - numbers and booleans stay numbers and booleans: a form holds them as such (`valueAsNumber`, a checkbox).
 */

/** Keys of any member of the union `U`. */
type KeyOfAny<U> = U extends unknown ? keyof U : never;

/** `true` when the member `M` has the key `K` and does not mark it optional. */
type RequiredIn<M, K extends PropertyKey> = K extends keyof M ? ({} extends Pick<M, K> ? false : true) : false;

/** `true` when every member of `U` requires `K`. */
type RequiredInEvery<U, K extends PropertyKey> = false extends (U extends unknown ? RequiredIn<U, K> : never)
  ? false
  : true;

/** The types of `K` in the members of `U` that have it (an optional `never` member contributes nothing). */
type ValueAt<U, K extends PropertyKey> = U extends unknown
  ? K extends keyof U
    ? Exclude<U[K], undefined>
    : never
  : never;

/** Flattens an intersection into one object type, keeping optional keys optional (hovers show one object). */
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** One object type for the union of objects `U`, per the module comment. */
type FormObject<U> = Flatten<
  { [K in KeyOfAny<U> as string extends K ? K : RequiredInEvery<U, K> extends true ? K : never]: FieldInput<U, K> } & {
    [K in KeyOfAny<U> as string extends K ? never : RequiredInEvery<U, K> extends true ? never : K]?:
      | FormInput<ValueAt<U, K>>
      | null
      | undefined;
  }
>;

/** A required key's input; an index signature's values (AdditionalInformation) may be empty too. */
type FieldInput<U, K extends PropertyKey> = string extends K
  ? FormInput<ValueAt<U, K>> | null | undefined
  : FormInput<ValueAt<U, K>>;

/** The form's side of a value of type `T` (see the module comment). */
export type FormInput<T> = [T] extends [string]
  ? string
  : [T] extends [number]
    ? number
    : [T] extends [boolean]
      ? boolean
      : [T] extends [readonly (infer Item)[]]
        ? FormInput<Item>[]
        : [T] extends [object]
          ? FormObject<T>
          : T;
