/** Servers: where clients send their calls. A server that is gone, or a variable value it no longer takes, breaks them. */
import { enumDelta } from "./enums.js";
import type { Rule, RuleDocumentation } from "./rule.js";

export const serversRule: Rule = {
  name: "servers",
  classify({ change }) {
    if (change.node !== "server") return undefined;
    const name = `\`${change.detail.name ?? "?"}\``;
    const variable = (change.detail.name ?? "").includes(" {");
    if (change.kind === "removed")
      return [
        {
          rule: variable ? "server-variable-changed" : "server-removed",
          level: variable ? "warning" : "breaking",
          message: `Server ${name} was removed.`,
        },
      ];
    if (change.kind === "added")
      return [
        {
          rule: variable ? "server-variable-changed" : "server-added",
          level: variable ? "warning" : "info",
          message: `Server ${name} was added.`,
        },
      ];
    if (change.property === "enum") {
      const { removed } = enumDelta(change.before, change.after);
      return [
        removed.length > 0 || change.before === undefined
          ? {
              rule: "server-removed",
              level: "breaking",
              message: `Server variable ${name} no longer takes ${removed.map((value) => JSON.stringify(value)).join(", ") || "any value"}.`,
            }
          : { rule: "server-variable-changed", level: "info", message: `Server variable ${name} takes more values.` },
      ];
    }
    if (change.property === "default")
      return [
        {
          rule: "server-variable-changed",
          level: "warning",
          message: `The default of server variable ${name} changed from ${JSON.stringify(change.before)} to ${JSON.stringify(change.after)}: clients that use it call another server.`,
        },
      ];
    return undefined;
  },
};

export const serversRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "server-removed",
    side: "both",
    level: "breaking",
    basis: "a server (URL template) was removed, or a variable value it took",
    oasdiff: "not compared",
  },
  { rule: "server-added", side: "both", level: "info", basis: "another server", oasdiff: "not compared" },
  {
    rule: "server-variable-changed",
    side: "both",
    level: "warning (info for new values)",
    basis: "a variable's default, or a variable itself: clients relying on the default call another server",
    oasdiff: "not compared",
  },
];
