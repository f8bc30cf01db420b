/**
 * The rule table of review/README.md, from the rules' own documentation rows; a test keeps the README equal to
 * it. `tsx review/src/rule-table.ts` prints it.
 */
import { pathToFileURL } from "node:url";
import { ruleDocumentation } from "./diff/rules/index.js";
import type { RuleDocumentation } from "./diff/rules/rule.js";

export const consumerRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "consumer-type-error",
    side: "both",
    level: "breaking",
    basis:
      "`make review` only: BASE's test/client/type-tests.ts or examples.test.ts no longer compiles against the new client",
    oasdiff: "no such check",
  },
  {
    rule: "consumer-expect-error-unused",
    side: "both",
    level: "warning",
    basis:
      "`make review` only: a `@ts-expect-error` in BASE's type tests no longer sees an error: the client accepts more",
    oasdiff: "no such check",
  },
];

export function ruleTable(
  rows: readonly RuleDocumentation[] = [...ruleDocumentation, ...consumerRuleDocumentation],
): string {
  const cell = (text: string): string => text.replaceAll("|", "\\|");
  return [
    "| rule id | side | level | basis | oasdiff |",
    "|---|---|---|---|---|",
    ...rows.map(
      (row) =>
        `| \`${row.rule}\` | ${row.side} | ${cell(row.level)} | ${cell(row.basis)} | ${cell(row.oasdiff)}${row.differs === undefined ? "" : `. **Differs**: ${cell(row.differs)}`} |`,
    ),
  ].join("\n");
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.stdout.write(`${ruleTable()}\n`);
