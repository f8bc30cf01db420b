/** How the generator names a file in messages: relative to the working directory, with forward slashes. */
import { isAbsolute, relative, sep } from "node:path";

export function displayPath(absolutePath: string, base: string = process.cwd()): string {
  if (!isAbsolute(absolutePath)) return absolutePath.split(sep).join("/");
  const path = relative(base, absolutePath);
  return (path === "" ? "." : path).split(sep).join("/");
}
