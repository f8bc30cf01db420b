/**
 * The package for Node (the `node` export condition): the same exports as `index.ts`, with the RegEx engine
 * (re2js) loaded up front instead of on first use, so that a server checks AdditionalInformation rules from
 * its first synchronous validation. Browsers get `index.ts`, where the engine is a lazily loaded chunk.
 */
import { RE2JS } from "re2js";
import { installRegexEngine } from "./requests/rules/regex/engine.js";

installRegexEngine(RE2JS);

export * from "./index.js";
