/**
 * `make consumer` (part of `make test`): a project of its own compiles against the packed packages.
 *
 * Packs @account-funds/validators and @account-funds/client (their built dist/: run `make build` first) into a
 * temporary directory, creates a consumer project there from fixture/ (package.json from package.template.json,
 * the tsconfigs, consumer.ts, consumer-node.ts, smoke.mjs), installs the tarballs (see install.ts) and runs the
 * consumer's own `tsc --noEmit -p` for every configuration:
 *   nodenext  Node ESM, `moduleResolution: nodenext`, both entries and the JSON spec
 *   bundler   `moduleResolution: bundler` (+ @types/node), both entries and the JSON spec
 *   browser   `moduleResolution: bundler`, DOM and no @types/node: the main entry alone must compile
 * skipLibCheck is off everywhere, so the package's .d.ts files are checked too. Then smoke.mjs runs with Node: both
 * entries load from the tarball, and a call with response validation on works. Last, forms.ts is compiled
 * (tsconfig.forms.json) and run against a sandbox started from this repository (sandbox/dist, a child process):
 * eight presentation-form beneficiaries validated with the packed validators, each `result.value` sent with the
 * packed client, no cast, all 201.
 *
 * The temporary directory is removed at the end (KEEP_CONSUMER=1 keeps it; CONSUMER_INSTALL=link skips npm
 * install, see install.ts). Prints one PASS/FAIL line per check and "consumer: N passed, N failed"; exit 0 when
 * everything passed.
 */
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { installDependencies } from "./install.js";

const repository = fileURLToPath(new URL("../../", import.meta.url));
const fixture = fileURLToPath(new URL("./fixture/", import.meta.url));
const configurations = ["nodenext", "bundler", "browser"] as const;
const packages = { validators: "@account-funds/validators", client: "@account-funds/client" } as const;

const log = (line: string): void => void process.stdout.write(`[consumer] ${line}\n`);

function run(command: string, args: readonly string[], cwd: string): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 240_000 });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`.trim() };
}

function installedVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(join(repository, "node_modules", name, "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

/** npm pack of both workspaces; their dist/ must be built. Returns unscoped name → tarball path. */
function pack(destination: string): Record<keyof typeof packages, string> {
  const workspaces = Object.values(packages).flatMap((name) => ["--workspace", name]);
  const packed = run("npm", ["pack", "--json", "--loglevel=error", ...workspaces, "--pack-destination", destination], repository);
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
    .replaceAll("{{typescriptVersion}}", installedVersion("typescript"))
    .replaceAll("{{typesNodeVersion}}", installedVersion("@types/node"));
  writeFileSync(join(directory, "package.json"), manifest);
  for (const file of readdirSync(fixture)) {
    if (file !== "package.template.json") copyFileSync(join(fixture, file), join(directory, file));
  }
}

/** Starts the repository's sandbox (built) on a free port; resolves with its URL and a way to stop it. */
function startSandbox(): Promise<{ readonly url: string; readonly stop: () => void }> {
  const child = spawn(process.execPath, [join(repository, "sandbox/dist/cli.js"), "--port", "0", "--no-tls", "--validate-responses"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = () => void child.kill();
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => (stop(), reject(new Error(`the sandbox did not start:\n${output}`))), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
      if (url !== undefined) (clearTimeout(timer), resolve({ url, stop }));
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
    return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`.trim() };
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
    log(`packed ${Object.values(tarballs).map((path) => path.slice(tarballDirectory.length + 1)).join(", ")}`);
    createProject(project, tarballs);
    const strategy = installDependencies({
      projectDirectory: project,
      tarballs,
      repositoryNodeModules: join(repository, "node_modules"),
      log,
    });
    const installedClient = realpathSync(join(project, "node_modules", packages.client));
    if (!installedClient.startsWith(realpathSync(root))) throw new Error(`${packages.client} resolves to ${installedClient}, not the tarball`);
    log(`installed with ${strategy} (typescript ${installedVersion("typescript")}, @types/node ${installedVersion("@types/node")})`);

    const tsc = join(project, "node_modules", "typescript", "bin", "tsc");
    let failed = 0;
    for (const configuration of configurations) {
      const result = run(process.execPath, [tsc, "--noEmit", "-p", `tsconfig.${configuration}.json`], project);
      log(`${result.ok ? "PASS" : "FAIL"} tsc -p tsconfig.${configuration}.json`);
      if (!result.ok) {
        failed += 1;
        process.stdout.write(`${result.output}\n`);
      }
    }
    const smoke = run(process.execPath, ["smoke.mjs"], project);
    log(`${smoke.ok ? "PASS" : "FAIL"} node smoke.mjs (the entries load and a validated call works)`);
    if (!smoke.ok) {
      failed += 1;
      process.stdout.write(`${smoke.output}\n`);
    }
    const forms = await runForms(project, tsc);
    log(`${forms.ok ? "PASS" : "FAIL"} forms.ts (8 presentation-form beneficiaries validated, each value sent to the sandbox: 201)`);
    if (!forms.ok) failed += 1;
    process.stdout.write(`${forms.output}\n`);
    process.stdout.write(`consumer: ${configurations.length + 2 - failed} passed, ${failed} failed\n`);
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
