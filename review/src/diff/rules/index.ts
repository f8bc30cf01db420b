/**
 * The rules in the order the engine asks them: the first that answers decides. Documentation first (it is the same
 * on every side), then one rule per kind of node or keyword, and last the rule that fails closed.
 */
import { annotationsRule, annotationsRuleDocumentation } from "./annotations.js";
import { applicatorsRule, applicatorsRuleDocumentation } from "./applicators.js";
import { bodiesRule, bodiesRuleDocumentation } from "./bodies.js";
import { combinatorsRule, combinatorsRuleDocumentation } from "./combinators.js";
import { componentsRule, componentsRuleDocumentation } from "./components.js";
import { constraintsRule, constraintsRuleDocumentation } from "./constraints.js";
import { defaultsRule, defaultsRuleDocumentation } from "./defaults.js";
import { docsRule, docsRuleDocumentation } from "./docs.js";
import { enumsRule, enumsRuleDocumentation } from "./enums.js";
import { operationsRule, operationsRuleDocumentation } from "./operations.js";
import { parametersRule, parametersRuleDocumentation } from "./parameters.js";
import { propertiesRule, propertiesRuleDocumentation } from "./properties.js";
import { referencesRule, referencesRuleDocumentation } from "./references.js";
import type { Rule, RuleDocumentation } from "./rule.js";
import { securityRule, securityRuleDocumentation } from "./security.js";
import { serversRule, serversRuleDocumentation } from "./servers.js";
import { typesRule, typesRuleDocumentation } from "./types.js";
import { unclassifiedRule, unclassifiedRuleDocumentation } from "./unclassified.js";

export const rules: readonly Rule[] = [
  docsRule,
  operationsRule,
  parametersRule,
  bodiesRule,
  securityRule,
  serversRule,
  componentsRule,
  propertiesRule,
  enumsRule,
  typesRule,
  constraintsRule,
  combinatorsRule,
  applicatorsRule,
  referencesRule,
  defaultsRule,
  annotationsRule,
];

/** Asked when no rule answered. */
export { unclassifiedRule };

export const ruleDocumentation: readonly RuleDocumentation[] = [
  ...operationsRuleDocumentation,
  ...parametersRuleDocumentation,
  ...bodiesRuleDocumentation,
  ...securityRuleDocumentation,
  ...serversRuleDocumentation,
  ...propertiesRuleDocumentation,
  ...enumsRuleDocumentation,
  ...typesRuleDocumentation,
  ...constraintsRuleDocumentation,
  ...combinatorsRuleDocumentation,
  ...applicatorsRuleDocumentation,
  ...referencesRuleDocumentation,
  ...defaultsRuleDocumentation,
  ...annotationsRuleDocumentation,
  ...componentsRuleDocumentation,
  ...docsRuleDocumentation,
  ...unclassifiedRuleDocumentation,
];
