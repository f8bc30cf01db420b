/** Value equality as the comparison needs it: JSON with sorted keys, and keywords whose order means nothing. */

/** JSON text with object keys sorted: two values are equal when their canonical texts are. */
export function canonical(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? "undefined";
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** Keywords whose value is a set: `type: "string"` equals `type: ["string"]`, and `enum` order is not a change. */
const setKeywords = new Set(["type", "enum", "required", "x-extensible-enum"]);

export function sameValue(keyword: string, before: unknown, after: unknown): boolean {
  if (setKeywords.has(keyword)) return canonical(asSet(before)) === canonical(asSet(after));
  return canonical(before) === canonical(after);
}

function asSet(value: unknown): unknown {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return [...new Set(list.map(canonical))].sort();
}
