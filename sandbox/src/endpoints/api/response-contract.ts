/**
 * What the sandbox may answer each operation with, from its own document (`openapi.json` of this package: the
 * API's document with the sandbox's facts laid over it by an OpenAPI Overlay, `make generate`): the statuses, the
 * headers each requires, the media type and a body validator. The API's document covers statuses it does not
 * list with the open 4XX and 5XX ranges; the sandbox's lists exactly those its limits answer (405, 408, 413,
 * 415, 429, 431, 503) with OData error bodies, so `--validate-responses` holds the sandbox to what it says of
 * itself.
 *
 * Success bodies are checked by the client's precompiled validators where the API's document describes them: the
 * overlay changes no success response the API's document describes and no schema but CreateResultDto
 * (test/api/sandbox-document.test.ts holds it to that), so they are the same checks. The 201 bodies (which only
 * the sandbox's document describes) and error bodies are compiled from the sandbox's document on first use. The document's OpenAPI references (a response,
 * a header) are followed here; the schemas' own `$ref`s are ajv's.
 */
import { readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { addAccountFundsFormats } from "@account-funds/validators";

// ajv-formats is CommonJS: under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** One status an operation declares in the sandbox's document. */
export interface DeclaredResponse {
  /** The first declared media type; undefined when the status has no body. */
  readonly mediaType?: string;
  /** The headers it requires, as declared. */
  readonly requiredHeaders: readonly string[];
  /** A validator of the body in `mediaType`, compiled on first use. */
  readonly bodyValidator: () => ValidateFunction | undefined;
}

/** Operation id → status (`"200"`, `"405"`) → what it declares. */
export type SandboxResponses = ReadonlyMap<string, Readonly<Record<string, DeclaredResponse>>>;

type Node = { readonly [key: string]: unknown };

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);

/** The sandbox's document, as this package ships it (beside `dist/` and `src/`). */
export const sandboxDocumentUrl = new URL("../../../openapi.json", import.meta.url);

const SCHEMA_ID = "urn:account-funds:sandbox-document";

let loaded: SandboxResponses | undefined;

/** Read once per process, when a sandbox first checks a response. */
export function sandboxResponses(): SandboxResponses {
  return (loaded ??= readResponses(JSON.parse(readFileSync(sandboxDocumentUrl, "utf8")) as Node));
}

function readResponses(document: Node): SandboxResponses {
  const follow = (node: unknown): Node => {
    let current = node;
    for (let hops = 0; isNode(current) && typeof current["$ref"] === "string" && hops < 8; hops++)
      current = resolve(document, current["$ref"]);
    return isNode(current) ? current : {};
  };
  let ajv: Ajv2020 | undefined;
  const compile = (schema: unknown): ValidateFunction => {
    if (ajv === undefined) {
      ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      addAccountFundsFormats(ajv);
      ajv.addSchema({ $id: SCHEMA_ID, components: document["components"] });
    }
    const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${SCHEMA_ID}#/components/`));
    return ajv.compile(rebased as object);
  };
  const operations = new Map<string, Record<string, DeclaredResponse>>();
  for (const item of Object.values(isNode(document["paths"]) ? document["paths"] : {})) {
    for (const operation of Object.values(follow(item))) {
      if (!isNode(operation) || typeof operation["operationId"] !== "string") continue;
      const responses: Record<string, DeclaredResponse> = {};
      for (const [status, entry] of Object.entries(isNode(operation["responses"]) ? operation["responses"] : {})) {
        const response = follow(entry);
        const headers = Object.entries(isNode(response["headers"]) ? response["headers"] : {});
        const content = Object.entries(isNode(response["content"]) ? response["content"] : {});
        const [mediaType, media] = content[0] ?? [];
        const schema = isNode(media) ? media["schema"] : undefined;
        let validator: ValidateFunction | undefined;
        responses[status] = {
          ...(mediaType === undefined ? {} : { mediaType }),
          requiredHeaders: headers.filter(([, header]) => follow(header)["required"] === true).map(([name]) => name),
          bodyValidator: () => (schema === undefined ? undefined : (validator ??= compile(schema))),
        };
      }
      operations.set(operation["operationId"], responses);
    }
  }
  return operations;
}

/** A local reference (`#/components/responses/NotFound`), RFC 6901 unescaped. */
function resolve(document: Node, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = document;
  for (const segment of ref.slice(2).split("/")) {
    const key = segment.replaceAll("~1", "/").replaceAll("~0", "~");
    node = isNode(node) ? node[key] : undefined;
  }
  return node;
}
