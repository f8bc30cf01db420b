/**
 * What every error source is read into: a message at a path, with the source's machine code where it has one.
 * The readers take what they are given as `unknown` and check each property's type before they use it.
 */
import type { PathSegment } from "../core/issue.js";

export interface LocatedMessage {
  readonly path: readonly PathSegment[];
  readonly message: string;
  readonly code?: string;
}

export type Readable = Readonly<Record<string, unknown>>;

export function isReadable(value: unknown): value is Readable {
  return typeof value === "object" && value !== null;
}

/** A string property, or `undefined`. */
export function text(value: Readable, key: string): string | undefined {
  const found = value[key];
  return typeof found === "string" ? found : undefined;
}

export function located(path: readonly PathSegment[], message: string, code: string | undefined): LocatedMessage {
  return code === undefined ? { path, message } : { path, message, code };
}
