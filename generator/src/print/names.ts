/** How model names become TypeScript names in emitted code: one spelling rule for every emitter. */

const identifier = /^[A-Za-z_$][\w$]*$/;

/** An object-literal key: bare when it is an identifier, JSON-quoted otherwise. */
export function propertyName(name: string): string {
  return identifier.test(name) ? name : JSON.stringify(name);
}

/** A member access: `.name`, or `["x-y"]` when the name is not an identifier. */
export function propertyAccess(name: string): string {
  return identifier.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}

/** `listAccounts` → `ListAccounts`, `x-www-form-urlencoded` → `XWwwFormUrlencoded`, `2XX` → `2XX`. */
export function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
}
