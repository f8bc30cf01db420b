/**
 * `make consumer` (part of `make test`), and its entry points on each Node line (`make test-node`): a project of its
 * own installs the packed packages, compiles against them and runs them.
 *
 * The tarballs of @account-funds/validators and @account-funds/client: `--tarballs <dir>`, the folder `make pack`
 * packs them into once per run (test-results/tarballs); without it, they are packed here into a temporary directory
 * (their built dist/: run `make build` first). A consumer project is created there from fixture/ (package.json from
 * package.template.json, the tsconfigs, the consumer sources and the smoke scripts) and installs the tarballs (see
 * install.ts), without the client's optional peer undici. Then, with TypeScript 5.9 and with TypeScript 7 (the
 * native compiler, as the npm alias typescript-7), a type check of every configuration (all of them in one
 * `tsc -b` per compiler; each gets its own PASS or FAIL):
 *   nodenext  Node ESM, `moduleResolution: nodenext`
 *   bundler   `moduleResolution: bundler` (+ @types/node)
 *   browser   `moduleResolution: bundler`, DOM and no @types/node
 * and `node smoke.mjs`: the main entry loads and a call with response validation on works, and the Node-only entry
 * (`@account-funds/client/node`) fails with an error that says to install undici. Then undici is installed at the
 * range the client's peerDependencies declare, and node-nodenext and node-bundler (the same configurations with
 * the Node-only entry and the JSON spec) compile with both compilers, and `node smoke-node.mjs` makes a dispatcher.
 * Still without undici, forms.ts is compiled (tsconfig.forms.json) and run against a sandbox started from this
 * repository (sandbox/dist, a child process): eight presentation-form beneficiaries validated with the packed
 * validators, each `result.value` sent with the packed client, no cast, all 201.
 * skipLibCheck is off everywhere, so the package's .d.ts files are checked too. The two compilers run side by side,
 * beside smoke.mjs and forms.ts; the lines are printed in a fixed order.
 *
 * `--entry-points` (`make test-node`, on each Node line): only what depends on the Node that runs this script:
 * the install (npm checks the packages' engines against it), smoke.mjs, forms.ts against a sandbox on that Node,
 * then, with undici, smoke-node.mjs. The type checks are the same on every Node, so they run once, in
 * `make consumer`; here the project installs no compiler, and forms.ts is only transpiled (TypeScript 7 of the
 * repository, --noCheck) to be run.
 *
 * The temporary directory is removed at the end (KEEP_CONSUMER=1 keeps it; CONSUMER_INSTALL=link skips npm
 * install, see install.ts). Prints one PASS/FAIL line per check and "consumer: N passed, N failed"; exit 0 when
 * everything passed.
 */
import { execFile, spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { addPackage, installDependencies, type InstallInput } from "./install.js";

const repository = fileURLToPath(new URL("../../", import.meta.url));
const fixture = fileURLToPath(new URL("./fixture/", import.meta.url));
const packages = { validators: "@account-funds/validators", client: "@account-funds/client" } as const;
/** The client's optional peer, needed by @account-funds/client/node only. */
const optionalPeer = "undici";
/** Each compiler by the package that installs it in the consumer project (both have a bin named tsc). */
const compilers = { "TypeScript 5.9": "typescript", "TypeScript 7": "typescript-7" } as const;
const withoutPeer = ["nodenext", "bundler", "browser"] as const;
const withPeer = ["node-nodenext", "node-bundler"] as const;
/** TypeScript 7 in the repository: the workspace tools/typescript-7 installs it there (see the root README). */
const typescript7Directory = join(repository, "tools/typescript-7/node_modules/typescript");
/** Compilers run side by side, two at once (a 5.9 run is one busy thread, up to half a GB; the machines have 2 cores). */
const parallelCompiles = 2;

const { values: options } = parseArgs({
  options: { tarballs: { type: "string" }, "entry-points": { type: "boolean", default: false } },
});
const entryPointsOnly = options["entry-points"];

const log = (line: string): void => void process.stdout.write(`[consumer] ${line}\n`);

interface Outcome {
  readonly ok: boolean;
  readonly output: string;
}

function run(command: string, args: readonly string[], cwd: string): Outcome {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 240_000 });
  return {
    ok: result.status === 0,
    output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`.trim(),
  };
}

function runAsync(
  command: string,
  args: readonly string[],
  cwd: string,
  environment: Readonly<Record<string, string>> = {},
): Promise<Outcome> {
  const settings = {
    cwd,
    encoding: "utf8",
    timeout: 240_000,
    maxBuffer: 64 << 20,
    env: { ...process.env, ...environment },
  };
  return new Promise((resolve) =>
    execFile(command, args, settings, (error, stdout, stderr) =>
      resolve({
        ok: error === null,
        output: `${stdout}${stderr}${error !== null && stdout === "" && stderr === "" ? String(error) : ""}`.trim(),
      }),
    ),
  );
}

/** Runs `tasks` at most `limit` at a time; the outcomes in the tasks' order. */
async function inParallel<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const outcomes: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < tasks.length; index = next++) outcomes[index] = await tasks[index]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return outcomes;
}

function versionOf(packageDirectory: string): string {
  const manifest = JSON.parse(readFileSync(join(packageDirectory, "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

const versionIn = (directory: string, name: string): string => versionOf(join(directory, "node_modules", name));

/** The tarball of each package in `directory`. */
function tarballsIn(directory: string): Record<keyof typeof packages, string> {
  const tarballs = readdirSync(directory).filter((file) => file.endsWith(".tgz"));
  const find = (name: string): string => {
    const file = tarballs.find((candidate) => candidate.startsWith(`${name.replace("@", "").replace("/", "-")}-`));
    if (file === undefined) throw new Error(`no tarball of ${name} in ${directory} (found: ${tarballs.join(", ")})`);
    return join(directory, file);
  };
  return { validators: find(packages.validators), client: find(packages.client) };
}

/** npm pack of both workspaces; their dist/ must be built. Returns unscoped name → tarball path. */
function pack(destination: string): Record<keyof typeof packages, string> {
  const workspaces = Object.values(packages).flatMap((name) => ["--workspace", name]);
  const packed = run(
    "npm",
    ["pack", "--json", "--loglevel=error", ...workspaces, "--pack-destination", destination],
    repository,
  );
  if (!packed.ok) throw new Error(`npm pack failed:\n${packed.output}`);
  return tarballsIn(destination);
}

function createProject(directory: string, tarballs: Record<keyof typeof packages, string>): void {
  const text = readFileSync(join(fixture, "package.template.json"), "utf8")
    .replaceAll("{{clientTarball}}", tarballs.client)
    .replaceAll("{{validatorsTarball}}", tarballs.validators)
    .replaceAll("{{typescriptVersion}}", versionIn(repository, "typescript"))
    .replaceAll("{{typescript7Version}}", versionOf(typescript7Directory))
    .replaceAll("{{typesNodeVersion}}", versionIn(repository, "@types/node"));
  const manifest = JSON.parse(text) as { devDependencies: Record<string, string> };
  // The entry points only: no compiler to install (forms.ts is transpiled by the repository's TypeScript 7).
  if (entryPointsOnly) for (const name of Object.values(compilers)) delete manifest.devDependencies[name];
  writeFileSync(join(directory, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const file of readdirSync(fixture)) {
    if (file !== "package.template.json") copyFileSync(join(fixture, file), join(directory, file));
  }
}

/** Prints PASS/FAIL lines for a check's outcome (the output of a failure after it); returns 1 for a failure. */
function report(outcome: Outcome, title: string, showOutput = false): number {
  log(`${outcome.ok ? "PASS" : "FAIL"} ${title}`);
  if (!outcome.ok || showOutput) process.stdout.write(`${outcome.output}\n`);
  return outcome.ok ? 0 : 1;
}

/**
 * Each configuration type-checked by each compiler: one `tsc -b --verbose` per compiler over all of them (one
 * process reads the declarations they share once: 40% less CPU for 5.9 than a process per configuration), the two
 * compilers side by side. Every configuration still gets its own PASS or FAIL: build mode prints "Building project
 * '<path>'" before each one's diagnostics. Returns how many failed.
 */
async function typeCheck(project: string, configurations: readonly string[]): Promise<number> {
  const files = configurations.map((configuration) => `tsconfig.${configuration}.json`);
  const runs = await inParallel(
    Object.values(compilers).map(
      (name) => () =>
        runAsync(
          process.execPath,
          [join(project, "node_modules", name, "bin", "tsc"), "-b", "--verbose", ...files],
          project,
        ),
    ),
    parallelCompiles,
  );
  let failed = 0;
  for (const [index, compiler] of Object.keys(compilers).entries()) {
    const run = runs[index]!;
    const segments = perProject(run.output, files);
    for (const file of files) {
      const segment = segments.get(file);
      // A run that failed without saying where (a crash, an unreadable config) fails every configuration.
      const outcome =
        segment === undefined
          ? { ok: false, output: run.output }
          : { ok: !/error TS\d+/.test(segment) && (run.ok || segments.size > 0), output: segment.trim() };
      failed += report(outcome, `${compiler}: tsc -p ${file}`);
    }
  }
  return failed;
}

/** The output of `tsc -b --verbose` cut into each project's part: from its "Building project" line to the next. */
function perProject(output: string, files: readonly string[]): Map<string, string> {
  const parts = new Map<string, string>();
  const starts = [...output.matchAll(/^.*Building project '([^']+)'.*$/gm)];
  for (const [index, start] of starts.entries()) {
    const file = files.find((candidate) => start[1] === candidate || start[1]!.endsWith(`/${candidate}`));
    if (file === undefined) continue;
    parts.set(file, output.slice(start.index! + start[0].length, starts[index + 1]?.index ?? output.length));
  }
  return parts;
}

/** Starts the repository's sandbox (built) on a free port; resolves with its URL and a way to stop it. */
function startSandbox(): Promise<{ readonly url: string; readonly stop: () => void }> {
  const child = spawn(
    process.execPath,
    [join(repository, "sandbox/dist/cli.js"), "--port", "0", "--no-tls", "--validate-responses"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const stop = () => void child.kill();
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => (stop(), reject(new Error(`the sandbox did not start:\n${output}`))), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
      if (url !== undefined) {
        clearTimeout(timer);
        resolve({ url, stop });
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => (clearTimeout(timer), reject(new Error(`the sandbox exited (${code}):\n${output}`))));
  });
}

/**
 * forms.ts compiled with the consumer's options (by the project's TypeScript 5.9; with --entry-points only
 * transpiled, by the repository's TypeScript 7) and run against a sandbox.
 */
async function runForms(project: string): Promise<Outcome> {
  const compiled = entryPointsOnly
    ? await runAsync(
        process.execPath,
        [join(typescript7Directory, "bin", "tsc"), "-p", "tsconfig.forms.json", "--noCheck"],
        project,
      )
    : await runAsync(
        process.execPath,
        [join(project, "node_modules", compilers["TypeScript 5.9"], "bin", "tsc"), "-p", "tsconfig.forms.json"],
        project,
      );
  if (!compiled.ok) return compiled;
  const sandbox = await startSandbox();
  try {
    return await runAsync(process.execPath, [join("forms-dist", "forms.js")], project, { SANDBOX_URL: sandbox.url });
  } finally {
    sandbox.stop();
  }
}

async function main(): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), "account-funds-consumer-"));
  try {
    const project = join(root, "project");
    mkdirSync(project);
    let tarballs: Record<keyof typeof packages, string>;
    if (options.tarballs === undefined) {
      const tarballDirectory = join(root, "tarballs");
      mkdirSync(tarballDirectory);
      tarballs = pack(tarballDirectory);
      log(
        `packed ${Object.values(tarballs)
          .map((path) => path.slice(tarballDirectory.length + 1))
          .join(", ")}`,
      );
    } else {
      tarballs = tarballsIn(resolvePath(options.tarballs));
      log(`the tarballs of make pack: ${Object.values(tarballs).join(", ")}`);
    }
    createProject(project, tarballs);
    const input: InstallInput = {
      projectDirectory: project,
      tarballs,
      repositoryNodeModules: join(repository, "node_modules"),
      withheld: [optionalPeer],
      elsewhere: entryPointsOnly ? {} : { "typescript-7": typescript7Directory },
      log,
    };
    const strategy = installDependencies(input);
    const installedClient = realpathSync(join(project, "node_modules", packages.client));
    if (!installedClient.startsWith(realpathSync(root)))
      throw new Error(`${packages.client} resolves to ${installedClient}, not the tarball`);
    const installed = entryPointsOnly
      ? "the entry points only: no compiler"
      : `typescript ${Object.values(compilers)
          .map((name) => versionIn(project, name))
          .join(" and ")}, @types/node ${versionIn(project, "@types/node")}`;
    log(`installed with ${strategy} on Node ${process.version} (${installed})`);

    const typeChecks = entryPointsOnly ? 0 : Object.keys(compilers).length;
    let checks = withoutPeer.length * typeChecks + 2;
    const [failedTypes, smoke, forms] = await Promise.all([
      entryPointsOnly ? 0 : typeCheck(project, withoutPeer),
      runAsync(process.execPath, ["smoke.mjs"], project),
      runForms(project),
    ]);
    let failed =
      failedTypes +
      report(smoke, "node smoke.mjs (without undici: the main entry works, the /node entry says what to install)") +
      report(
        forms,
        "forms.ts (8 presentation-form beneficiaries validated, each value sent to the sandbox: 201)",
        true,
      );

    const clientManifest = JSON.parse(readFileSync(join(installedClient, "package.json"), "utf8")) as {
      peerDependencies?: Record<string, string>;
    };
    const peerRange = clientManifest.peerDependencies?.[optionalPeer];
    if (peerRange === undefined) throw new Error(`${packages.client} declares no peer dependency on ${optionalPeer}`);
    addPackage(input, strategy, optionalPeer, peerRange);
    log(`installed ${optionalPeer}@${versionIn(project, optionalPeer)} (the client's peer range ${peerRange})`);
    checks += withPeer.length * typeChecks + 1;
    const [failedNodeTypes, smokeNode] = await Promise.all([
      entryPointsOnly ? 0 : typeCheck(project, withPeer),
      runAsync(process.execPath, ["smoke-node.mjs"], project),
    ]);
    failed +=
      failedNodeTypes +
      report(smokeNode, "node smoke-node.mjs (with undici: the /node entry makes an mTLS dispatcher)");

    process.stdout.write(`consumer: ${checks - failed} passed, ${failed} failed\n`);
    return failed === 0 ? 0 : 1;
  } catch (error) {
    process.stdout.write(`consumer: FAIL ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    if (process.env["KEEP_CONSUMER"] === "1") log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

process.exitCode = await main();
