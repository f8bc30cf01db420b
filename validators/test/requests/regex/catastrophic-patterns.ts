/**
 * Patterns that make a backtracking regular expression engine take exponential or high-polynomial time, and the
 * values that trigger it, all of the maximum tested length. Shared by the corpus test and `make bench`.
 */
import { MAX_TESTED_VALUE_LENGTH } from "../../../src/requests/rules/regex/compile-rule.js";

/** Known catastrophic patterns for backtracking engines, by family. */
export const catastrophicPatterns: readonly string[] = [
  // nested quantifiers
  "(a+)+$",
  "^(a+)+$",
  "([a-zA-Z]+)*$",
  "(a*)*b",
  "(x+x+)+y",
  "^(\\w+\\s?)*$",
  "(.*a){20}",
  "((a+)+)+$",
  "(a?){25}a{25}",
  "^([a-z0-9]+[-_.]?)*[a-z0-9]+@",
  "^(\\d+)*$",
  // overlapping alternations
  "(a|a)*$",
  "(a|aa)+$",
  "(\\w|\\d)+$",
  "(.|\\s)*!$",
  "(a|ab|abc)*$",
  "^(\\d+|\\d+\\.\\d+)*$",
  "((a|a))*$",
  `${"(a|a)".repeat(20)}x`,
  // optional items between quantified runs (the finding, and its relatives)
  "a*b?a*b?a*b?a*c",
  "a*b?a*b?a*b?a*b?a*b?a*c",
  "\\d*-?\\d*-?\\d*-?\\d*x",
  ".*.*.*.*x",
  "\\d+\\d+\\d+x",
  "a*a*a*a*a*b",
  "\\s*\\s*\\s*$x",
  // large counted repeats
  "a{1000}",
  "(a{1,100}){1,3}x",
  "[a-z]{0,400}[0-9]",
  "(\\w{1,30}\\.){1,10}[a-z]{2,}$",
  "(.{0,100}){0,10}x",
  "^(a|b)*a(a|b){100}$",
  "(.*a){100}",
  "\\p{L}{1,256}\\d$",
  "(?i)(\\w{1,60}\\d{1,60})+!",
  // the costliest families for RE2 itself (many live NFA threads), near the program size cap
  "(?:a?){150}a{150}",
  "(a|b)*a(a|b){150}",
  "(\\w+\\s?){75}$",
  "(a|aa){75}$",
  "(\\p{L}|\\p{N}){1,100}$",
  "[a-z]{0,200}[0-9]",
];

const L = MAX_TESTED_VALUE_LENGTH;
/** Values of the maximum tested length that drive backtracking engines to their worst case. */
export const adversarialValues: readonly string[] = [
  "a".repeat(L),
  `${"a".repeat(L - 1)}!`,
  `${"x".repeat(L - 1)}!`,
  `${"1".repeat(L - 1)}!`,
  `${"ab".repeat(L / 2 - 1)}a!`,
  `${"aa1 ".repeat(L / 4 - 1)}aa1!`,
  `${"a.".repeat(L / 2 - 1)}a@`,
];
