/**
 * vitest's global setup (vitest.config.ts): brings the built packages up to date before any test runs, by asking
 * make for them (`make build`, which does nothing when no source changed). Tests import the packages' sources
 * (vitest.config.ts maps each export to its source module), but the processes they start run the builds: the
 * sandbox's command line (sandbox/dist), the packed tarballs, the examples and the README snippets. So a fix in
 * `validators/src` is what every test sees, with `npx vitest run` as with `make test`.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repository = fileURLToPath(new URL("../../", import.meta.url));

export function setup(): void {
  // A make started by a make (`make test` runs vitest) must not read its parent's job server or flags.
  const { MAKEFLAGS: _flags, MFLAGS: _mflags, MAKELEVEL: _level, ...environment } = process.env;
  const make = ["make", "--no-print-directory", "--silent", "build"];
  const options = { cwd: repository, encoding: "utf8", env: environment, timeout: 10 * 60_000 } as const;
  // Two vitest runs at once (the other Node lines of `make test`, or two terminals) build one after the other, not
  // into the same dist/ at the same time: flock(1) of util-linux, where it is installed.
  let result = spawnSync("flock", [join(repository, "node_modules/.account-funds-build.lock"), ...make], options);
  if (result.error !== undefined && (result.error as NodeJS.ErrnoException).code === "ENOENT")
    result = spawnSync(make[0]!, make.slice(1), options);
  if (result.status !== 0)
    throw new Error(
      `make build failed before the tests (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}${result.error ?? ""}`,
    );
}
