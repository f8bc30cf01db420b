/**
 * The URL path of one entity, filled into its GET operation's template from the generated operation metadata:
 * `locationOf("getTransfer", { id: 7 })` → `/api/v1/Transfers(7)`. Used for 201 `Location` headers, webhook
 * `ApiUrl`s and the control API, so no path is written twice. The router (`router.ts`) reads these paths back.
 *
 * Values are percent-encoded (RFC 3986 §3.3) including the characters that delimit OData keys (`(`, `)`, `'`);
 * a string in a quoted slot (`CountryCode='{CountryCode}'`) doubles its quotes as an OData string literal
 * (URL Conventions §2.2.2); the template's own spaces (`FilterType = {filterType}`) are encoded as `%20`.
 */
import { operationMetadata, type Operation, type OperationId, type PathParamsOf } from "@account-funds/client";

/** Operations that read one entity (`odata: "entity"`): what a `Location` or an `ApiUrl` may name. */
export type EntityOperationId = {
  [K in OperationId]: (typeof operationMetadata)[K] extends { readonly odata: "entity" } ? K : never;
}[OperationId];

/** A parameter slot of a template, with the OData string-literal quotes around it when the template has them. */
const SLOT = /(')?\{([^{}]+)\}(')?/g;

/** `encodeURIComponent` leaves `'()*!` as they are; in an OData path the first three delimit keys. */
const encodeValue = (text: string): string =>
  encodeURIComponent(text).replace(/['()*!]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

function slotValue(name: string, quoted: boolean, parameters: Readonly<Record<string, string | number>>): string {
  const value = parameters[name];
  if (value === undefined) throw new TypeError(`no value for path parameter ${name}`);
  if (typeof value === "number" && !Number.isSafeInteger(value))
    throw new TypeError(`path parameter ${name} is not an integer: ${value}`);
  const text = String(value);
  return quoted ? `'${encodeValue(text.replaceAll("'", "''"))}'` : encodeValue(text);
}

/**
 * Any operation's path template with `parameters` filled in. Untyped: `locationOf` is the typed entry point; this is
 * what the router's tests fill every template with.
 */
export function fillPathTemplate(template: string, parameters: Readonly<Record<string, string | number>>): string {
  return template
    .replace(SLOT, (_slot, open: string | undefined, name: string, close: string | undefined) => {
      const quoted = open !== undefined && close !== undefined;
      return quoted
        ? slotValue(name, true, parameters)
        : `${open ?? ""}${slotValue(name, false, parameters)}${close ?? ""}`;
    })
    .replaceAll(" ", "%20");
}

/** The path of the entity `operationId` reads, with `parameters` filled in (the type names every one of them). */
export function locationOf<K extends EntityOperationId>(operationId: K, parameters: PathParamsOf<Operation<K>>): string;
export function locationOf(
  operationId: EntityOperationId,
  parameters: Readonly<Record<string, string | number>>,
): string {
  return fillPathTemplate(operationMetadata[operationId].path, parameters);
}
