/**
 * `README.md` of the generated package: what it is, how to install it, how to use it, its options and errors, and
 * every method by resource group with its HTTP request and summary. Everything that can drift is derived: the
 * methods from the client's surface (client-surface.ts), the options, errors and filter operators from the runtime
 * (readme/runtime-facts.ts), and the usage snippets (readme/usage.ts) name their operations by operationId and take
 * their arguments and bodies from the spec's examples, so a renamed method or a changed example shows here. Every
 * snippet is a module that type-checks against the package (test/readme-snippets.test.ts compiles them).
 */
import type { ApiModel } from "../model/model.js";
import { generatedHeader } from "../print/header.js";
import { clientSurface, type Authentication, type ClientSurface } from "./client-surface.js";
import type { Emitter } from "./emitter.js";
import { errors, methods, options } from "./readme/reference-tables.js";
import { runtimeFacts } from "./readme/runtime-facts.js";
import { packageName } from "./readme/snippets.js";
import { usage } from "./readme/usage.js";

export const readmeEmitter: Emitter = {
  name: "readme",
  emit({ model, files }) {
    const facts = runtimeFacts(files.runtime);
    const surface = clientSurface(model);
    const text = [
      header(model),
      intro(model, surface),
      install(),
      usage(model, surface, facts),
      options(facts, surface.authentication),
      errors(facts.errors),
      methods(surface),
    ]
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

function intro(model: ApiModel, surface: ClientSurface): string[] {
  const groups = surface.groups.slice(0, 2).map((group) => `\`client.${group.name}\``);
  const mtls = surface.tokenOperations.mtls !== undefined;
  const summary = model.info.summary;
  return [
    `# ${packageName}`,
    "",
    `A typed client for the **${model.info.title}** (version ${model.info.version}), generated from its OpenAPI 3.1 contract.`,
    ...(summary.trim() !== "" ? ["", summary.trim()] : []),
    "",
    `- **One method per operation**, grouped by resource (${[...groups, "…"].join(", ")}; see [Methods](#methods)), with path`,
    "  parameters, queries, bodies and results typed from the spec: a wrong field, type or path parameter does not compile.",
    ...authenticationBullet[surface.authentication](mtls),
    "- **Resilient**: GETs and the token request retried with backoff (and `Retry-After`, failing fast past a cap) on network",
    "  errors, timeouts and 408/429/502/503/504; a timeout per attempt; cancellation with an `AbortSignal`. Commands (POST)",
    "  are never repeated, nor redirected.",
    "- **Distrusts the server**: no redirect leaves the API's origin, bodies past `maxResponseBytes` are never read whole,",
    "  `.paginate()` stops at `maxPages`, and no error ever holds a secret (tokens, client secret, password: by value, for",
    "  the client's life, and by shape).",
    "- **Reads liberally what the reference leaves open**: a 201's id from its `Location`, its body kept as it came; error",
    "  bodies of any status and media type (OData, ProblemDetails, HTML, none) as a typed error with the most useful",
    "  message; ISO 8601 date-times in every form; each webhook event judged alone.",
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

/** The intro's line on authentication, by how the client authenticates (none: no line). */
const authenticationBullet = {
  "password-grant": (mtls: boolean) => [
    `- **Authentication built in**: the OAuth 2.0 password grant with a client secret${mtls ? " or a client certificate (mutual TLS)" : ""},`,
    "  tokens cached, shared by concurrent calls and refreshed; or your own token provider.",
  ],
  "token-provider": () => [
    "- **Bearer tokens from your token provider**, sent to every operation that takes one; on a 401 the provider is told",
    "  and the call is tried once more with a fresh token.",
  ],
  none: () => [],
} as const satisfies Record<Authentication, (mtls: boolean) => string[]>;

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
