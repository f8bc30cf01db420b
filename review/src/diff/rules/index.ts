/**
 * The rules in the order the engine asks them. Judging rules that see every side of a kind of change come
 * before Redocly's verdicts (which they replace for enums and constraints); the rest only answer for sides no
 * verdict covered.
 */
import { additionsRule, additionsRuleDocumentation } from "./additions.js";
import { constraintsRule, constraintsRuleDocumentation } from "./constraints.js";
import { defaultsRule, defaultsRuleDocumentation } from "./defaults.js";
import { docsRule, docsRuleDocumentation } from "./docs.js";
import { enumsRule, enumsRuleDocumentation } from "./enums.js";
import { fallbackRule, fallbackRuleDocumentation } from "./fallback.js";
import { propertiesRule, propertiesRuleDocumentation } from "./properties.js";
import type { Rule, RuleDocumentation } from "./rule.js";
import { typesRule, typesRuleDocumentation } from "./types.js";
import { verdictsRule, verdictsRuleDocumentation } from "./verdicts.js";

export const rules: readonly Rule[] = [
  docsRule,
  enumsRule,
  constraintsRule,
  verdictsRule,
  defaultsRule,
  propertiesRule,
  typesRule,
  additionsRule,
  fallbackRule,
];

export const ruleDocumentation: readonly RuleDocumentation[] = [
  ...verdictsRuleDocumentation,
  ...enumsRuleDocumentation,
  ...constraintsRuleDocumentation,
  ...propertiesRuleDocumentation,
  ...typesRuleDocumentation,
  ...defaultsRuleDocumentation,
  ...additionsRuleDocumentation,
  ...docsRuleDocumentation,
  ...fallbackRuleDocumentation,
];
