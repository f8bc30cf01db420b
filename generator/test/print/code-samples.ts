/** Code shaped like what the generator prints, for the print/ tests. */

/** The shape of ajv's standalone output: one line, constants, a regex literal, functions. */
export const ajvLike = [
  'const validateThing = validate10;const schema11 = {"type":"object","required":["id"],"properties":{"id":{"type":"string","pattern":"^[A-Z]{2}$"}}};',
  "const pattern0 = /^[A-Z]{2}$/u;",
  'function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){let vErrors = null;let errors = 0;',
  'if(data && typeof data == "object" && !Array.isArray(data)){if(data.id === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property \'"+"id"+"\'"};',
  "if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}validate10.errors = vErrors;return errors === 0;}",
].join("");

/** What the other emitters write: imports, generics, conditional and mapped types, overloads, `as const satisfies`. */
export const typescriptLike = [
  'import type { components, operations as OperationTypes } from "./types.js";',
  "/** A doc. */",
  "export type Path<K extends keyof OperationTypes, N extends string> = PathParamOf<OperationTypes[K], N>;",
  "type ElementOf<T> = T extends readonly (infer E)[] ? E : T;",
  'export interface Accounts<M extends ResultMode = "data"> { readonly list: (query?: { $top?: number }, init?: CallOptions) => Result<M, "listAccounts">; get(accountId: string): Promise<components["schemas"]["AccountDto"]> }',
  'export const operations = { listAccounts: { method: "get", path: "/api/v1/Accounts", responses: { "200": { mediaType: "application/json" } } } } as const satisfies Record<string, OperationMetadata>;',
  "export function parse<T>(body: unknown): WebhookParseResult<T> { return parseWith<T>(validators.event!, body); }",
].join("\n");
