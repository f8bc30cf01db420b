/**
 * Request bodies: what the pipeline checks before a handler sees one, and what it leaves to the one check of its
 * members, `@account-funds/validators` with `wireForm` (called by the domain module of the operation, with the
 * context its conditional rules need). Here only the multipart structure the API's document declares (the
 * generated metadata: which parts are required, which hold JSON, which files of which content types) and the JSON
 * of a part; the members of a JSON body or of the `Request` part are the validators'. Responses are checked against
 * the sandbox's own document (response-contract.ts).
 */
import type { ApiError } from "../../foundation/http/api-error.js";
import type { HandlerContext } from "./handler.js";
import type { Contract, OperationContract } from "./contract.js";
import type { ParsedBody } from "../../foundation/http/body.js";
import { sandboxResponses } from "./response-contract.js";

interface ErrorObject {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params?: { readonly [name: string]: unknown };
  readonly message?: string;
}

/**
 * RFC 6901 pointer of the value an error is about: for `required`, the missing property, not its parent; for
 * ajv's `discriminator` (a tag that selects no branch of a discriminated oneOf), the tag property (`params.tag`).
 */
function pointerOf(error: ErrorObject): string {
  const property =
    error.keyword === "required"
      ? error.params?.["missingProperty"]
      : error.keyword === "discriminator"
        ? error.params?.["tag"]
        : undefined;
  return typeof property === "string"
    ? `${error.instancePath}/${property.replaceAll("~", "~0").replaceAll("/", "~1")}`
    : error.instancePath;
}

function schemaError(
  errors: readonly ErrorObject[] | null | undefined,
  prefix: string,
  status: 400 | 500,
  code: string,
): ApiError {
  const details = (errors ?? []).map((error) => ({
    code: error.keyword,
    message: error.message ?? error.keyword,
    target: `${prefix}${pointerOf(error)}` || "/",
  }));
  const first = details[0];
  return {
    status,
    code,
    message: first === undefined ? "The body does not match the schema." : `${first.target}: ${first.message}`,
    ...(first === undefined ? {} : { target: first.target }),
    details,
  };
}

/** A body as the handler gets it: its JSON (for multipart, the `Request` part's), where that sits, and the files. */
export interface CheckedBody {
  readonly value: unknown;
  /** JSON pointer of the body's JSON in the request: `""`, or `/Request` for the part of a multipart body. */
  readonly pointer: string;
  readonly files: HandlerContext["files"];
}

const partError = (code: string, message: string, name: string): { ok: false; error: ApiError } => ({
  ok: false,
  error: { status: 400, code, message, target: `/${name}` },
});

export function checkRequestBody(
  contract: Contract,
  operation: OperationContract,
  body: ParsedBody,
): ({ ok: true } & CheckedBody) | { ok: false; error: ApiError } {
  if (body.kind === "json") return { ok: true, value: body.value, pointer: "", files: [] };
  if (body.kind === "multipart") {
    const multipart = contract.validators[operation.metadata.operationId]?.multipart;
    if (multipart === undefined)
      return {
        ok: false,
        error: { status: 415, code: "unsupported_media_type", message: "This operation takes no multipart body." },
      };
    for (const name of multipart.required) {
      if (!body.fields.has(name) && !body.files.some((file) => file.fieldName === name))
        return partError("missing_part", `The multipart part ${name} is required.`, name);
    }
    const values: Record<string, unknown> = {};
    for (const [name, field] of body.fields) {
      if (multipart.values[name] === undefined)
        return partError("unknown_part", `The multipart part ${name} is not expected.`, name);
      try {
        values[name] = JSON.parse(field.text);
      } catch {
        return partError("invalid_json", `The part ${name} is not valid JSON.`, name);
      }
    }
    for (const file of body.files) {
      const rule = multipart.files[file.fieldName];
      if (rule === undefined)
        return partError("unknown_part", `The multipart part ${file.fieldName} is not expected.`, file.fieldName);
      if (rule.contentTypes !== undefined && !rule.contentTypes.includes(file.contentType))
        return partError(
          "unsupported_file_type",
          `${file.fileName}: content type ${file.contentType} is not accepted.`,
          file.fieldName,
        );
    }
    return { ok: true, value: values["Request"], pointer: "/Request", files: body.files };
  }
  if (body.kind === "form") return { ok: true, value: Object.fromEntries(body.value), pointer: "", files: [] };
  return { ok: true, value: undefined, pointer: "", files: [] };
}

/** A response as the pipeline writes it. */
export interface CheckedAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * A response the sandbox's document does not allow is the sandbox's bug: 500, with what was wrong. Checked: the
 * status is one the operation declares there, with the declared headers (e.g. `Location` on 201, `Allow` on 405,
 * `Retry-After` on 503), in the declared media type, with a body valid against the declared schema (success bodies
 * by the client's validators, the same checks: response-contract.ts).
 */
export function checkResponse(
  contract: Contract,
  operation: OperationContract,
  answer: CheckedAnswer,
): ApiError | undefined {
  const { status, contentType, body, headers } = answer;
  const operationId = operation.metadata.operationId;
  const declared = sandboxResponses().get(operationId)?.[String(status)];
  const problem = (code: string, message: string): ApiError => ({
    status: 500,
    code,
    message: `${operationId} ${message}`,
  });
  if (declared === undefined)
    return problem("undeclared_status", `answered ${status}, which the sandbox's document does not declare.`);
  const sent = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const missing = declared.requiredHeaders.filter((name) => !sent.has(name.toLowerCase()));
  if (missing.length > 0)
    return problem("missing_header", `${status} lacks the declared ${missing.join(", ")} header.`);
  if (declared.mediaType === undefined) {
    if (body === undefined) return undefined;
    return problem("undeclared_body", `${status} has a body the sandbox's document does not declare.`);
  }
  if (declared.mediaType !== contentType)
    return problem(
      "undeclared_media_type",
      `${status} is ${contentType}; the document declares ${declared.mediaType}.`,
    );
  // A success body by the client's validator where the API's document describes it; else (a 201, whose body the
  // API's document leaves undescribed, and every error) by the sandbox's document.
  const validate =
    (status >= 200 && status < 300
      ? contract.validators[operationId]?.responses?.[String(status)]?.[contentType]
      : undefined) ?? declared.bodyValidator();
  if (validate !== undefined && !validate(body)) return schemaError(validate.errors, "", 500, "invalid_response");
  return undefined;
}
