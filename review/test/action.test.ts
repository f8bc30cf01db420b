/**
 * The GitHub Action (review/action.yml), its steps run as written: each step's `run` script under
 * `bash --noprofile --norc -eo pipefail` (what a composite action's `shell: bash` runs), with its `env` expressions
 * evaluated the way the runner does for the few contexts it uses (inputs and their defaults, github, runner, step
 * outputs), in a temporary git repository whose pull request changes a multi-file OpenAPI 3.0 spec into a 3.1 one
 * with a breaking change. GitHub's API is a local server on an ephemeral port that records the comment.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repositoryRoot } from "../src/paths.js";

interface Step {
  readonly name: string;
  readonly id?: string;
  readonly shell: string;
  readonly env?: Record<string, string>;
  readonly run: string;
}

interface Action {
  readonly inputs: Record<string, { readonly default?: string; readonly required?: boolean }>;
  readonly runs: { readonly using: string; readonly steps: readonly Step[] };
}

const action = parse(readFileSync(join(repositoryRoot, "review", "action.yml"), "utf8")) as Action;

const work = mkdtempSync(join(tmpdir(), "review-action-"));
const workspace = join(work, "repository");
const runnerTemp = join(work, "runner-temp");
afterAll(() => rmSync(work, { recursive: true, force: true }));

const git = (...args: string[]): string =>
  execFileSync("git", args, {
    cwd: workspace,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@t",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@t",
    },
  }).trim();

function writeSpec(version: "3.0.3" | "3.1.0", required: readonly string[]): void {
  mkdirSync(join(workspace, "api", "schemas"), { recursive: true });
  writeFileSync(
    join(workspace, "api", "openapi.yaml"),
    [
      `openapi: ${version}`,
      "info: { title: Pets, version: '1' }",
      "paths:",
      "  /pets:",
      "    post:",
      "      operationId: createPet",
      "      requestBody:",
      "        required: true",
      "        content:",
      "          application/json:",
      "            schema: { $ref: 'schemas/Pet.yaml' }",
      "      responses:",
      "        '201': { description: Created. }",
      "",
    ].join("\n"),
  );
  writeFileSync(
    join(workspace, "api", "schemas", "Pet.yaml"),
    [
      "type: object",
      `required: [${required.join(", ")}]`,
      "properties:",
      "  name: { type: string }",
      // nullable in 3.0, a type list in 3.1: the same schema once the loader has upgraded the 3.0 side.
      version === "3.0.3" ? "  tag: { type: string, nullable: true }" : "  tag: { type: [string, 'null'] }",
      "",
    ].join("\n"),
  );
}

let baseSha = "";
let server: Server;
const requests: { method: string; url: string; body: string }[] = [];

beforeAll(async () => {
  mkdirSync(workspace, { recursive: true });
  mkdirSync(runnerTemp, { recursive: true });
  git("init", "-q", "-b", "main");
  writeSpec("3.0.3", ["name"]);
  git("add", "-A");
  git("commit", "-qm", "base");
  baseSha = git("rev-parse", "HEAD");
  writeSpec("3.1.0", ["name", "tag"]);
  git("add", "-A");
  git("commit", "-qm", "a pull request: tag becomes required, the spec moves to 3.1");
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      requests.push({ method: request.method ?? "", url: request.url ?? "", body });
      response.setHeader("content-type", "application/json");
      response.end(request.method === "GET" ? "[]" : JSON.stringify({ id: 1 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** `${{ inputs.x }}`, `${{ github.x.y }}`, `${{ runner.temp }}`, `${{ steps.id.outputs.x }}`; anything else fails the test. */
function evaluate(text: string, contexts: Record<string, unknown>): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_match, path: string) => {
    let value: unknown = contexts;
    for (const key of path.split(".")) value = (value as Record<string, unknown> | undefined)?.[key];
    if (value === undefined) throw new Error(`the test does not know the expression ${path}`);
    return String(value);
  });
}

interface StepRun {
  readonly name: string;
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a step's script; asynchronously, so the local GitHub API in this process can answer it. */
function runScript(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], { cwd: workspace, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

async function runAction(inputs: Record<string, string>): Promise<{ runs: StepRun[]; summary: string }> {
  const event = join(work, "event.json");
  writeFileSync(event, JSON.stringify({ pull_request: { number: 7, base: { sha: baseSha } } }));
  const summary = join(work, `summary-${Math.random().toString(36).slice(2)}.md`);
  writeFileSync(summary, "");
  const github = {
    action_path: join(repositoryRoot, "review"),
    token: "test-token",
    event: { pull_request: { base: { sha: baseSha }, number: 7 } },
  };
  const runner = { temp: runnerTemp };
  const resolvedInputs: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs))
    resolvedInputs[name] = inputs[name] ?? evaluate(input.default ?? "", { github, runner });
  const steps: Record<string, { outputs: Record<string, string> }> = {};
  const runs: StepRun[] = [];
  for (const step of action.runs.steps) {
    expect(step.shell).toBe("bash");
    const output = join(work, `output-${runs.length}`);
    writeFileSync(output, "");
    const env: Record<string, string> = {
      PATH: process.env["PATH"] ?? "",
      HOME: process.env["HOME"] ?? work,
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_EVENT_PATH: event,
      GITHUB_REPOSITORY: "owner/pets",
      GITHUB_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    };
    for (const [key, value] of Object.entries(step.env ?? {}))
      env[key] = evaluate(value, { inputs: resolvedInputs, github, runner, steps });
    const result = await runScript(step.run, env);
    runs.push({ name: step.name, ...result });
    if (step.id !== undefined) {
      const outputs = Object.fromEntries(
        readFileSync(output, "utf8")
          .split("\n")
          .filter((line) => line.includes("="))
          .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
      );
      steps[step.id] = { outputs };
    }
    // A composite action stops at the first step that fails.
    if (result.code !== 0) break;
  }
  return { runs, summary: readFileSync(summary, "utf8") };
}

describe("the GitHub Action", () => {
  it("is a composite action of shell steps whose inputs come through env", () => {
    expect(action.runs.using).toBe("composite");
    for (const step of action.runs.steps) expect(step.run, step.name).not.toContain("${{");
  });

  it("reviews a pull request: annotations, the job summary, a comment, and a failing outcome", async () => {
    const { runs, summary } = await runAction({ spec: "api/openapi.yaml" });
    expect(runs.map((run) => [run.name, run.code])).toEqual([
      ["Install the review", 0],
      ["The spec at the base", 0],
      ["Review", 0],
      ["Comment on the pull request", 0],
      ["Outcome", 1],
    ]);
    const review = runs[2];
    expect(review?.stdout).toContain("review: breaking (exit 1)");
    // The annotation is on the file and line a person edits.
    expect(review?.stdout).toMatch(
      /::error file=api\/schemas\/Pet\.yaml,line=2,title=required-properties-added \(breaking\)::/,
    );
    expect(summary).toContain("### Breaking changes");
    expect(summary).toContain("`tag`");
    const posted = requests.find((request) => request.method === "POST");
    expect(posted?.url).toBe("/repos/owner/pets/issues/7/comments");
    const body = (JSON.parse(posted?.body ?? "{}") as { body: string }).body;
    expect(body.startsWith("<!-- account-funds-review: api/openapi.yaml -->")).toBe(true);
    expect(body).toContain("required-properties-added");
    expect(body).toContain("The base document is OpenAPI 3.0: it was upgraded to 3.1");
  });

  it("passes with fail-on-breaking false, and posts no comment when told not to", async () => {
    requests.length = 0;
    const { runs } = await runAction({ spec: "api/openapi.yaml", "fail-on-breaking": "false", comment: "false" });
    expect(runs.map((run) => run.code)).toEqual([0, 0, 0, 0, 0]);
    expect(runs[3]?.stdout).toContain("comment: off");
    expect(requests).toEqual([]);
  });

  it("fails with exit 2 when the spec cannot be read", async () => {
    const { runs } = await runAction({ spec: "api/missing.yaml", comment: "false" });
    expect(runs.at(-1)?.name).toBe("Outcome");
    expect(runs.at(-1)?.code).toBe(2);
    expect(runs[2]?.stdout).toContain("review: error (exit 2)");
  });
});
