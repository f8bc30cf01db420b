/**
 * `make consumer` (part of `make test`, and of `make test-node` on each Node line): a project of its own compiles
 * against the packed packages and runs them.
 *
 * Packs @account-funds/validators and @account-funds/client (their built dist/: run `make build` first) into a
 * temporary directory, creates a consumer project there from fixture/ (package.json from package.template.json,
 * the tsconfigs, the consumer sources and the smoke scripts) and installs the tarballs (see install.ts), without
 * the client's optional peer undici. Then, with TypeScript 5.9 and with TypeScript 7 (the native compiler, as the
 * npm alias typescript-7), `tsc --noEmit -p` of every configuration:
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
 * skipLibCheck is off everywhere, so the package's .d.ts files are checked too. Node is the one running this
 * script, so `make test-node` runs the whole check on each Node line.
 *
 * The temporary directory is removed at the end (KEEP_CONSUMER=1 keeps it; CONSUMER_INSTALL=link skips npm
 * install, see install.ts). Prints one PASS/FAIL line per check and "consumer: N passed, N failed"; exit 0 when
 * everything passed.
 */
import { spawn, spawnSync } from "node:child_process";
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
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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

const log = (line: string): void => void process.stdout.write(`[consumer] ${line}\n`);

function run(command: string, args: readonly string[], cwd: string): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 240_000 });
  return {
    ok: result.status === 0,
    output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`.trim(),
  };
}

function versionOf(packageDirectory: string): string {
  const manifest = JSON.parse(readFileSync(join(packageDirectory, "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

const versionIn = (directory: string, name: string): string => versionOf(join(directory, "node_modules", name));

/** npm pack of both workspaces; their dist/ must be built. Returns unscoped name → tarball path. */
function pack(destination: string): Record<keyof typeof packages, string> {
  const workspaces = Object.values(packages).flatMap((name) => ["--workspace", name]);
  const packed = run(
    "npm",
    ["pack", "--json", "--loglevel=error", ...workspaces, "--pack-destination", destination],
    repository,
  );
  if (!packed.ok) throw new Error(`npm pack failed:\n${packed.output}`);
  const tarballs = readdirSync(destination).filter((file) => file.endsWith(".tgz"));
  const find = (name: string): string => {
    const file = tarballs.find((candidate) => candidate.startsWith(`${name.replace("@", "").replace("/", "-")}-`));
    if (file === undefined) throw new Error(`npm pack wrote no tarball for ${name} (found: ${tarballs.join(", ")})`);
    return join(destination, file);
  };
  return { validators: find(packages.validators), client: find(packages.client) };
}

function createProject(directory: string, tarballs: Record<keyof typeof packages, string>): void {
  const manifest = readFileSync(join(fixture, "package.template.json"), "utf8")
    .replaceAll("{{clientTarball}}", tarballs.client)
    .replaceAll("{{validatorsTarball}}", tarballs.validators)
    .replaceAll("{{typescriptVersion}}", versionIn(repository, "typescript"))
    .replaceAll("{{typescript7Version}}", versionOf(typescript7Directory))
    .replaceAll("{{typesNodeVersion}}", versionIn(repository, "@types/node"));
  writeFileSync(join(directory, "package.json"), manifest);
  for (const file of readdirSync(fixture)) {
    if (file !== "package.template.json") copyFileSync(join(fixture, file), join(directory, file));
  }
}

/** Runs the checks, printing PASS/FAIL lines; returns how many failed. */
function check(project: string, configurations: readonly string[], smoke: string, what: string): number {
  let failed = 0;
  const report = (ok: boolean, title: string, output: string): void => {
    log(`${ok ? "PASS" : "FAIL"} ${title}`);
    if (!ok) {
      failed += 1;
      process.stdout.write(`${output}\n`);
    }
  };
  for (const [compiler, name] of Object.entries(compilers)) {
    const tsc = join(project, "node_modules", name, "bin", "tsc");
    for (const configuration of configurations) {
      const result = run(process.execPath, [tsc, "--noEmit", "-p", `tsconfig.${configuration}.json`], project);
      report(result.ok, `${compiler}: tsc -p tsconfig.${configuration}.json`, result.output);
    }
  }
  const result = run(process.execPath, [smoke], project);
  report(result.ok, `node ${smoke} (${what})`, result.output);
  return failed;
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

/** forms.ts compiled with the consumer's options and run against a sandbox. */
async function runForms(project: string, tsc: string): Promise<{ ok: boolean; output: string }> {
  const compiled = run(process.execPath, [tsc, "-p", "tsconfig.forms.json"], project);
  if (!compiled.ok) return compiled;
  const sandbox = await startSandbox();
  try {
    const result = spawnSync(process.execPath, [join("forms-dist", "forms.js")], {
      cwd: project,
      encoding: "utf8",
      timeout: 120_000,
      env: { ...process.env, SANDBOX_URL: sandbox.url },
    });
    return {
      ok: result.status === 0,
      output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`.trim(),
    };
  } finally {
    sandbox.stop();
  }
}

async function main(): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), "account-funds-consumer-"));
  try {
    const tarballDirectory = join(root, "tarballs");
    const project = join(root, "project");
    for (const directory of [tarballDirectory, project]) mkdirSync(directory);

    const tarballs = pack(tarballDirectory);
    log(
      `packed ${Object.values(tarballs)
        .map((path) => path.slice(tarballDirectory.length + 1))
        .join(", ")}`,
    );
    createProject(project, tarballs);
    const input: InstallInput = {
      projectDirectory: project,
      tarballs,
      repositoryNodeModules: join(repository, "node_modules"),
      withheld: [optionalPeer],
      elsewhere: { "typescript-7": typescript7Directory },
      log,
    };
    const strategy = installDependencies(input);
    const installedClient = realpathSync(join(project, "node_modules", packages.client));
    if (!installedClient.startsWith(realpathSync(root)))
      throw new Error(`${packages.client} resolves to ${installedClient}, not the tarball`);
    const typescriptVersions = Object.values(compilers)
      .map((name) => versionIn(project, name))
      .join(" and ");
    log(
      `installed with ${strategy} on Node ${process.version} (typescript ${typescriptVersions}, @types/node ${versionIn(project, "@types/node")})`,
    );

    let checks = withoutPeer.length * Object.keys(compilers).length + 2;
    let failed = check(
      project,
      withoutPeer,
      "smoke.mjs",
      `without ${optionalPeer}: the main entry works, the /node entry says what to install`,
    );
    const forms = await runForms(project, join(project, "node_modules", compilers["TypeScript 5.9"], "bin", "tsc"));
    log(
      `${forms.ok ? "PASS" : "FAIL"} forms.ts (8 presentation-form beneficiaries validated, each value sent to the sandbox: 201)`,
    );
    if (!forms.ok) failed += 1;
    process.stdout.write(`${forms.output}\n`);

    const clientManifest = JSON.parse(readFileSync(join(installedClient, "package.json"), "utf8")) as {
      peerDependencies?: Record<string, string>;
    };
    const peerRange = clientManifest.peerDependencies?.[optionalPeer];
    if (peerRange === undefined) throw new Error(`${packages.client} declares no peer dependency on ${optionalPeer}`);
    addPackage(input, strategy, optionalPeer, peerRange);
    log(`installed ${optionalPeer}@${versionIn(project, optionalPeer)} (the client's peer range ${peerRange})`);
    checks += withPeer.length * Object.keys(compilers).length + 1;
    failed += check(
      project,
      withPeer,
      "smoke-node.mjs",
      `with ${optionalPeer}: the /node entry makes an mTLS dispatcher`,
    );

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
