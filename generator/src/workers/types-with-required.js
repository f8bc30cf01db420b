// @ts-check
/**
 * openapi-typescript's `WithRequired` helper, which types `required` beside `allOf` (`allOf: [{$ref: X}]` with
 * `required: [a]`), made to take a nullable type.
 *
 * openapi-typescript 7.13 prints `type WithRequired<T, K extends keyof T> = T & { [P in K]-?: T[P] }`. When `X`
 * is nullable (3.0's `nullable: true`, 3.1's `type: [object, "null"]`), `keyof (X | null)` is `never` and
 * `WithRequired<X | null, "a">` does not compile (Plaid's spec). Here the keys are those of `X` without `null`,
 * and `null` stays what it is: JSON Schema's `required` constrains objects only, so `null` still validates. For
 * a type that is not nullable (every use in our own spec) the result is the type the library's helper gives.
 */
import { createRequire } from "node:module";

/** @type {Pick<typeof import("openapi-typescript"), "stringToAST">} */
const { stringToAST } = createRequire(import.meta.url)("openapi-typescript/dist/lib/ts.cjs");
/** @type {typeof import("typescript")} */
const ts = createRequire(import.meta.url)("typescript");

const helper =
  "type WithRequired<T, K extends keyof NonNullable<T>> = T extends null ? T : T & { [P in K]-?: NonNullable<T>[P] };";

/**
 * @param {readonly import("typescript").Node[]} nodes openapi-typescript's statements
 * @returns {import("typescript").Node[]}
 */
export function withNullableWithRequired(nodes) {
  return nodes.map((node) =>
    ts.isTypeAliasDeclaration(node) && node.name.text === "WithRequired"
      ? /** @type {any} */ (stringToAST(helper))[0]
      : node,
  );
}
