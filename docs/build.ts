/**
 * `make docs`: the HTML reference of the API, one self-contained page built by Redocly CLI's `build-docs` from the
 * bundled spec (generated/openapi.json, the generator's output) into docs/dist/index.html, which is not committed.
 *
 * The page opens offline: `--inlineBundle` puts Redoc's scripts into the page instead of loading them from
 * Redocly's CDN, and docs/template.hbs (build-docs' own template plus a Content-Security-Policy) lets the page
 * load nothing from elsewhere. After the build, `offlineProblems` checks both, and the build fails when either is
 * missing (a Redocly upgrade that changes the template, say). test/docs/ opens the page in Chromium.
 *
 * Usage: tsx docs/build.ts [--spec generated/openapi.json] [--output docs/dist/index.html]
 */
import { execFile } from "node:child_process";
import { mkdir, readFile, stat } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const repositoryRoot = fileURLToPath(new URL("../", import.meta.url));
export const defaultSpecPath = resolve(repositoryRoot, "generated/openapi.json");
export const defaultOutputPath = resolve(repositoryRoot, "docs/dist/index.html");
const templatePath = resolve(repositoryRoot, "docs/template.hbs");
const redocly = resolve(repositoryRoot, "node_modules/.bin/redocly");

export interface BuildDocsOptions {
  /** The bundled spec; default generated/openapi.json. */
  readonly spec?: string;
  /** The page to write; default docs/dist/index.html. */
  readonly output?: string;
}

export interface BuiltDocs {
  readonly path: string;
  readonly bytes: number;
}

export async function buildDocs(options: BuildDocsOptions = {}): Promise<BuiltDocs> {
  const spec = resolve(options.spec ?? defaultSpecPath);
  const output = resolve(options.output ?? defaultOutputPath);
  await mkdir(dirname(output), { recursive: true });
  const args = ["build-docs", spec, "--inlineBundle", "--template", templatePath, "--output", output];
  try {
    await promisify(execFile)(redocly, args, {
      cwd: repositoryRoot,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (thrown) {
    const { stdout = "", stderr = "" } = thrown as { stdout?: string; stderr?: string };
    throw new Error(`redocly build-docs failed:\n${stdout}${stderr}`.trimEnd(), { cause: thrown });
  }
  const problems = offlineProblems(await readFile(output, "utf8"));
  if (problems.length > 0)
    throw new Error(
      `${relative(repositoryRoot, output)} would not work offline:\n${problems.map((problem) => `  ${problem}`).join("\n")}`,
    );
  return { path: output, bytes: (await stat(output)).size };
}

/** Why a built page would load something from elsewhere when viewed; empty when it is self-contained. */
export function offlineProblems(html: string): string[] {
  const problems: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    if (/\ssrc\s*=/i.test(tag)) problems.push(`a script is loaded from elsewhere: ${tag}`);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (/\shref\s*=\s*["']?(https?:)?\/\//i.test(tag)) problems.push(`a resource is linked from elsewhere: ${tag}`);
  }
  const policy = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html)?.[1];
  if (policy === undefined) problems.push("the Content-Security-Policy of docs/template.hbs is missing");
  else if (!/(^|;)\s*default-src 'none'/.test(policy) || /https?:|\*/.test(policy))
    problems.push(`the Content-Security-Policy allows other origins: ${policy}`);
  return problems;
}

function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const spec = option(args, "--spec");
  const output = option(args, "--output");
  buildDocs({ ...(spec === undefined ? {} : { spec }), ...(output === undefined ? {} : { output }) }).then(
    (built) =>
      console.log(`${relative(process.cwd(), built.path)}: ${Math.ceil(built.bytes / 1024)} KiB, opens offline`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
