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
  const ajv = new Ajv2020({
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    allErrors: true,
    // A discriminated oneOf is checked against the branch its tag selects (emit/ajv-discriminators.ts).
    discriminator: true,
    useDefaults: false,
    coerceTypes: false,
    removeAdditional: false,
    inlineRefs: false,
    formats: { ...fullFormats, ...accountFundsFormats },
    keywords: [...openApiKeywords, ...extensionKeywords(document), "components", "paths", "webhooks"],
    code: { source: true, esm: true, formats: _`${new Name(formatsName)}`, lines: false },
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
  // One instance for every module: a schema two modules use compiles once; each module's code has only the
  // functions its own refs reach.
  const codes = modules.map((refs) =>
    refs.length === 0 ? "" : standaloneCode.default(ajv, Object.fromEntries(refs.map(({ name, ref }) => [name, ref]))),
  );
  return { codes };
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
