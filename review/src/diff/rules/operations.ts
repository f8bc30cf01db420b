/**
 * Paths, operations, webhooks and callbacks: added (compatible), removed or renamed (breaking: a client calls
 * it, or waits for it), and an operation's id (the generated client's method name).
 */
import type { Classification, Rule, RuleDocumentation } from "./rule.js";

export const operationsRule: Rule = {
  name: "operations",
  classify({ change, subject }): readonly Classification[] | undefined {
    const { node, kind } = change;
    if (node === "path" || node === "operation") {
      if (kind === "removed")
        return [
          {
            rule: node === "path" ? "path-removed" : "operation-removed",
            level: "breaking",
            message: `${node === "path" ? "Path" : "Operation"} ${subject} was removed.`,
          },
        ];
      if (kind === "added")
        return [
          {
            rule: "operation-added",
            level: "info",
            message: `${node === "path" ? "Path" : "Operation"} ${subject} was added.`,
          },
        ];
      if (change.property === "operationId")
        return [
          {
            rule: "operation-id-changed",
            level: "breaking",
            message: `The operationId of ${subject} changed from ${String(change.before)} to ${String(change.after)}: the client's method is renamed.`,
          },
        ];
      return undefined;
    }
    if (node === "webhook" || node === "callback") {
      const what = node === "webhook" ? "Webhook" : "Callback";
      if (kind === "removed")
        return [
          {
            rule: `${node}-removed`,
            level: "breaking",
            message: `${what} ${subject} was removed: the API no longer sends it.`,
          },
        ];
      if (kind === "added") return [{ rule: `${node}-added`, level: "info", message: `${what} ${subject} was added.` }];
      if (change.property === "name")
        return [
          {
            rule: "webhook-renamed",
            level: "breaking",
            message: `Webhook \`${change.detail.from ?? ""}\` was renamed to \`${change.detail.to ?? ""}\`: the client's webhook parser for it is renamed.`,
          },
        ];
    }
    return undefined;
  },
};

export const operationsRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "path-removed",
    side: "both",
    level: "breaking",
    basis: "a path was removed",
    oasdiff: "api-path-removed-without-deprecation (ERR)",
  },
  {
    rule: "operation-removed",
    side: "both",
    level: "breaking",
    basis: "an operation was removed",
    oasdiff: "api-removed-without-deprecation (ERR)",
  },
  {
    rule: "operation-added",
    side: "both",
    level: "info",
    basis: "a new path or operation",
    oasdiff: "endpoint-added (INFO)",
  },
  {
    rule: "operation-id-changed",
    side: "both",
    level: "breaking",
    basis: "client method names are operationIds",
    oasdiff: "api-operation-id-updated / -removed (INFO)",
    differs: "stricter: the generated client's method names are the operationIds",
  },
  {
    rule: "webhook-removed",
    side: "both",
    level: "breaking",
    basis: "the API no longer sends these events; a client that handles them waits in vain",
    oasdiff: "webhook-removed (ERR)",
  },
  { rule: "webhook-added", side: "both", level: "info", basis: "a new event", oasdiff: "webhook-added (INFO)" },
  {
    rule: "webhook-renamed",
    side: "both",
    level: "breaking",
    basis: "a webhook removed and one added with the same operation: the client's webhook parser is renamed",
    oasdiff: "webhook-removed (ERR) and webhook-added (INFO)",
  },
  {
    rule: "callback-removed",
    side: "both",
    level: "breaking",
    basis: "the API no longer calls back",
    oasdiff: "not compared",
  },
  { rule: "callback-added", side: "both", level: "info", basis: "a new callback", oasdiff: "not compared" },
];
