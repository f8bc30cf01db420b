/**
 * Every machine code an issue can carry, as an error or (`severity: "warning"`) as a warning. Codes are a public
 * interface: add new ones, never rename or reuse one for a different meaning.
 */
export const issueCodes = [
  // Shape of the input
  "invalid_type", // not the expected JSON type (string, number, object, ...)
  "required", // a required field is missing or empty
  "recommended", // (a warning) a field the reference does not mark required is missing, and little can be done without it
  "not_allowed", // a field that must not be present in this context
  "invalid_enum", // not one of the allowed values
  "too_short",
  "too_long",
  "invalid_length", // not one of the exact lengths the format has
  "invalid_character", // a character the format never contains (dot, tab, full-width digit, ...)
  "invalid_format", // the characters are allowed but their arrangement is not
  "invalid_separator", // separators in the wrong place or of the wrong kind
  "not_integer",
  "out_of_range",
  "presentation_form", // (with `wireForm`) a value as people type it where the API takes its wire form (`params.wireForm`)
  // Identifiers
  "invalid_checksum", // a check digit or MOD 97-10 remainder is wrong
  "invalid_national_checksum", // the BBAN's own national check digits are wrong
  "unknown_country", // not an assigned ISO 3166-1 alpha-2 code
  "unsupported_country", // a real country that the format (e.g. the IBAN registry) does not cover
  "country_mismatch", // the routing type fixes a country and this is another one
  "invalid_prefix", // a reserved or unassigned leading range (ABA Federal Reserve ranges, ...)
  "unknown_bank", // a bank or branch code the scheme does not allocate
  // Request rules
  "conflict", // fields that exclude each other, or a combination the rules forbid
  "pattern_mismatch", // a value does not match a server-supplied RegEx rule
  "invalid_rule", // a server-supplied RegEx rule is itself invalid or unsafe to run
  "internal_error", // a bug in this package, reported as data instead of thrown
] as const;

export type IssueCode = (typeof issueCodes)[number];
