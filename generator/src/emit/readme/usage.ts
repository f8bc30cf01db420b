/**
 * The README's usage guide: creating a client, then one snippet per kind of call — a list with its query and pages,
 * a create and its `Created`, errors by class, `withResponse`, an upload, webhooks, mutual TLS and validation. Each
 * snippet shows one operation of its kind (the API's own favourite when it has it, else the first of that kind); a
 * snippet whose kind the spec lacks is left out.
 */
import type { ApiModel, OperationModel } from "../../model/model.js";
import { codeBlock } from "../../print/markdown.js";
import type { Authentication, ClientSurface } from "../client-surface.js";
import { dateTimeSection, listSection } from "./list-section.js";
import { resilienceSection } from "./resilience-section.js";
import type { RuntimeFacts } from "./runtime-facts.js";
import { call, packageName, pathArguments, requestBody, settings } from "./snippets.js";
import { uploadSection } from "./upload-section.js";
import { formSection, validationSection } from "./validation-sections.js";
import { webhookSection } from "./webhook-section.js";

/** The operation each usage snippet shows: this operationId when the spec has it, else the first one of the kind. */
const featured = {
  list: {
    operationId: "listAccountBalances",
    kind: (operation: OperationModel) => operation.odataList !== undefined && operation.pathParameters.length > 0,
  },
  get: {
    operationId: "getAccountBalance",
    kind: (operation: OperationModel) => operation.odataEntity !== undefined && operation.pathParameters.length > 0,
  },
  create: {
    operationId: "createAccountTransfer",
    kind: (operation: OperationModel) =>
      operation.method === "post" &&
      operation.responses.some((response) => response.status === "201") &&
      operation.requestBody?.contents.some((media) => media.mediaType === "application/json") === true,
  },
  command: {
    operationId: "approveTransfer",
    kind: (operation: OperationModel) =>
      operation.method === "post" && operation.requestBody === undefined && operation.pathParameters.length > 0,
  },
  upload: {
    operationId: "createAccountWithdrawal",
    kind: (operation: OperationModel) =>
      operation.requestBody?.contents.some((media) => media.mediaType === "multipart/form-data") === true,
  },
} as const;

export function usage(model: ApiModel, surface: ClientSurface, facts: RuntimeFacts): string[] {
  const list = find(model, featured.list);
  const get = find(model, featured.get);
  const create = find(model, featured.create);
  const command = find(model, featured.command);
  const upload = find(model, featured.upload);
  const mtls = surface.tokenOperations.mtls;
  const parser = surface.webhookParsers[0]?.name;
  const sections: string[][] = [
    [
      "## Usage",
      "",
      "### Create a client",
      "",
      ...createClient[surface.authentication](),
      ...namedTypes(model, get),
      "",
    ],
  ];
  if (list !== undefined) sections.push(listSection(list, facts.filterOperators));
  sections.push(dateTimeSection(model));
  if (create !== undefined) {
    const readBack = model.operations.find(
      (operation) =>
        operation.group === create.group &&
        operation.odataEntity !== undefined &&
        operation.pathParameters.length === 1,
    );
    sections.push([
      `### ${create.summary === "" ? "Create" : create.summary.replace(/\.$/, "")}`,
      "",
      ...codeBlock([
        `const created = await ${call(create, [requestBody(create, 0)])};`,
        "console.log(created.id, created.location); // from the 201: the new id and its Location URL",
        ...(readBack === undefined
          ? []
          : [`console.log(await ${call(readBack, ["created.id"])}); // read back by its id`]),
      ]),
      "A `201 Created` resolves to `{ id, location, body }`. `id` is the key of the `Location` URL (`.../Transfers(123)`,",
      "`Transfers(Id=123)` or `.../transfers/123`, any host and case), which the spec requires on every 201, so it is a",
      "`number`; a 201 without a Location the id can be read from throws an `InvalidLocationError` (the resource was",
      "created, but its id is unknown: `error.data` holds the body). `body` is the 201's body as it came — none, `{}`, the",
      "created entity, or text that is not JSON — and is never validated, not even with `validateResponses`: a created",
      "payment is never reported as a failure. Other successes resolve to their body (text for `text/plain`, `undefined`",
      "without content); a command's success body that is not the JSON declared resolves to its text.",
      "",
    ]);
  }
  sections.push(formSection(model));
  if (command !== undefined) {
    sections.push([
      "### Handle errors by class",
      "",
      ...codeBlock([
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
      `\`request\` (method and redacted URL), \`clientMethod\` (the method you called: \`${methodOf(list ?? command)}\`) and`,
      `\`operationId\` (the spec's name of the operation that failed: \`${(list ?? command).operationId}\`, or the token`,
      "operation's when the token request failed); messages name the method. See [Errors](#errors) for every class.",
      "An error response becomes its class whatever its status and media type — the API's OData JSON, an ASP.NET",
      "ProblemDetails, a gateway's HTML page, an empty body — with the most useful message it holds (an OData",
      "`error.message`, a ProblemDetails `detail` or `title` with the fields its `errors` name, an HTML page's title, else",
      "the status's reason phrase), `body` parsed (JSON when it parses, else the text), `rawBody` as received,",
      "`fieldErrors` by field and `retryAfterMs` when the response said when to try again. Arguments their types cannot",
      "rule out, since a `number` or a `string` admits them (a `$top` of -1, a filter's date-time without a UTC offset),",
      "and client options that cannot work together are checked at the call and throw an `InvalidArgumentError` before",
      "anything is sent.",
      "",
    ]);
  }
  const read = list ?? get;
  if (read !== undefined) sections.push(resilienceSection(read));
  if (get !== undefined) {
    sections.push([
      "### Every declared status as a value: `withResponse`",
      "",
      ...codeBlock([
        `const result = await ${call(get, pathArguments(get), "client.withResponse")};`,
        "if (result.ok) console.log(result.status, result.data);",
        "else console.log(result.status, result.error); // a status the spec declares, with its typed body",
      ]),
      "`client.withResponse` has the same methods; they resolve to one variant per status the spec declares, a",
      "`RawSuccess` (`{ ok: true, status, data, response }`) or a `RawFailure` (`{ ok: false, status, error, response }`),",
      "narrowed by `status`: `result.status === 200` leaves the 200's. A range the spec declares (`4XX`) stands for each of",
      'its statuses but those declared on their own (`StatusIn<"4XX", 400 | 404>`), so `result.status === 418` narrows',
      "too. A body the spec does not describe is `unknown`: the client keeps whatever came. Undeclared statuses and",
      "network failures still throw.",
      "",
    ]);
  }
  if (upload !== undefined) sections.push(uploadSection(upload));
  if (parser !== undefined) sections.push(webhookSection(model, parser));
  if (mtls !== undefined) {
    sections.push([
      "### Mutual TLS (Node)",
      "",
      ...codeBlock([
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
  if (create !== undefined) sections.push(validationSection(create, surface.authentication));
  return sections.flat();
}

/** "Create a client", by how the client authenticates. */
const createClient = {
  "password-grant": () => [
    ...codeBlock([
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
  ],
  "token-provider": () => [
    ...codeBlock([
      `import { createAccountFundsClient } from "${packageName}";`,
      "",
      "const client = createAccountFundsClient({",
      `  baseUrl: ${settings.baseUrl}, // the API`,
      '  tokenProvider: async () => "an access token you obtained yourself",',
      "});",
    ]),
    "The operations take an access token, and the spec has no operation that issues one: the client calls your",
    "`tokenProvider` before every request that needs a token. The snippets below use this `client`.",
  ],
  none: () => [
    ...codeBlock([
      `import { createAccountFundsClient } from "${packageName}";`,
      "",
      `const client = createAccountFundsClient({ baseUrl: ${settings.baseUrl} });`,
    ]),
    "No operation takes an access token: send the credentials the spec asks for (an API key, basic credentials) in",
    "`headers` or as the parameters it declares. The snippets below use this `client`.",
  ],
} as const satisfies Record<Authentication, () => string[]>;

function find(
  model: ApiModel,
  wanted: { readonly operationId: string; readonly kind: (operation: OperationModel) => boolean },
): OperationModel | undefined {
  return (
    model.operations.find((operation) => operation.operationId === wanted.operationId) ??
    model.operations.find(wanted.kind)
  );
}

/** How a caller writes an operation's method, group included: `accounts.listBalances`. */
function methodOf(operation: OperationModel): string {
  return `${operation.group}.${operation.clientMethod}`;
}

/** How an editor shows the client's types: by the schemas' names (`TransferDto`), shown on a keyed read when there is one. */
function namedTypes(model: ApiModel, get: OperationModel | undefined): string[] {
  const entity = model.schemas.find((schema) => schema.name === get?.odataEntity?.entitySchema)?.typeName;
  const example =
    get === undefined || entity === undefined
      ? ""
      : ` (\`${call(get, pathArguments(get))}\` resolves to a \`${entity} & ...\`, with \`$select\` to a \`Selected<${entity} & ..., ...>\`)`;
  return [
    "",
    "Every schema of the spec is a named type the package exports, and the methods are typed by them: an editor's hover",
    `and the compiler's errors name them${example}, and a \`withResponse\` call's result is its operation's`,
    '`OperationResponse<"operationId">`, never an object spelled out.',
  ];
}
