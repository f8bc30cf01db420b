/**
 * `src/client.ts`: the client façade. One interface per resource group declares each method's signature, typed
 * from openapi-typescript's `operations` (so a wrong field, a wrong type, a missing required field or a wrong
 * path parameter does not compile); one table maps each method to its operation's metadata; the runtime binds
 * the table into methods by the same argument rule the signatures follow (`argumentSlots`): path parameters in
 * path order, then the body or the query, then per-call options. The interfaces take a result mode, so the
 * `withResponse` view (every declared status as a value) shares them. Also `parseWebhookEvents` (with the webhook
 * validators, imported) and `loadOperationValidators` (the operations' validators, loaded with a dynamic
 * `import()` only when a client validates: they are most of the package's code).
 */
import type { CodeBlockWriter } from "ts-morph";
import { VariableDeclarationKind } from "../print/ts-morph.js";
import { createTypeScriptFile, printTypeScriptFile, type TypeScriptFile } from "../print/typescript-file.js";
import { groupInterface, operationTypeAliases } from "./client-signatures.js";
import {
  clientOptionsType,
  clientSurface,
  hasParameterOptions,
  operationTypeAliasNames,
  type Authentication,
} from "./client-surface.js";
import { addWebhookParser } from "./client-webhook-parsers.js";
import type { Emitter } from "./emitter.js";
import { entitiesInterface, odataDateTimes, odataEntities } from "./odata-paths.js";
import { propertyAccess, propertyName } from "../print/names.js";
import { runtimeSpecifier } from "./runtime-modules.js";

/** Where the façade's imports come from, relative to src/client.ts. */
const modules = {
  types: "./types.js",
  operations: "./operations.js",
  operationValidators: "./validators/operations.js",
  webhookValidators: "./validators/webhooks.js",
  compiledValidator: runtimeSpecifier("compiledValidator"),
  bind: runtimeSpecifier("bind"),
  options: runtimeSpecifier("clientOptions"),
  operationTypes: runtimeSpecifier("operationTypes"),
  request: runtimeSpecifier("request"),
  requestParameters: runtimeSpecifier("requestParameters"),
  webhooks: runtimeSpecifier("webhooks"),
} as const;

export const clientEmitter: Emitter = {
  name: "client",
  async emit({ model }) {
    const file = createTypeScriptFile("client.ts");
    const { groups, tokenOperations: tokens, authentication, webhookParsers } = clientSurface(model);
    const optionsType = clientOptionsType[authentication];

    file.addImportDeclaration({
      isTypeOnly: true,
      namedImports: ["components", "operations as OperationTypes"],
      moduleSpecifier: modules.types,
    });
    file.addImportDeclaration({ namedImports: ["operations"], moduleSpecifier: modules.operations });
    if (model.webhooks.length > 0)
      file.addImportDeclaration({ namedImports: ["webhookValidators"], moduleSpecifier: modules.webhookValidators });
    file.addImportDeclaration({ namedImports: ["bindGroups"], moduleSpecifier: modules.bind });
    file.addImportDeclaration({
      isTypeOnly: true,
      namedImports: ["CallOptions", optionsType],
      moduleSpecifier: modules.options,
    });
    file.addImportDeclaration({
      isTypeOnly: true,
      namedImports: ["OperationValidators"],
      moduleSpecifier: modules.compiledValidator,
    });
    const usesEntityMethod = model.operations.some(
      (operation) => operation.odataEntity !== undefined && operation.odataList === undefined,
    );
    file.addImportDeclaration({
      isTypeOnly: true,
      namedImports: [
        "DefaultResultOf",
        "MethodResult",
        ...(usesEntityMethod ? ["ODataEntityMethod"] : []),
        "ODataListMethod",
        "PathParamOf",
        "QueryOf",
        "RawResultOf",
        "RequestBodyOf",
        "ResultMode",
      ],
      moduleSpecifier: modules.operationTypes,
    });
    file.addImportDeclaration({ namedImports: ["createRuntime"], moduleSpecifier: modules.request });
    if (hasParameterOptions(model))
      file.addImportDeclaration({
        isTypeOnly: true,
        namedImports: ["ParameterOptionsOf"],
        moduleSpecifier: modules.requestParameters,
      });
    if (model.webhooks.length > 0) {
      file.addImportDeclaration({
        namedImports: ["parseWebhookEventsWith", "type WebhookParseResult"],
        moduleSpecifier: modules.webhooks,
      });
    }

    file.addTypeAliases(
      operationTypeAliasNames.map((name) => ({ name, ...operationTypeAliases[name], isExported: true })),
    );

    const entities = odataEntities(model);
    if (entities.size > 0) file.addInterface(entitiesInterface(entities));
    file.addInterfaces(groups.map((group) => groupInterface(group, entities)));

    file.addInterface({
      name: "ClientGroups",
      isExported: true,
      typeParameters: [{ name: "M", constraint: "ResultMode", default: '"data"' }],
      docs: ["Every resource group of the client."],
      properties: groups.map((group) => ({ name: group.name, isReadonly: true, type: `${group.interfaceName}<M>` })),
    });
    file.addInterface({
      name: "AccountFundsClient",
      isExported: true,
      extends: ['ClientGroups<"data">'],
      docs: [
        [
          "The Account Funds API client. Methods resolve to the success body (a `Created` for a 201, text for",
          "`text/plain`, `undefined` without content) and throw an `AccountFundsError` subclass otherwise.",
        ].join("\n"),
      ],
      properties: [
        {
          name: "withResponse",
          isReadonly: true,
          type: 'ClientGroups<"raw">',
          docs: [
            [
              "The same methods, resolving to `{ ok, status, data | error, response }` narrowed by status for every",
              "status the spec declares; undeclared statuses and network failures still throw.",
            ].join("\n"),
          ],
        },
      ],
    });

    addObjectConstant(file, "groups", "Client method → operation, by group.", " as const", (writer) => {
      for (const group of groups) {
        writer.write(`${propertyName(group.name)}: {`).newLine();
        writer.indent(() => {
          for (const { operation } of group.methods) {
            writer.writeLine(
              `${propertyName(operation.clientMethod)}: operations${propertyAccess(operation.operationId)},`,
            );
          }
        });
        writer.write("},").newLine();
      }
    });

    addValidatorsLoader(file);

    const dateTimes = odataDateTimes(model, entities);
    if (dateTimes.size > 0) {
      const docs =
        "The date-time properties of each OData read's entity, by operationId: a `$filter` sends a string compared with one as a date-time.";
      addObjectConstant(file, "odataDateTimes", docs, "", (writer) => {
        for (const [operationId, paths] of dateTimes)
          writer.writeLine(`${propertyName(operationId)}: ${JSON.stringify(paths)},`);
      });
    }

    const tokenConfig = [
      tokens.clientSecret === undefined
        ? undefined
        : `clientSecret: operations${propertyAccess(tokens.clientSecret.operationId)}`,
      tokens.mtls === undefined ? undefined : `mtls: operations${propertyAccess(tokens.mtls.operationId)}`,
    ].filter((line) => line !== undefined);
    file.addFunction({
      name: "createAccountFundsClient",
      isExported: true,
      parameters: [{ name: "options", type: optionsType }],
      returnType: "AccountFundsClient",
      docs: [createClientDocs[authentication]],
      statements: (writer) => {
        writer.write("const runtime = createRuntime(options, {").newLine();
        writer.indent(() => {
          writer.writeLine("loadOperationValidators,");
          // No operation takes an access token: the client has no token source to build.
          if (authentication !== "none") writer.writeLine(`tokenOperations: { ${tokenConfig.join(", ")} },`);
          if (dateTimes.size > 0) writer.writeLine("odataDateTimes,");
        });
        writer.writeLine("});");
        writer.writeLine("return Object.freeze({");
        writer.indent(() => {
          writer.writeLine('...bindGroups<ClientGroups<"data">>(runtime, "data", groups),');
          writer.writeLine('withResponse: bindGroups<ClientGroups<"raw">>(runtime, "raw", groups),');
        });
        writer.writeLine("});");
      },
    });

    for (const parser of webhookParsers) addWebhookParser(file, parser);

    const what = "The client: one method per operation, grouped by resource, typed from the spec.";
    return [{ path: "src/client.ts", contents: await printTypeScriptFile(file, model.source, what) }];
  },
};

/** `createAccountFundsClient`'s JSDoc, by how the client authenticates. */
const createClientDocs = {
  "password-grant": [
    "Creates a client. Authentication is built in: pass `credentials` and `authUrl` (client secret, or with",
    "`mtls` a client certificate), or your own `tokenProvider`.",
    "",
    "@example",
    "```ts",
    "const client = createAccountFundsClient({",
    '  baseUrl: "https://api.example.com",',
    '  authUrl: "https://auth.example.com",',
    "  credentials: { clientId, clientSecret, username, password },",
    "});",
    'const balances = await client.accounts.listBalances(accountId, { $select: ["CurrencyCode", "Available"] });',
    "```",
  ].join("\n"),
  "token-provider": [
    "Creates a client. Its operations take an access token, which the spec says no operation issues: pass your own",
    "`tokenProvider` (called before every request that needs one).",
    "",
    "@example",
    "```ts",
    'const client = createAccountFundsClient({ baseUrl: "https://api.example.com", tokenProvider: () => token });',
    "```",
  ].join("\n"),
  none: [
    "Creates a client. No operation takes an access token; send an API key or other credentials the spec asks for",
    "in `headers` or as the parameters it declares.",
    "",
    "@example",
    "```ts",
    'const client = createAccountFundsClient({ baseUrl: "https://api.example.com" });',
    "```",
  ].join("\n"),
} as const satisfies Record<Authentication, string>;

/** `const name = { ... }<suffix>;` with its JSDoc, the members written by `members`. */
function addObjectConstant(
  file: TypeScriptFile,
  name: string,
  docs: string,
  suffix: string,
  members: (writer: CodeBlockWriter) => void,
): void {
  file.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    docs: [docs],
    declarations: [
      {
        name,
        initializer: (writer) => {
          writer.write("{").newLine();
          writer.indent(() => members(writer));
          writer.write(`}${suffix}`);
        },
      },
    ],
  });
}

/**
 * `loadOperationValidators()`: the one place the operations' validators are imported, with a static string
 * specifier so a bundler splits them into a chunk of their own. The promise is cached (every client shares it);
 * a failed load (a chunk that did not arrive) is forgotten, so a later call tries again.
 */
function addValidatorsLoader(file: TypeScriptFile): void {
  const type = "Promise<Readonly<Record<string, OperationValidators>>>";
  file.addVariableStatement({
    declarationKind: VariableDeclarationKind.Let,
    docs: ["The operations' validators, loading or loaded; undefined until first use and after a failed load."],
    declarations: [{ name: "operationValidators", type: `${type} | undefined` }],
  });
  file.addFunction({
    name: "loadOperationValidators",
    isExported: true,
    returnType: type,
    docs: [
      [
        "The precompiled validators of every operation's request and response bodies, by operationId. They are",
        "most of this package's code, so they are loaded on first use — by a client with `validateResponses` or",
        "`validateRequests`, or by this call — as a chunk of their own in a bundle.",
      ].join("\n"),
    ],
    statements: (writer) => {
      writer.writeLine(`operationValidators ??= import(${JSON.stringify(modules.operationValidators)}).then(`);
      writer.indent(() => {
        writer.writeLine("(module) => module.operationValidators,");
        writer.writeLine("(error: unknown) => {");
        writer.indent(() => {
          writer.writeLine("operationValidators = undefined;");
          writer.writeLine("throw error;");
        });
        writer.writeLine("},");
      });
      writer.writeLine(");");
      writer.writeLine("return operationValidators;");
    },
  });
}
