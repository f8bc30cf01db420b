/**
 * Security. A requirement breaks clients when a way they authenticated before is no longer accepted: every base
 * alternative must still be covered by a revision alternative that asks for no other scheme and no other scope. A
 * scheme an operation uses breaks clients when how they obtain or present credentials changes; a scheme no operation
 * uses changes nothing a client does.
 */
import { isJsonObject } from "@account-funds/generator/json-pointer";
import type { Classification, Rule, RuleDocumentation } from "./rule.js";

type Alternative = ReadonlyMap<string, ReadonlySet<string>>;

function alternatives(requirement: unknown): Alternative[] {
  const list = Array.isArray(requirement) ? requirement : [];
  // No requirement (or an empty list) lets anonymous callers in: one alternative that asks for nothing.
  if (list.length === 0) return [new Map()];
  return list.map(
    (alternative: unknown) =>
      new Map(
        Object.entries(isJsonObject(alternative) ? alternative : {}).map(([name, scopes]) => [
          name,
          new Set(Array.isArray(scopes) ? scopes.map(String) : []),
        ]),
      ),
  );
}

/** A client that satisfies `had` also satisfies `wants`: no other scheme, no other scope. */
function covers(wants: Alternative, had: Alternative): boolean {
  for (const [name, scopes] of wants) {
    const held = had.get(name);
    if (held === undefined) return false;
    for (const scope of scopes) if (!held.has(scope)) return false;
  }
  return true;
}

export function stillAccepted(before: unknown, after: unknown): boolean {
  const now = alternatives(after);
  return alternatives(before).every((had) => now.some((wants) => covers(wants, had)));
}

/** Scheme fields that change how a client obtains or presents credentials. */
const credentialFields = new Set([
  "type",
  "scheme",
  "in",
  "name",
  "bearerFormat",
  "openIdConnectUrl",
  "tokenUrl",
  "authorizationUrl",
  "refreshUrl",
]);

export const securityRule: Rule = {
  name: "security",
  classify({ change, subject }): readonly Classification[] | undefined {
    if (change.node === "security-requirement") {
      const accepted = stillAccepted(change.before, change.after);
      return [
        {
          rule: accepted ? "security-requirement-relaxed" : "security-requirement-changed",
          level: accepted ? "info" : "breaking",
          message: `The security requirement of ${subject} changed from ${JSON.stringify(change.before)} to ${JSON.stringify(change.after)}${accepted ? "; every client accepted before still is" : ": some clients authenticated as before are refused"}.`,
        },
      ];
    }
    if (change.node !== "security-scheme") return undefined;
    const name = `\`${change.detail.name ?? "?"}\``;
    if (change.detail.unused === true)
      return [
        {
          rule: "security-scheme-unused-changed",
          level: "info",
          message: `Security scheme ${name}, which no operation uses, ${change.kind === "changed" ? `changed (\`${change.property ?? ""}\`)` : `was ${change.kind}`}.`,
        },
      ];
    if (change.kind === "added")
      return [{ rule: "security-scheme-added", level: "info", message: `Security scheme ${name} was added.` }];
    if (change.kind === "removed")
      return [
        {
          rule: "security-scheme-changed",
          level: "breaking",
          message: `Security scheme ${name}, which operations use, was removed.`,
        },
      ];
    const flow = change.detail.flow === undefined ? "" : ` (flow ${change.detail.flow})`;
    if (change.property === "scopes") {
      const keys = (value: unknown): string[] => (isJsonObject(value) ? Object.keys(value) : []);
      const removed = keys(change.before).filter((scope) => !keys(change.after).includes(scope));
      return [
        {
          rule: removed.length > 0 ? "security-scheme-changed" : "security-scopes-added",
          level: removed.length > 0 ? "breaking" : "info",
          message:
            removed.length > 0
              ? `Security scheme ${name}${flow} no longer offers scopes ${removed.map((scope) => `\`${scope}\``).join(", ")}.`
              : `Security scheme ${name}${flow} offers new scopes.`,
        },
      ];
    }
    if (change.property !== undefined && credentialFields.has(change.property))
      return [
        {
          rule: "security-scheme-changed",
          level: "breaking",
          message: `\`${change.property}\` of security scheme ${name}${flow} changed from ${JSON.stringify(change.before)} to ${JSON.stringify(change.after)}.`,
        },
      ];
    return undefined;
  },
};

export const securityRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "security-requirement-changed",
    side: "both",
    level: "breaking",
    basis:
      "a way of authenticating accepted before is refused: a requirement added where there was none, a scheme or scope more",
    oasdiff: "api-security-added, api-global-security-added, api-security-scope-added (INFO)",
    differs: "stricter: a client authenticated as before is refused",
  },
  {
    rule: "security-requirement-relaxed",
    side: "both",
    level: "info",
    basis: "every client accepted before still is (an alternative added, a scope fewer)",
    oasdiff: "api-security-removed, *-scope-removed (INFO)",
  },
  {
    rule: "security-scheme-changed",
    side: "both",
    level: "breaking",
    basis:
      "a used scheme removed, its type/scheme/in/name/bearerFormat, token or authorization URL changed, a scope it offered removed",
    oasdiff: "api-security-component-*-updated, *-oauth-url-updated, *-scope-removed (INFO)",
    differs: "stricter: the client obtains and presents credentials as the scheme says",
  },
  {
    rule: "security-scheme-added",
    side: "both",
    level: "info",
    basis: "a new scheme (a requirement that uses it is judged on its own)",
    oasdiff: "api-security-component-added (INFO)",
  },
  {
    rule: "security-scopes-added",
    side: "both",
    level: "info",
    basis: "a scheme offers more scopes",
    oasdiff: "api-security-component-oauth-scope-added (INFO)",
  },
  {
    rule: "security-scheme-unused-changed",
    side: "both",
    level: "info",
    basis: "a scheme no operation of either document uses",
    oasdiff: "api-security-component-removed (INFO)",
  },
];
