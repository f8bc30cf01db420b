/**
 * The command line's limit options (`--max-connections 1000`, ...), one per field of `SandboxLimits`: their
 * `parseArgs` declarations, their lines of the usage text (with the defaults), and the limits they give.
 */
import { DEFAULT_LIMITS, type SandboxLimits } from "./foundation/http/limits.js";

const LIMIT_FLAGS = {
  "max-connections": {
    field: "maxConnections",
    unit: "n",
    what: "concurrent connections per server; one more gets 503",
  },
  "headers-timeout": { field: "headersTimeoutMs", unit: "ms", what: "time to send the request headers; 408 after it" },
  "request-timeout": { field: "requestTimeoutMs", unit: "ms", what: "time to send the whole request; 408 after it" },
  "body-idle-timeout": {
    field: "bodyIdleTimeoutMs",
    unit: "ms",
    what: "longest pause inside a request body; 408 after it",
  },
  "max-header-size": { field: "maxHeaderBytes", unit: "bytes", what: "request line and headers; 431 beyond" },
  "max-body-size": { field: "maxBodyBytes", unit: "bytes", what: "request body of an API operation; 413 beyond" },
  "max-multipart-parts": { field: "maxMultipartParts", unit: "n", what: "parts of a multipart body; 413 beyond" },
  "max-json-depth": { field: "maxJsonDepth", unit: "n", what: "nesting of a JSON body; 413 beyond" },
  "max-json-members": {
    field: "maxJsonMembers",
    unit: "n",
    what: "object members and array elements of a JSON body; 413 beyond",
  },
  "max-large-bodies": { field: "maxLargeBodies", unit: "n", what: "large bodies read at once; one more gets 503" },
  "large-body-size": { field: "largeBodyBytes", unit: "bytes", what: "what counts as a large body" },
} as const satisfies Record<string, { field: keyof SandboxLimits; unit: string; what: string }>;

type LimitFlag = keyof typeof LIMIT_FLAGS;
const flags = Object.keys(LIMIT_FLAGS) as LimitFlag[];

/** The `parseArgs` option declarations of the limit flags. */
export const limitArgOptions = Object.fromEntries(flags.map((flag) => [flag, { type: "string" }])) as Record<
  LimitFlag,
  { readonly type: "string" }
>;

/** Usage lines, aligned like the others: `  --max-connections <n>   ... (default 1000)`. */
export function limitUsage(width: number): string {
  return flags
    .map((flag) => {
      const { field, unit, what } = LIMIT_FLAGS[flag];
      return `  ${`--${flag} <${unit}>`.padEnd(width)} ${what} (default ${DEFAULT_LIMITS[field]})\n`;
    })
    .join("");
}

/** The limits the given flags set; an error message for a value that is not a positive integer. */
export function limitsOf(values: Partial<Record<LimitFlag, string>>): Partial<SandboxLimits> | string {
  const limits: Partial<Record<keyof SandboxLimits, number>> = {};
  for (const flag of flags) {
    const text = values[flag];
    if (text === undefined) continue;
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1)
      return `--${flag} must be a positive integer, got ${JSON.stringify(text)}`;
    limits[LIMIT_FLAGS[flag].field] = value;
  }
  return limits;
}
