/**
 * The generated client's public surface as data, worked out once from the model: its resource groups with their
 * interfaces and methods (each method's parameters in the runtime's argument order, `argumentSlots`), the token
 * operations the built-in authentication uses, the webhook parsers, and the names `src/client.ts` exports.
 * `client.ts` prints it; `readme.ts` documents it and `index-file.ts` re-exports it, so none of them can describe a
 * client the others do not.
 */
import { argumentSlots, type ArgumentSlot } from "../../runtime/client/bind.js";
import type { ApiModel, OperationModel, WebhookModel } from "../model/model.js";
import { pascalCase } from "../print/names.js";
import { odataEntities, odataEntityOf } from "./odata-paths.js";

export interface ClientSurface {
  readonly groups: readonly ClientGroup[];
  readonly tokenOperations: TokenOperations;
  /**
   * How a client authenticates, which decides its options type: `password-grant` (`ClientOptions`: credentials with
   * the spec's token operations, or a `tokenProvider`), `token-provider` (`TokenProviderClientOptions`: operations
   * take an access token, the spec has no token operation) or `none` (`PlainClientOptions`: no operation takes one).
   */
  readonly authentication: Authentication;
  /** One per webhook, in the spec's order. */
  readonly webhookParsers: readonly WebhookParser[];
  /** What `src/client.ts` exports, for the package entry to re-export. */
  readonly exports: { readonly values: readonly string[]; readonly types: readonly string[] };
}

export interface ClientGroup {
  /** `accounts`: the property of the client. */
  readonly name: string;
  /** `AccountsClient`. */
  readonly interfaceName: string;
  readonly methods: readonly ClientMethod[];
}

export interface ClientMethod {
  readonly operation: OperationModel;
  /** `list`/`entity`: an OData read typed from its entity (`ODataListMethod`/`ODataEntityMethod`); else a method. */
  readonly kind: "method" | "list" | "entity";
  /** The entity's schema name, for `list` and `entity`. */
  readonly entity?: string;
  /** In call order, the per-call options (`init`) last. */
  readonly parameters: readonly MethodParameter[];
}

export interface MethodParameter {
  /** A legal parameter name: a path parameter's own when it is one, else renamed (`default` → `defaultParam`). */
  readonly name: string;
  /** Where the argument goes; a path slot names its path parameter. */
  readonly slot: ArgumentSlot;
  /** May be left out (`name?`). */
  readonly optional: boolean;
  /** Optional, but before a required parameter: it must be passed, and may be `undefined`. */
  readonly undefinedAllowed: boolean;
}

export type Authentication = "password-grant" | "token-provider" | "none";

/** The client options type of each kind of authentication (runtime/options/client-options.ts). */
export const clientOptionsType = {
  "password-grant": "ClientOptions",
  "token-provider": "TokenProviderClientOptions",
  none: "PlainClientOptions",
} as const satisfies Record<Authentication, string>;

/** The token operations the built-in authentication uses: the password grant with a secret, and with mTLS. */
export interface TokenOperations {
  clientSecret?: OperationModel;
  mtls?: OperationModel;
}

export interface WebhookParser {
  /** `parseWebhookEvents` when the spec has one webhook, else `parse<Webhook>`. */
  readonly name: string;
  readonly webhook: WebhookModel;
}

/** The type aliases `src/client.ts` declares for its signatures, in the order it declares them. */
export const operationTypeAliasNames = [
  "Operation",
  "OperationPathParam",
  "OperationBody",
  "OperationQuery",
  "OperationData",
  "OperationResponse",
  "OperationResult",
  "Schema",
] as const;
export type OperationTypeAliasName = (typeof operationTypeAliasNames)[number];

export function clientSurface(model: ApiModel): ClientSurface {
  const byId = new Map(model.operations.map((operation) => [operation.operationId, operation]));
  const groups = model.groups.map((group) => ({
    name: group.name,
    interfaceName: groupInterfaceName(group.name),
    methods: group.operationIds.map((id) => {
      const operation = byId.get(id);
      if (operation === undefined) throw new Error(`group ${group.name} names an unknown operation ${id}`);
      return clientMethod(operation);
    }),
  }));
  const webhookParsers = model.webhooks.map((webhook) => ({
    name: model.webhooks.length === 1 ? "parseWebhookEvents" : `parse${pascalCase(webhook.name)}`,
    webhook,
  }));
  const aliases = [
    ...operationTypeAliasNames,
    ...(odataEntities(model).size > 0 ? ["ODataEntities"] : []),
    ...(model.webhooks.length > 0 ? ["WebhookEventOf"] : []),
  ];
  const tokens = tokenOperations(model);
  return {
    groups,
    tokenOperations: tokens,
    authentication: !model.operations.some((operation) => operation.security === "bearer")
      ? "none"
      : tokens.clientSecret === undefined && tokens.mtls === undefined
        ? "token-provider"
        : "password-grant",
    webhookParsers,
    exports: {
      values: ["createAccountFundsClient", "loadOperationValidators", ...webhookParsers.map((parser) => parser.name)],
      types: ["AccountFundsClient", "ClientGroups", ...groups.map((group) => group.interfaceName), ...aliases],
    },
  };
}

/** `AccountsClient` for the `accounts` group. */
function groupInterfaceName(group: string): string {
  return `${pascalCase(group)}Client`;
}

function clientMethod(operation: OperationModel): ClientMethod {
  const parameters = methodParameters(operation);
  const entity = odataEntityOf(operation);
  if (entity === undefined) return { operation, kind: "method", parameters };
  return { operation, kind: operation.odataList !== undefined ? "list" : "entity", entity, parameters };
}

/** Whether any operation takes header or cookie parameters (its methods' options then carry them, typed). */
export function hasParameterOptions(model: ApiModel): boolean {
  return model.operations.some(takesParameterOptions);
}

/** The operation's per-call options carry its header or cookie parameters (`ParameterOptionsOf`). */
export function takesParameterOptions(operation: OperationModel): boolean {
  return operation.headerParameters.length > 0 || operation.cookieParameters.length > 0;
}

/** Parameters in `argumentSlots` order; an optional parameter before a required one may be `undefined` instead. */
export function methodParameters(operation: OperationModel): MethodParameter[] {
  const slots = argumentSlots({
    pathParameters: operation.pathParameters.map((parameter) => parameter.name),
    hasBody: operation.requestBody !== undefined,
    hasQuery: operation.queryParameters.length > 0,
  });
  let laterRequired = false;
  return slots
    .map((slot) => ({ slot, name: slotName(slot), optional: isOptional(operation, slot) }))
    .reverse()
    .map((parameter) => {
      const undefinedAllowed = parameter.optional && laterRequired;
      if (!parameter.optional) laterRequired = true;
      return { ...parameter, optional: parameter.optional && !undefinedAllowed, undefinedAllowed };
    })
    .reverse();
}

function slotName(slot: ArgumentSlot): string {
  return slot.kind === "path" ? parameterName(slot.name) : slot.kind;
}

function isOptional(operation: OperationModel, slot: ArgumentSlot): boolean {
  switch (slot.kind) {
    case "path":
      return false;
    case "body":
      return operation.requestBody?.required !== true;
    case "query":
      // OData reads are `ODataListMethod`/`ODataEntityMethod`s, typed from the entity; a method has the spec's query.
      return !operation.queryParameters.some((parameter) => parameter.required);
    case "init":
      return ![...operation.headerParameters, ...operation.cookieParameters].some((parameter) => parameter.required);
  }
}

/** A form POST without an access token (or with the client certificate) is a token request, if anything needs one. */
export function tokenOperations(model: ApiModel): TokenOperations {
  if (!model.operations.some((operation) => operation.security === "bearer")) return {};
  const isTokenRequest = (operation: OperationModel): boolean =>
    operation.method === "post" &&
    operation.requestBody?.contents.some((media) => media.mediaType === "application/x-www-form-urlencoded") === true;
  const clientSecret = model.operations.find((operation) => operation.security === "none" && isTokenRequest(operation));
  const mtls = model.operations.find((operation) => operation.security === "mutualTLS" && isTokenRequest(operation));
  return { ...(clientSecret === undefined ? {} : { clientSecret }), ...(mtls === undefined ? {} : { mtls }) };
}

const reserved = new Set(
  "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await".split(
    " ",
  ),
);

/** A parameter name for a path parameter: itself when it is a usable identifier. */
function parameterName(name: string): string {
  const camel = name.replace(/[^A-Za-z0-9_$]+(.)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase());
  const safe = /^[A-Za-z_$]/.test(camel) ? camel : `_${camel}`;
  return reserved.has(safe) || safe === "body" || safe === "query" || safe === "init" ? `${safe}Param` : safe;
}
