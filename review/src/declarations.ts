/**
 * The declarations (.d.ts) of a generated client, built as `make build` builds them (its tsconfig.build.json),
 * declarations only, by TypeScript 7 (src/paths.ts): the API report reads them, and the consumer check compiles
 * BASE's tests against them, as a consumer of the published package would.
 */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { exec } from "./exec.js";
import { nativeTsc } from "./paths.js";

export type DeclarationsResult =
  | { readonly ok: true; readonly distDirectory: string; readonly millis: number; readonly typeErrors: string }
  | { readonly ok: false; readonly message: string };

export async function buildDeclarations(generatedDirectory: string): Promise<DeclarationsResult> {
  const result = await exec(
    nativeTsc(),
    ["-p", join(generatedDirectory, "tsconfig.build.json"), "--emitDeclarationOnly", "--pretty", "false"],
    {
      cwd: generatedDirectory,
      timeoutMillis: 10 * 60_000,
    },
  );
  const distDirectory = join(generatedDirectory, "dist");
  // tsc writes declarations despite type errors; those errors are the generator's to fix, and worth showing.
  const built = await access(join(distDirectory, "index.d.ts")).then(
    () => true,
    () => false,
  );
  if (!built)
    return {
      ok: false,
      message: `tsc could not build the client's declarations: ${(result.stdout + result.stderr).trim().slice(0, 4000)}`,
    };
  return { ok: true, distDirectory, millis: result.millis, typeErrors: result.code === 0 ? "" : result.stdout.trim() };
}
