/**
 * `README.md` of the generated package: what it is, how to install it, how to use it, its options and errors, and
 * every method by resource group with its HTTP request and summary. Everything that can drift is derived: the
 * methods from the model, the options, errors and filter operators from the runtime (readme-runtime.ts), and the
 * usage snippets name their operations by operationId and take their arguments and bodies from the spec's
 * examples, so a renamed method or a changed example shows here. Each snippet shows one operation of its kind (the
 * API's own favourite when it has it, else the first of that kind); a snippet whose kind the spec lacks is left out.
 * Every snippet is a module that type-checks against the package (test/readme-snippets.test.ts compiles them).
 */
import { isDateTimeFormat } from "../model/date-time-formats.js";
import type { ApiModel, OperationModel } from "../model/model.js";
import { generatedHeader } from "../print/header.js";
import { isJsonObject } from "../spec/json-pointer.js";
import { signatureParameters, tokenOperations, webhookParserNames } from "./client.js";
import type { Emitter } from "./emitter.js";
import { runtimeFacts, type ErrorClass, type OptionRow, type RuntimeFacts } from "./readme-runtime.js";
import { propertyAccess, propertyName } from "../print/names.js";

const packageName = "@account-funds/client";

/** The operation each usage snippet shows: this operationId when the spec has it, else the first one of the kind. */
const featured = {
  list: { operationId: "listAccountBalances", kind: (operation: OperationModel) => operation.odataList !== undefined && operation.pathParameters.length > 0 },
  get: { operationId: "getAccountBalance", kind: (operation: OperationModel) => operation.odataEntity !== undefined && operation.pathParameters.length > 0 },
  create: {
    operationId: "createAccountTransfer",
    kind: (operation: OperationModel) =>
      operation.method === "post" &&
      operation.responses.some((response) => response.status === "201") &&
      operation.requestBody?.contents.some((media) => media.mediaType === "application/json") === true,
  },
  command: { operationId: "approveTransfer", kind: (operation: OperationModel) => operation.method === "post" && operation.requestBody === undefined && operation.pathParameters.length > 0 },
  upload: {
    operationId: "createAccountWithdrawal",
    kind: (operation: OperationModel) => operation.requestBody?.contents.some((media) => media.mediaType === "multipart/form-data") === true,
  },
} as const;

/**
 * Ids the snippets use instead of the spec's examples: they exist in the sandbox's seed (sandbox/src/seed/:
 * the demo user's account 1, its transfer 2 and transfer beneficiary 2 in EUR, its withdrawal beneficiary 5 in
 * USD), so each snippet runs as written against `make sandbox`; test/sandbox/readme-snippets.test.ts runs them.
 */
const sandboxValues: {
  readonly path: Readonly<Record<string, unknown>>;
  readonly body: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
} = {
  path: { accountId: 1, transferId: 2 },
  body: { createAccountTransfer: { AccountId: 1, BeneficiaryId: 2 }, createAccountWithdrawal: { AccountId: 1, BeneficiaryId: 5 } },
};

/** Stand-ins for the caller's own settings in the snippets. */
const settings = {
  baseUrl: '"https://api.example.com"',
  authUrl: '"https://auth.example.com"',
  clientId: '"your-client-id"',
  username: '"service-user@example.com"',
  clientSecret: "process.env.ACCOUNT_FUNDS_CLIENT_SECRET!",
  password: "process.env.ACCOUNT_FUNDS_PASSWORD!",
};

export const readmeEmitter: Emitter = {
  name: "readme",
  async emit(model) {
    const facts = await runtimeFacts();
    const text = [header(model), intro(model), install(), usage(model, facts), options(facts), errors(facts.errors), methods(model)]
      .flat()
      .join("\n")
      .replace(/\n{3,}/g, "\n\n");
    return [{ path: "README.md", contents: `${text.trimEnd()}\n` }];
  },
};

function header(model: ApiModel): string[] {
  const lines = generatedHeader(model.source, `README of ${packageName}.`)
    .trimEnd()
    .split("\n")
    .map((line) => line.replace(/^\/\/ ?/, ""));
  return ["<!--", ...lines, "-->", ""];
}

function intro(model: ApiModel): string[] {
  const groups = model.groups.slice(0, 2).map((group) => `\`client.${group.name}\``);
  const mtls = tokenOperations(model).mtls !== undefined;
  const summary = model.info.summary;
  return [
    `# ${packageName}`,
    "",
    `A typed client for the **${model.info.title}** (version ${model.info.version}), generated from its OpenAPI 3.1 contract.`,
    ...(summary.trim() !== "" ? ["", summary.trim()] : []),
    "",
    `- **One method per operation**, grouped by resource (${[...groups, "…"].join(", ")}; see [Methods](#methods)), with path`,
    "  parameters, queries, bodies and results typed from the spec: a wrong field, type or path parameter does not compile.",
    `- **Authentication built in**: the OAuth 2.0 password grant with a client secret${mtls ? " or a client certificate (mutual TLS)" : ""},`,
    "  tokens cached, shared by concurrent calls and refreshed; or your own token provider.",
    "- **Resilient**: GETs retried with backoff (and `Retry-After`) on network errors, timeouts and 408/429/502/503/504; a",
    "  timeout per attempt; cancellation with an `AbortSignal`. Commands (POST) are never repeated.",
    "- **An error class per failure** (see [Errors](#errors)), with secrets redacted from messages, bodies, URLs and hooks.",
    "- **OData**: `$select` narrowing the result type, `$filter` with each literal checked against its property, `$orderby`,",
    "  and `.paginate()` through every page, with `maxPageSize` for the page size and `$top` a cap on the total.",
    `- **Multipart uploads**${model.webhooks.length > 0 ? ", **webhook parsing**" : ""} and opt-in **request and response validation**`,
    "  with precompiled validators, loaded only by a client that validates.",
    "- ESM for browsers and Node ([versions](#install)). Node-only helpers live in `@account-funds/client/node`; the contract itself ships",
    "  as `@account-funds/client/openapi.json`, and as data for a server of it (each operation's parameters with their",
    "  types and schemas, the OData entities' shapes) in `@account-funds/client/contract`, which the client never loads.",
    "",
    "This package is generated: change the spec (or the generator) and run `make generate`, never edit it by hand.",
    "",
  ];
}

function install(): string[] {
  return [
    "## Install",
    "",
    "```sh",
    `npm install ${packageName}`,
    `npm install undici   # only for ${packageName}/node (mutual TLS): an optional peer dependency`,
    "```",
    "",
    "Node 20.19+ or 22.12+ (the `engines` range; tested on Node 20, 22 and 24), or any browser or bundler that loads ESM.",
    `TypeScript 5.9 and 7 compile against the types with \`moduleResolution\` \`nodenext\` or \`bundler\`.`,
    "",
  ];
}

function usage(model: ApiModel, facts: RuntimeFacts): string[] {
  const list = find(model, featured.list);
  const get = find(model, featured.get);
  const create = find(model, featured.create);
  const command = find(model, featured.command);
  const upload = find(model, featured.upload);
  const mtls = tokenOperations(model).mtls;
  const parser = webhookParserNames(model)[0];
  const sections: string[][] = [
    [
      "## Usage",
      "",
      "### Create a client",
      "",
      code([
        `import { createAccountFundsClient } from "${packageName}";`,
        "",
        "const client = createAccountFundsClient({",
        `  baseUrl: ${settings.baseUrl}, // the API`,
        `  authUrl: ${settings.authUrl}, // the token service`,
        "  credentials: {",
        `    clientId: ${settings.clientId},`,
        `    clientSecret: ${settings.clientSecret},`,
        `    username: ${settings.username},`,
        `    password: ${settings.password},`,
        "  },",
        "});",
      ]),
      "The client asks the token service for an access token on the first call, shares it between concurrent calls,",
      "refreshes it before it expires, and fetches a fresh one once when the API answers 401. To manage tokens yourself,",
      "pass `tokenProvider` instead of `credentials` and `authUrl`. The snippets below use this `client`.",
      "",
    ],
  ];
  if (list !== undefined) sections.push(listSection(list, facts.filterOperators));
  sections.push(dateTimeSection(model));
  if (create !== undefined) {
    const readBack = model.operations.find(
      (operation) => operation.group === create.group && operation.odataEntity !== undefined && operation.pathParameters.length === 1,
    );
    sections.push([
      `### ${create.summary === "" ? "Create" : create.summary.replace(/\.$/, "")}`,
      "",
      code([
        `const created = await ${call(create, [requestBody(create, 0)])};`,
        "console.log(created.id, created.location); // from the 201: the new id and its Location URL",
        ...(readBack === undefined ? [] : [`console.log(await ${call(readBack, ["created.id"])}); // read back by its id`]),
      ]),
      "A `201 Created` resolves to `{ id, location, body }`. `id` is the key of the `Location` URL, which the spec requires on",
      "every 201, so it is a `number`; a 201 without a Location the id can be read from throws an `InvalidLocationError` (the",
      "resource was created, but its id is unknown). Other successes resolve to their body (text for `text/plain`,",
      "`undefined` without content).",
      "",
    ]);
  }
  sections.push(formSection(model));
  if (command !== undefined) {
    sections.push([
      "### Handle errors by class",
      "",
      code([
        `import { AccountFundsError, BadRequestError, GoneError, NotFoundError, TimeoutError } from "${packageName}";`,
        "",
        "try {",
        `  await ${call(command, pathArguments(command))};`,
        "} catch (error) {",
        '  if (error instanceof NotFoundError) console.log("no such entity, or no permission to see it");',
        '  else if (error instanceof GoneError) console.log("it exists, but can no longer be changed");',
        "  else if (error instanceof BadRequestError) console.log(error.code, error.message);",
        "  else if (error instanceof TimeoutError) console.log(`no answer within ${error.timeoutMs} ms`);",
        "  else if (error instanceof AccountFundsError) console.error(JSON.stringify(error)); // redacted: safe to log",
        "  else throw error;",
        "}",
      ]),
      "Every error the client throws is an `AccountFundsError`, with `status`, `code` (the API's error code), `body`,",
      "`request` (method and redacted URL) and `operationId`. See [Errors](#errors) for every class. Arguments the types",
      "already rule out (a `$top` of -1, a date-time without a UTC offset) throw a `TypeError` before anything is sent.",
      "",
    ]);
  }
  if (get !== undefined) {
    sections.push([
      "### Every declared status as a value: `withResponse`",
      "",
      code([
        `const result = await ${call(get, pathArguments(get), "client.withResponse")};`,
        "if (result.ok) console.log(result.status, result.data);",
        "else console.log(result.status, result.error); // a status the spec declares, with its typed body",
      ]),
      "`client.withResponse` has the same methods; they resolve to `{ ok, status, data | error, response }`, narrowed by",
      "`status`, for every status the spec declares. Undeclared statuses and network failures still throw.",
      "",
    ]);
  }
  if (upload !== undefined) sections.push(uploadSection(upload));
  if (parser !== undefined) sections.push(webhookSection(model, parser));
  if (mtls !== undefined) {
    sections.push([
      "### Mutual TLS (Node)",
      "",
      code([
        'import { readFileSync } from "node:fs";',
        `import { createAccountFundsClient } from "${packageName}";`,
        `import { createMtlsDispatcher } from "${packageName}/node";`,
        "",
        'const dispatcher = createMtlsDispatcher({ cert: readFileSync("client.crt"), key: readFileSync("client.key") });',
        "const client = createAccountFundsClient({",
        `  baseUrl: ${settings.baseUrl},`,
        `  authUrl: ${settings.authUrl},`,
        `  credentials: { clientId: ${settings.clientId}, username: ${settings.username}, password: ${settings.password} },`,
        "  mtls: { dispatcher },",
        "});",
        "// ... and when done with the client: await dispatcher.close();",
      ]),
      `With \`mtls\`, the token request goes to \`${mtls.path}\` with the client certificate and without a client secret;`,
      `API calls use the bearer token over ordinary TLS. \`${packageName}/node\` is the only module that needs Node and undici.`,
      "",
    ]);
  }
  if (create !== undefined) sections.push(validationSection(create));
  return sections.flat();
}

/**
 * The normalisation policy and the validate-then-send flow with @account-funds/validators; the validators' README
 * and spec/CONVENTIONS.md state the same policy. Left out when the spec lacks one of the operations it calls.
 */
function formSection(model: ApiModel): string[] {
  const byId = (operationId: string) => model.operations.find((operation) => operation.operationId === operationId);
  const create = byId("createWithdrawalBeneficiary");
  const sectors = byId("listSectors");
  const required = byId("getRequiredAdditionalInformation");
  if (create === undefined || sectors === undefined || required === undefined) return [];
  return [
    "### Validate a form, then send `result.value`",
    "",
    "The API takes the wire form the spec describes and refuses presentation forms with a 400: a sort code `400515`, not",
    "`40-05-15`; `GB`, not `gb`; an optional field left out, never `null`. People type presentation forms.",
    "[`@account-funds/validators`](https://www.npmjs.com/package/@account-funds/validators) (`npm install @account-funds/validators`)",
    "accepts what they type and hands back the wire form in `result.value`, with `result.normalized` and `result.changes`",
    "(`{ path, from, to }`) saying what it changed, so a form can show what will be sent. Free text (names, addresses,",
    "references) is sent as typed. Send `result.value`, never the form's own values. The validators' options take this",
    "client's responses as they come, nulls included, and `result.value` is the method's body type: no cast.",
    "",
    code([
      'import { validateCreateWithdrawalBeneficiary } from "@account-funds/validators";',
      "",
      "// What the user typed: a dashed sort code and a lower-case country, which the API refuses as they are.",
      "const formValues = {",
      `  AccountId: ${String(sandboxValues.path["accountId"])},`,
      '  Name: "Fabrikam Ltd",',
      '  CurrencyCode: "GBP",',
      '  BeneficiaryType: "Company",',
      "  IndustryId: 7, // Retail, from listSectors()",
      '  Address: { Street: "Pall Mall", HouseNumber: "12", Town: "London", PostCode: "SW1Y 5LU", CountryCode: "gb" },',
      '  PaymentRouting: { Type: "SortCodeAccountNumber", CountryCode: "gb", SortCode: "40-05-15", AccountNumber: "31926819" },',
      "};",
      `const sectors = await ${call(sectors, [])};`,
      `const required = await ${call(required, ['"GBP"', '{ beneficiaryCountryCode: "GB", beneficiaryBankCountry: "GB", beneficiaryType: "Company" }'])};`,
      "const result = validateCreateWithdrawalBeneficiary(formValues, {",
      "  sectors: sectors.value,",
      "  additionalInformationRules: required.RequiredAdditionalInformation,",
      "});",
      'if (!result.ok) for (const issue of result.issues) console.log(issue.path.join("."), issue.message);',
      "else {",
      '  for (const { path, from, to } of result.changes) console.log(`${path.join(".")}: ${String(from)} → ${String(to)}`);',
      "  // Address.CountryCode: gb → GB, PaymentRouting.CountryCode: gb → GB, PaymentRouting.SortCode: 40-05-15 → 400515",
      `  const created = await ${call(create, ["result.value"])};`,
      "  console.log(created.id);",
      "}",
    ]),
    "`result.uncheckedRules` lists the conditional rules the validator could not decide for lack of context (the API may",
    "still refuse the body for them). `validateRequests: true` (below) checks the wire form only: it refuses presentation forms too.",
    "",
  ];
}

function listSection(list: OperationModel, operators: readonly string[]): string[] {
  const entity = firstEntity(successExample(list));
  const text = Object.entries(entity ?? {}).find(([key, value]) => typeof value === "string" && !key.startsWith("@"));
  const number = Object.entries(entity ?? {}).find(([key, value]) => typeof value === "number" && !key.startsWith("@"));
  const query =
    text !== undefined && number !== undefined
      ? [
          "{",
          `  $select: [${JSON.stringify(text[0])}, ${JSON.stringify(number[0])}],`,
          `  $filter: (f) => f.eq(${JSON.stringify(text[0])}, ${JSON.stringify(text[1])}).or(f.gt(${JSON.stringify(number[0])}, 0)),`,
          `  $orderby: ${JSON.stringify(`${number[0]} desc`)},`,
          "  $top: 50,",
          "  $count: true,",
          "}",
        ].join("\n")
      : undefined;
  const path = pathArguments(list);
  const method = methodPath(list);
  return [
    "### List, filter and page",
    "",
    code([
      `const page = await ${call(list, query === undefined ? path : [...path, query])};`,
      query === undefined ? "console.log(page.value);" : `console.log(page["@odata.count"], page.value); // entities with ${text?.[0]} and ${number?.[0]} only`,
      "",
      "// Every entity of every page, following @odata.nextLink to the last page, at most 100 per page:",
      `for await (const entity of ${method}.paginate(${[...path, "{ maxPageSize: 100 }"].join(", ")})) console.log(entity);`,
    ]),
    "The query is typed from the entity. `$select` takes its property paths (`Beneficiary/Name` too) and narrows the result",
    "to them: reading a property that was not selected does not compile (an entity whose key was not selected carries its",
    "`@odata.id` instead, OData JSON Format §4.5.8). `$filter` takes a string, a `filter` expression (`import { filter }`),",
    "or a callback building one with the builder typed by the entity: paths complete, and each literal must fit its",
    "property — a number for a number, text for text, a `Date` or ISO 8601 text with an offset for a date-time, a boolean",
    "for a boolean, `null` only where the value may be null. `$orderby` takes primitive paths. The builder's functions",
    `(${operators.map((operator) => `\`${operator}\``).join(", ")}) quote and escape literals.`,
    "",
    "`.paginate(...)` follows `@odata.nextLink` to the last page and yields every entity of every page; a next link to",
    "another origin is refused. `$top` keeps its OData meaning, a cap on the total: `$top: 5` yields at most 5 entities in",
    "all. `maxPageSize` is the page size, asked of the server as `Prefer: odata.maxpagesize=N` on every page (a server",
    "may choose smaller pages); it never caps the total.",
    "",
  ];
}

function uploadSection(upload: OperationModel): string[] {
  const media = upload.requestBody?.contents.find((candidate) => candidate.mediaType === "multipart/form-data");
  const parts = media?.multipart;
  const valuePart = parts?.values[0];
  const filePart = parts?.files[0];
  if (media === undefined || valuePart === undefined || filePart === undefined) return [];
  const example = media.example;
  const value = withSandboxIds(
    upload,
    isJsonObject(example) && example[valuePart.name] !== undefined ? example[valuePart.name] : requestExample(upload, "application/json"),
  );
  const file = '{ data: await readFile("proforma.pdf"), filename: "proforma.pdf", contentType: "application/pdf" }';
  return [
    "### Upload files: multipart",
    "",
    code([
      'import { readFile } from "node:fs/promises";',
      `import { multipart } from "${packageName}";`,
      "",
      `const created = await ${methodPath(upload)}(`,
      "  multipart({",
      `    ${propertyName(valuePart.name)}: ${literal(value, 4)},`,
      `    ${propertyName(filePart.name)}: ${filePart.multiple ? `[${file}]` : file},`,
      "  }),",
      ");",
    ]),
    `\`${methodPath(upload)}\` takes the JSON body as it is, or \`multipart(...)\` of the \`multipart/form-data\` form: value parts`,
    "are sent as JSON, each file as a part with its file name and content type. A file is a `File` or `Blob` (from an",
    '`<input type="file">`, say), or `{ data, filename, contentType }` with bytes or a Blob as `data`.',
    "",
  ];
}

/** What a date-time field holds, when the spec has a named date-time schema (`DateTime`, format date-time-formats.ts). */
function dateTimeSection(model: ApiModel): string[] {
  const schema = model.schemas.find((candidate) => isJsonObject(candidate.schema) && isDateTimeFormat(candidate.schema["format"]));
  if (schema === undefined) return [];
  return [
    "### Dates and times",
    "",
    `A date-time field (typed \`${schema.name}\`, a \`string\`) holds the text the API sent, not a \`Date\`. ${schema.description}`,
    "`validateResponses` checks it as such. The client converts nothing: `new Date(text)` reads a date-time without an",
    "offset as local time, so parse it as your domain needs.",
    "",
  ];
}

/** Parsing deliveries; of known and unknown kinds of event when the payload is such a union (model/webhook-events.ts). */
function webhookSection(model: ApiModel, parser: string): string[] {
  const payload = model.webhooks[0]?.payload.schemaName;
  const events = model.webhooks[0]?.events;
  const first = events?.tags[0];
  const loop =
    events === undefined
      ? ["  for (const event of result.events) console.log(event);"]
      : [
          "  for (const event of result.events) {",
          `    // typed: a \`${events.known}\`, narrowed by \`${events.tag}\``,
          ...(first === undefined ? [] : [`    if (event.${events.tag} === ${JSON.stringify(first)}) console.log(${JSON.stringify(`a ${first} event`)}, event);`]),
          `    else console.log(event.${events.tag}, event);`,
          "  }",
          ...(events.unknown === undefined
            ? []
            : ["  // Kinds of event this client does not know yet: kept as they arrived, never a failed delivery.", `  for (const event of result.unknownEvents) console.log("not known yet:", event.${events.tag});`]),
        ];
  const checks = `\`${parser}\` checks the delivery against the spec${payload === undefined ? "" : `'s \`${payload}\` schema`} and never throws:`;
  const text =
    events === undefined
      ? [`${checks} \`{ ok: true, events }\``, "with typed events, or `{ ok: false, error: { code, message, issues } }`."]
      : [
          `${checks} \`{ ok: true, events, unknownEvents }\`,`,
          `or \`{ ok: false, error: { code, message, issues } }\`. \`events\` are the events of the kinds the spec shows, each checked`,
          `whole and typed by its \`${events.tag}\`; a known event that does not match its schema fails the delivery.`,
          ...(events.unknown === undefined
            ? []
            : [
                `\`unknownEvents\` are the events of other kinds (a \`${events.tag}\` the spec does not list; the API has more than it shows),`,
                "as they arrived: a new kind of event never fails a delivery.",
              ]),
        ];
  return [
    "### Webhooks",
    "",
    code([
      `import { ${parser} } from "${packageName}";`,
      "",
      "/** Your HTTP handler's part: the raw body (a string or bytes) in, the status to answer out. */",
      "export function onDelivery(rawBody: string | Uint8Array): number {",
      `  const result = ${parser}(rawBody);`,
      "  if (!result.ok) {",
      "    console.error(result.error.code, result.error.message, result.error.issues);",
      "    return 400;",
      "  }",
      ...loop,
      "  return 200;",
      "}",
    ]),
    ...text,
    "",
  ];
}

function validationSection(create: OperationModel): string[] {
  return [
    "### Validate requests and responses",
    "",
    code([
      `import { RequestValidationError, ResponseValidationError, createAccountFundsClient } from "${packageName}";`,
      "",
      "const checked = createAccountFundsClient({",
      `  baseUrl: ${settings.baseUrl},`,
      '  tokenProvider: async () => "an access token you obtained yourself",',
      "  validateRequests: true,",
      "  validateResponses: true,",
      "});",
      "try {",
      `  await ${call(create, [requestBody(create, 2)], "checked")};`,
      "} catch (error) {",
      "  if (error instanceof RequestValidationError) console.log(error.issues); // nothing was sent",
      "  else if (error instanceof ResponseValidationError) console.log(error.issues, error.data); // the call did succeed",
      "  else throw error;",
      "}",
    ]),
    "Both are off by default. Each issue has `path` (a JSON pointer), `message`, `keyword` and `params`. A multipart body is",
    "checked part by part: value parts against their schema, files by shape. The validators are precompiled (no schema",
    "compiler at run time, CSP-safe) and are most of the package's code, so they are loaded on the first call that",
    "validates — in a bundle, a chunk of its own that an application without validation never loads.",
    "`loadOperationValidators()` returns them (by operationId) for your own use.",
    "",
  ];
}

function options(facts: RuntimeFacts): string[] {
  const rows = (list: readonly OptionRow[], required: boolean) =>
    list.map((row) => [`\`${row.name}\`${required && !row.optional ? " (required)" : ""}`, `\`${row.type}\``, row.description]);
  return [
    "## Options",
    "",
    "`createAccountFundsClient(options)`. Authentication is one of: `credentials` with a `clientSecret` and `authUrl`;",
    "`credentials` without one, `authUrl` and `mtls`; or `tokenProvider`.",
    "",
    ...table(["option", "type", "description"], rows(facts.options.authentication, false)),
    "",
    ...table(["option", "type", "description"], rows(facts.options.client, true)),
    "",
    "`credentials`:",
    "",
    ...table(["field", "type", "description"], rows(facts.options.credentials, true)),
    "",
    "Per call, the last argument of every method (`init`):",
    "",
    ...table(["option", "type", "description"], rows(facts.options.call, false)),
    "",
  ];
}

function errors(classes: readonly ErrorClass[]): string[] {
  return ["## Errors", "", ...table(["class", "extends", "when"], classes.map((error) => [`\`${error.name}\``, `\`${error.extends}\``, error.description])), ""];
}

function methods(model: ApiModel): string[] {
  const byId = new Map(model.operations.map((operation) => [operation.operationId, operation]));
  const lines = [
    "## Methods",
    "",
    "Path parameters come first, in path order, then the body or the query. Every method also takes the per-call",
    "options last (`init`), and `client.withResponse` has the same methods. List methods have `.paginate(...)`, with",
    "the same arguments.",
    "",
  ];
  for (const group of model.groups) {
    const rows = group.operationIds.flatMap((id) => {
      const operation = byId.get(id);
      if (operation === undefined) return [];
      const summary = operation.summary === "" ? operation.operationId : operation.summary.replace(/\.$/, "");
      const pages = operation.odataList === undefined ? "" : "; pages with `.paginate(...)`";
      return [[`\`${signature(operation)}\``, `\`${operation.method.toUpperCase()} ${operation.path}\``, `${summary}${pages}`]];
    });
    lines.push(`### \`client.${group.name}\``, "", ...table(["method", "request", "summary"], rows), "");
  }
  return lines;
}

/** `client.accounts.listBalances(accountId, query?)`: the method's parameters without the per-call options. */
function signature(operation: OperationModel): string {
  const parameters = signatureParameters(operation)
    .filter((parameter) => parameter.name !== "init")
    .map((parameter) => `${parameter.name}${parameter.hasQuestionToken === true ? "?" : ""}`);
  return `${methodPath(operation)}(${parameters.join(", ")})`;
}

function methodPath(operation: OperationModel, client = "client"): string {
  return `${client}${propertyAccess(operation.group)}${propertyAccess(operation.clientMethod)}`;
}

function call(operation: OperationModel, args: readonly string[], client = "client"): string {
  return `${methodPath(operation, client)}(${args.join(", ")})`;
}

function find(model: ApiModel, wanted: { readonly operationId: string; readonly kind: (operation: OperationModel) => boolean }): OperationModel | undefined {
  return model.operations.find((operation) => operation.operationId === wanted.operationId) ?? model.operations.find(wanted.kind);
}

/** The path arguments of a call, from the parameters' examples (else a placeholder of the parameter's type). */
function pathArguments(operation: OperationModel): string[] {
  return operation.pathParameters.map((parameter) => {
    const example = sandboxValues.path[parameter.name] ?? parameter.example ?? parameter.schema["example"];
    if (example !== undefined) return literal(example, 0);
    return parameter.scalarType === "integer" || parameter.scalarType === "number" ? "1" : JSON.stringify(parameter.name);
  });
}

/** A body example with the sandbox's ids (`sandboxValues`) in place of the spec's. */
function withSandboxIds(operation: OperationModel, example: unknown): unknown {
  const ids = sandboxValues.body[operation.operationId];
  return ids !== undefined && isJsonObject(example) ? { ...example, ...ids } : example;
}

/** The request body of a snippet: the spec's example for the operation's JSON form, else a typed placeholder. */
function requestBody(operation: OperationModel, indent: number): string {
  const example = requestExample(operation, "application/json");
  if (example !== undefined) return literal(withSandboxIds(operation, example), indent);
  const schema = operation.requestBody?.contents[0]?.schemaName;
  return `{} as never /* ${schema ?? "the request body"}: the spec has no example */`;
}

function requestExample(operation: OperationModel, mediaType: string): unknown {
  return operation.requestBody?.contents.find((candidate) => candidate.mediaType === mediaType)?.example;
}

function successExample(operation: OperationModel): unknown {
  return operation.responses.find((response) => response.success)?.contents[0]?.example;
}

/** The first entity of a collection example (`{ value: [entity, ...] }`). */
function firstEntity(example: unknown): { readonly [key: string]: unknown } | undefined {
  const value = isJsonObject(example) ? example["value"] : undefined;
  const first: unknown = Array.isArray(value) ? value[0] : undefined;
  return isJsonObject(first) ? first : undefined;
}

/** A value as a TypeScript literal: on one line when it fits, else one member per line, indented from `indent`. */
function literal(value: unknown, indent: number): string {
  const inline = (item: unknown): string => {
    if (Array.isArray(item)) return `[${item.map(inline).join(", ")}]`;
    if (isJsonObject(item)) {
      const members = Object.entries(item).map(([name, member]) => `${propertyName(name)}: ${inline(member)}`);
      return members.length === 0 ? "{}" : `{ ${members.join(", ")} }`;
    }
    return JSON.stringify(item) ?? "undefined";
  };
  const flat = inline(value);
  if (flat.length + indent <= 100 || !isJsonObject(value)) return flat;
  const pad = " ".repeat(indent + 2);
  const members = Object.entries(value).map(([name, member]) => `${pad}${propertyName(name)}: ${literal(member, indent + 2)},`);
  return `{\n${members.join("\n")}\n${" ".repeat(indent)}}`;
}

function code(lines: readonly string[]): string {
  return ["```ts", ...lines, "```", ""].join("\n");
}

function table(headers: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const cell = (text: string): string => text.replaceAll("|", "\\|").replace(/\s*\n\s*/g, " ");
  return [`| ${headers.join(" | ")} |`, `|${headers.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`)];
}
