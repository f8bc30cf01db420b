/**
 * `src/validators/operations.ts` and `src/validators/webhooks.ts`: precompiled validators as ajv "standalone"
 * code, so the client validates without compiling a schema (no `new Function`, no ajv compiler, CSP-safe, no
 * start-up cost). Two modules, because of their size: the operations' validators (every request body by media
 * type, every response body by status then media type) are most of the package's code and only
 * `validateResponses`/`validateRequests` need them, so the façade loads them with a dynamic `import()` (a chunk
 * of its own in a bundle); the webhook payloads' validators are small and `parseWebhookEvents` imports them.
 * One ajv instance compiles both (a schema both use compiles once); neither module carries the other's code.
 *
 * A `multipart/form-data` body has no validator of its own: its schema describes a file as a binary string (the
 * bytes on the wire), which a Blob is not. Its value parts get their schema's validator, its file parts are
 * described for a check by shape (see multipart-parts.ts and the runtime's multipart-validation.ts).
 *
 * ajv (compiling in the library thread: workers/ajv-standalone.js) is set up like the spec's own tests: JSON Schema 2020-12 (OpenAPI 3.1's dialect), strict (a typo in a
 * schema keyword fails generation), union types allowed (nullable fields are `type: [string, "null"]`),
 * `allErrors` (a caller sees every problem of a body at once), formats from ajv-formats (`date-time`, `int32`,
 * `uri-reference`, ...) and from @account-funds/validators (`iban`, `bic`, `decimal`, ...). Validation never
 * changes the data (no defaults, no coercion, no removal). ajv's `discriminator` option checks a discriminated
 * `oneOf` against the branch its tag selects only, so errors name the wrong field of that branch; ajv-discriminators.ts
 * gives ajv a copy of the document with each discriminator as ajv reads it (no `mapping`). ajv's messages
 * stay (`messages: false` would save 9% of the minified operations chunk but 3% gzipped, and the messages are
 * what `RequestValidationError`/`ResponseValidationError` show).
 *
 * The standalone output is plain JavaScript in ESM form; ajv still writes `require(...)` for its few run-time
 * helpers (`ajv/dist/runtime/ucs2length`, `equal`), which become imports that work in Node and in bundlers.
 * The files are `.ts` (with `// @ts-nocheck` for the generated function bodies) so the package's `tsc` build
 * emits them to dist/ like every other source; the exported maps carry explicit types.
 */
import { accountFundsFormats } from "@account-funds/validators";
import { VariableDeclarationKind } from "../print/ts-morph.js";
import { SpecError } from "../json-pointer/spec-error.js";
import type { ApiModel, MediaModel } from "../model/model.js";
import { parsePointer } from "../json-pointer/json-pointer.js";
import { Code, writeLiteral, type LiteralValue } from "../print/literal.js";
import { addVerbatimCode, createTypeScriptFile, printTypeScriptFile } from "../print/typescript-file.js";
import { withAjvDiscriminators } from "./ajv-discriminators.js";
import { formattedCodeLimit, indentedByBlock, moduleBody, type StandaloneCode } from "./ajv-standalone-code.js";
import { withAjvOpenUnions } from "./ajv-open-unions.js";
import type { EmittedFile, Emitter } from "./emitter.js";
import { runtimeSpecifier } from "./runtime-modules.js";
import { pascalCase, propertyAccess } from "../print/names.js";
import { runInLibraryThread } from "../workers/library-thread.js";

/** `$id` the document's schemas are registered under inside the generator (never emitted as a URL to fetch). */
const documentId = "urn:account-funds:openapi";
/** Name of the format map the standalone code reads function formats from. */
const formatsName = "allFormats";
const multipartMediaType = "multipart/form-data";

interface ValidatorEntry {
  /** Identifier in the emitted module: `validateAccountDtoCollection`. */
  readonly name: string;
  /** What ajv compiles: `urn:...#/components/schemas/AccountDtoCollection` or a pointer to an inline schema. */
  readonly ref: string;
  /** Pointer of the schema in the bundle, for error messages. */
  readonly pointer: string;
}

/** One exported map of a validators module. */
interface ValidatorMap {
  readonly name: string;
  readonly type: string;
  readonly docs: string;
  readonly value: LiteralValue;
}

export const validatorsEmitter: Emitter = {
  name: "validators",
  async emit({ model }) {
    const modules = [operationsModule(model), webhooksModule(model)];
    const codes = await compileStandalone(
      model,
      modules.map((module) => module.entries),
    );
    return Promise.all(modules.map((module, index) => validatorsModule(model, module, codes[index]!)));
  },
};

/** What one validators module holds, before ajv compiles it. */
interface ModulePlan {
  readonly path: string;
  readonly entries: readonly ValidatorEntry[];
  readonly what: string;
  readonly contracts: readonly string[];
  readonly map: ValidatorMap;
}

function operationsModule(model: ApiModel): ModulePlan {
  const entries = new ValidatorEntries();
  const operationValidators: { [operationId: string]: LiteralValue } = {};
  for (const operation of model.operations) {
    const prefix = pascalCase(operation.operationId);
    const contents = operation.requestBody?.contents ?? [];
    const request = mediaValidators(entries, contents, `${prefix}Request`);
    const multipart = contents.find((media) => media.mediaType === multipartMediaType);
    const responses: { [status: string]: LiteralValue } = {};
    for (const response of operation.responses) {
      const byMedia = mediaValidators(entries, response.contents, `${prefix}Response${pascalCase(response.status)}`);
      if (byMedia !== undefined) responses[response.status] = byMedia;
    }
    operationValidators[operation.operationId] = {
      request,
      multipart: multipart === undefined ? undefined : multipartValidators(entries, multipart, `${prefix}RequestPart`),
      responses: Object.keys(responses).length === 0 ? undefined : responses,
    };
  }
  return {
    path: "src/validators/operations.ts",
    entries: entries.list,
    what: "Precompiled validators (ajv standalone) of every request and response body, loaded on first use.",
    contracts: ["OperationValidators"],
    map: {
      name: "operationValidators",
      type: "Record<string, OperationValidators>",
      docs: "Validators by operationId: request bodies by media type (multipart by part), responses by status then media type.",
      value: operationValidators,
    },
  };
}

function webhooksModule(model: ApiModel): ModulePlan {
  const entries = new ValidatorEntries();
  const webhookValidators: { [name: string]: LiteralValue } = {};
  for (const webhook of model.webhooks) {
    const entry = entries.for(webhook.payload, `${pascalCase(webhook.operationId)}Payload`);
    if (entry !== undefined) webhookValidators[webhook.name] = new Code(entry.name);
  }
  return {
    path: "src/validators/webhooks.ts",
    entries: entries.list,
    what: "Precompiled validators (ajv standalone) of every webhook payload.",
    contracts: ["CompiledValidator"],
    map: {
      name: "webhookValidators",
      type: "Record<string, CompiledValidator>",
      docs: "Validators of webhook payloads, by webhook name.",
      value: webhookValidators,
    },
  };
}

/** A module of ajv standalone code for its entries, exporting one typed map of them. */
async function validatorsModule(model: ApiModel, module: ModulePlan, code: StandaloneCode): Promise<EmittedFile> {
  const { path } = module;
  const file = createTypeScriptFile(path.split("/").pop() ?? path);
  file.addImportDeclaration({
    isTypeOnly: true,
    namedImports: [...module.contracts],
    moduleSpecifier: runtimeSpecifier("compiledValidator", "src/*"),
  });
  for (const { module: specifier, binding } of code.runtimeImports)
    file.addImportDeclaration({ defaultImport: binding, moduleSpecifier: specifier });
  const fromAjvFormats = code.formats.filter((format) => !Object.hasOwn(accountFundsFormats, format));
  const fromValidators = code.formats.filter((format) => Object.hasOwn(accountFundsFormats, format));
  if (fromAjvFormats.length > 0)
    file.addImportDeclaration({ namedImports: ["fullFormats"], moduleSpecifier: "ajv-formats/dist/formats.js" });
  if (fromValidators.length > 0)
    file.addImportDeclaration({ namedImports: ["accountFundsFormats"], moduleSpecifier: "@account-funds/validators" });
  if (code.formats.length > 0) {
    const formats = Object.fromEntries([
      ...fromAjvFormats.map((format) => [format, new Code(`fullFormats${propertyAccess(format)}`)]),
      ...fromValidators.map((format) => [format, new Code(`accountFundsFormats${propertyAccess(format)}`)]),
    ]) as { [format: string]: LiteralValue };
    const sources = [
      ...(fromAjvFormats.length > 0 ? ["ajv-formats"] : []),
      ...(fromValidators.length > 0 ? ["@account-funds/validators"] : []),
    ];
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      docs: [`The function formats the validators call, from ${sources.join(" and ")}.`],
      declarations: [{ name: formatsName, initializer: (writer) => writeLiteral(writer, formats) }],
    });
  }
  const formatted = code.length <= formattedCodeLimit;
  const verbatim = addVerbatimCode(file, formatted ? code.pieces : code.pieces.map(indentedByBlock), formatted);
  const { map } = module;
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [map.docs],
    declarations: [{ name: map.name, type: map.type, initializer: (writer) => writeLiteral(writer, map.value) }],
  });
  const directives = [
    "// The validator functions are ajv's generated JavaScript; the exported map is typed.",
    "// @ts-nocheck",
  ];
  return { path, contents: await printTypeScriptFile(file, model.source, module.what, directives, [verbatim]) };
}

/** One validator per distinct schema: a component schema is compiled once however many bodies use it. */
class ValidatorEntries {
  readonly list: ValidatorEntry[] = [];
  private readonly byRef = new Map<string, ValidatorEntry>();
  private readonly names = new Set<string>();

  for(media: MediaModel, inlineName: string): ValidatorEntry | undefined {
    if (media.schemaPointer === undefined) return undefined;
    const pointer = media.schemaName === undefined ? media.schemaPointer : `/components/schemas/${media.schemaName}`;
    const ref = `${documentId}#${parsePointer(pointer)
      .map((segment) => "/" + encodeURIComponent(segment.replaceAll("~", "~0").replaceAll("/", "~1")))
      .join("")}`;
    const known = this.byRef.get(ref);
    if (known !== undefined) return known;
    const base = `validate${media.schemaName === undefined ? inlineName : pascalCase(media.schemaName)}`;
    let name = base;
    for (let index = 2; this.names.has(name); index++) name = `${base}${index}`;
    const entry = { name, ref, pointer };
    this.names.add(name);
    this.byRef.set(ref, entry);
    this.list.push(entry);
    return entry;
  }
}

/** A validator per media type with a schema; never one for `multipart/form-data` (see `multipartValidators`). */
function mediaValidators(entries: ValidatorEntries, contents: readonly MediaModel[], inlineName: string): LiteralValue {
  const byMedia: { [mediaType: string]: LiteralValue } = {};
  for (const media of contents) {
    if (media.mediaType === multipartMediaType) continue;
    const suffix = contents.length > 1 ? pascalCase(media.mediaType.split("/").pop() ?? "") : "";
    const entry = entries.for(media, `${inlineName}${suffix}`);
    if (entry !== undefined) byMedia[media.mediaType] = new Code(entry.name);
  }
  return Object.keys(byMedia).length === 0 ? undefined : byMedia;
}

/** `MultipartValidators` of the runtime: the value parts' validators, the file parts' shape. */
function multipartValidators(entries: ValidatorEntries, media: MediaModel, inlineName: string): LiteralValue {
  const parts = media.multipart;
  if (parts === undefined) return undefined;
  const values: { [part: string]: LiteralValue } = {};
  for (const part of parts.values) {
    const entry = entries.for(
      { mediaType: "application/json", ...part.schema },
      `${inlineName}${pascalCase(part.name)}`,
    );
    if (entry !== undefined) values[part.name] = new Code(entry.name);
  }
  const files: { [part: string]: LiteralValue } = {};
  for (const part of parts.files) files[part.name] = { multiple: part.multiple, contentTypes: part.contentTypes };
  return { required: parts.required, values, files };
}

/**
 * ajv's standalone code for each module's entries, made into ES module bodies. One ajv instance compiles them all,
 * in the library thread (a large spec's in a thread of their own), so a schema both modules use is compiled once;
 * each module's code has only the functions its own validators reach.
 */
async function compileStandalone(
  model: ApiModel,
  modules: readonly (readonly ValidatorEntry[])[],
): Promise<StandaloneCode[]> {
  const refs = modules.map((entries) => entries.map(({ name, ref, pointer }) => ({ name, ref, pointer })));
  const document = withAjvDiscriminators(withAjvOpenUnions(model.documentForLibraries));
  const { output, printed } = await runInLibraryThread(
    "ajvStandalone",
    { document, documentId, modules: refs, formatsName },
    { ownThread: isLargeSpec(model) },
  );
  for (const line of printed) console.warn(line); // reported as the validators emitter's warnings
  if ("failed" in output) throw new SpecError(output.failed);
  return output.codes.map((code) => moduleBody(code, formatsName));
}

/**
 * A spec whose validators take ajv seconds (Stripe, GitHub, Plaid, Square: over 500 operations and component
 * schemas; ours has 270): they compile in a thread of their own, beside openapi-typescript's (library-thread.ts).
 */
function isLargeSpec(model: ApiModel): boolean {
  return model.operations.length + model.schemas.length > 500;
}
