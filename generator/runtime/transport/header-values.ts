/**
 * What `fetch` would refuse in a header, said without repeating the value: a header value is a field value of RFC
 * 9110 §5.5 (no control character but a tab, no white space around it, Latin-1 only in `fetch`), a name a token
 * (§5.1). An access token is held stricter (RFC 6750 §2.1 allows less still): visible ASCII, spaces and tabs inside.
 */

const TOKEN_CHARACTERS = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Visible ASCII, with spaces and tabs inside only: the per-attempt check, one native match. */
const USABLE_TOKEN = /^[\x21-\x7e](?:[\t\x20-\x7e]*[\x21-\x7e])?$/;

/** The first header whose name or value `fetch` refuses, described without its value; undefined when all are fine. */
export function invalidHeader(headers: Readonly<Record<string, string>>): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN_CHARACTERS.test(name)) return `A request header name is not a valid HTTP field name (RFC 9110 §5.1)`;
    const problem = valueProblem(String(value), 0xff);
    if (problem !== undefined) return `The request header ${name} is not a valid HTTP field value: ${problem}`;
  }
  return undefined;
}

/** What makes `token` unusable in `Authorization: Bearer <token>`, without saying what it is; undefined when usable. */
export function tokenProblem(token: string): string | undefined {
  if (USABLE_TOKEN.test(token)) return undefined;
  if (token.trim() === "") return "it is empty";
  return valueProblem(token, 0x7e);
}

function valueProblem(value: string, highest: number): string | undefined {
  if (/^[\t ]|[\t ]$/.test(value)) return "it has white space at its start or end";
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === 0x09) continue;
    if (code < 0x20 || code === 0x7f) return "it holds a control character";
    if (code > highest)
      return highest === 0xff ? "it holds a character outside Latin-1" : "it holds a character outside ASCII";
  }
  return undefined;
}
