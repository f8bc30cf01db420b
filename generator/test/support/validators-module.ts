/** Module specifiers a generated file imports (static imports, re-exports and dynamic imports). */
export function importedModules(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*"([^"]+)"/g))
    found.add(match[1] ?? "");
  for (const match of source.matchAll(/(?:^|\n)\s*import\s*"([^"]+)"/g)) found.add(match[1] ?? "");
  for (const match of source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) found.add(match[1] ?? "");
  return [...found].sort();
}
