// @ts-check
/**
 * ajv's standalone compile of the schemas emit/validators.ts names, run in the library thread (about half a
 * second of CPU). ajv is set up as emit/validators.ts explains.
 */
import { accountFundsFormats } from "@account-funds/validators";
import { _, Name } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { fullFormats } from "ajv-formats/dist/formats.js";

/** OpenAPI's additions to JSON Schema, accepted as annotations (`discriminator` is ajv's own keyword, see below). */
const openApiKeywords = ["xml", "externalDocs", "example"];

/**
 * @param {import("./library-thread.js").AjvStandaloneInput} input
 * @returns {import("./library-thread.js").AjvStandaloneOutput}
 */
export function compileStandalone({ document, documentId, modules, formatsName }) {
  /** @type {Set<string>} What ajv logged (unknown keywords): each once, as a warning. */
  const logged = new Set();
  const note = (/** @type {unknown[]} */ ...parts) => void logged.add(parts.map(String).join(" "));
  const knownFormats = { ...fullFormats, ...accountFundsFormats };
  const ajv = new Ajv2020({
    // Strict where a mistake would change what is checked; where JSON Schema 2020-12 allows what ajv's strict mode
    // calls bad style (`required` or `maxLength` without a `type`, a union of types met by a `type` elsewhere),
    // the schema is compiled as it is. An unknown keyword is an annotation (2020-12 §4.3.1): a warning.
    strict: true,
    strictSchema: "log",
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    logger: { log: () => undefined, warn: note, error: note },
    allowUnionTypes: true,
    allErrors: true,
    // A discriminated oneOf is checked against the branch its tag selects (emit/ajv-discriminators.ts).
    discriminator: true,
    useDefaults: false,
    coerceTypes: false,
    removeAdditional: false,
    inlineRefs: false,
    formats: { ...knownFormats, ...unknownFormats(document, knownFormats) },
    keywords: [...openApiKeywords, ...extensionKeywords(document), "components", "paths", "webhooks"],
    // `lines`: a line break between statements, so that the emitter can cut the code between top-level functions
    // and format it in pieces (emit/validators.ts); the formatter decides the layout either way.
    code: { source: true, esm: true, formats: _`${new Name(formatsName)}`, lines: true },
  });
  ajv.addSchema({
    $id: documentId,
    components: document["components"],
    paths: document["paths"],
    webhooks: document["webhooks"],
  });
  for (const { ref, pointer } of modules.flat()) {
    try {
      if (ajv.getSchema(ref) === undefined) throw new Error(`no schema at ${pointer}`);
    } catch (thrown) {
      return {
        failed: {
          pointer,
          reason: `ajv cannot compile the schema: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
        },
      };
    }
  }
  for (const line of logged) {
    const keyword = /unknown keyword: "(.*)"/.exec(line)?.[1];
    console.warn(
      keyword === undefined
        ? `ajv: ${line}`
        : `unknown keyword "${keyword}" in a schema: ignored, as JSON Schema 2020-12 says of unknown keywords (a misspelt keyword or a property listed outside \`properties\`?)`,
    );
  }
  // One instance for every module: a schema two modules use compiles once; each module's code has only the
  // functions its own refs reach.
  const codes = modules.map((refs) =>
    refs.length === 0 ? "" : standaloneCode.default(ajv, Object.fromEntries(refs.map(({ name, ref }) => [name, ref]))),
  );
  return { codes };
}

/** Keys whose values are data, never schemas. */
const dataKeys = new Set(["example", "examples", "default", "const", "enum"]);

/**
 * Every `format` the document uses that the generator does not know, as ajv's "ignore this format" (`true`),
 * reported once per format with where it is first used: JSON Schema 2020-12 makes `format` an annotation unless
 * a validator knows it, so such values are checked by the rest of their schema (their `type`, `pattern`, ...) alone.
 * @param {unknown} document
 * @param {{ [name: string]: unknown }} known
 * @returns {{ [name: string]: true }}
 */
function unknownFormats(document, known) {
  /** @type {Map<string, { first: string, count: number }>} */
  const found = new Map();
  /** @param {unknown} node @param {string} pointer */
  const visit = (node, pointer) => {
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, `${pointer}/${index}`));
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (dataKeys.has(key) || key.startsWith("x-")) continue;
      if (key === "format" && typeof value === "string" && !Object.hasOwn(known, value)) {
        const entry = found.get(value);
        if (entry === undefined) found.set(value, { first: pointer, count: 1 });
        else entry.count++;
      }
      visit(value, `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`);
    }
  };
  visit(document, "");
  for (const [format, { first, count }] of found) {
    const more = count > 1 ? ` and ${count - 1} other schema${count > 2 ? "s" : ""}` : "";
    console.warn(
      `#${first}: format "${format}" (here${more}) is not one the client knows: its values are checked by the rest of their schema (type, pattern, length) alone, not as ${format}`,
    );
  }
  return Object.fromEntries([...found.keys()].map((format) => [format, true]));
}

/**
 * Every `x-` extension key used anywhere in the document, so strict mode accepts it as an annotation.
 * @param {unknown} document
 * @returns {string[]}
 */
function extensionKeywords(document) {
  /** @type {Set<string>} */
  const found = new Set();
  /** @param {unknown} node */
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("x-")) found.add(key);
      visit(value);
    }
  };
  visit(document);
  return [...found].sort();
}
