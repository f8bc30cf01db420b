/**
 * ISO/IEC 7064 MOD 97-10 over digits and upper-case letters (A = 10 … Z = 35), the check used by the IBAN
 * (ISO 13616-1 §6) and the LEI (ISO 17442-1 §6). Computed incrementally on char codes: no BigInt, no
 * digit strings, no allocation.
 */

/**
 * Largest running value before it must be reduced: at most two more decimal digits are appended per
 * character (`r * 100 + 35`), and the result has to stay an int32.
 */
const REDUCE_ABOVE = 9_999_999;

/**
 * The value of `value[start..end)` modulo 97, letters expanded to two digits; -1 if a character is neither
 * a digit nor an upper-case letter.
 */
export function mod97(value: string, start = 0, end = value.length): number {
  let r = 0;
  for (let i = start; i < end; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0x30 && code <= 0x39) r = r * 10 + (code - 0x30);
    else if (code >= 0x41 && code <= 0x5a) r = r * 100 + (code - 55);
    else return -1;
    if (r > REDUCE_ABOVE) r %= 97;
  }
  return r % 97;
}

/**
 * The two check digits that make `value + checkDigits` ≡ 1 (mod 97): `98 - (value · 100 mod 97)`, always
 * between 02 and 98. Returns "" if `value` has a character outside [0-9A-Z].
 */
export function calcCheckDigits(value: string): string {
  if (value.length === 0) return "";
  const r = mod97(value);
  if (r < 0) return "";
  const check = 98 - ((r * 100) % 97);
  return check < 10 ? `0${check}` : String(check);
}

/**
 * Whether two check digits are in the range MOD 97-10 can produce. 00, 01 and 99 are congruent to 97, 98
 * and 02, so they can pass the remainder test although no correct computation yields them.
 */
export function isCheckDigitRange(tens: number, ones: number): boolean {
  const check = tens * 10 + ones;
  return check >= 2 && check <= 98;
}
