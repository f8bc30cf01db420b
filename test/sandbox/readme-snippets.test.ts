/**
 * The client README's snippets that call the API, run as written against an in-process sandbox, in README order:
 * listing and paging, a create read back by its id, errors by class, `withResponse`, the multipart upload, request
 * and response validation. Each snippet is the README's own text, transpiled and imported as a module; the only
 * substitutions are the module it imports (`@account-funds/client`, through a shim whose `createAccountFundsClient`
 * points at the sandbox and logs in as its demo user) and, for snippets that use the README's `client`, that
 * client; other packages they import are resolved from this workspace. Their ids are the sandbox seed's
 * (readme.ts, `sandboxValues`), so a snippet that fails against the sandbox fails here. The snippets are the ones
 * test/readme/ extracts for the compile test.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, type Sandbox } from "@account-funds/sandbox";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { extractSnippets } from "../readme/snippets.js";
import { DEMO_USER, clientFor, startTestSandbox, tokenFor } from "./support/sandbox-fixture.js";

const HOOK_TIMEOUT_MS = 60_000;
const readmeUrl = new URL("../../generated/README.md", import.meta.url);

/** What the shim's createAccountFundsClient puts in place of the README's settings: the sandbox, the demo user. */
interface SandboxSettings {
  readonly url: string;
  readonly token: () => Promise<string>;
}
declare global {
  var __readmeSandbox: SandboxSettings | undefined;
  var __readmeClient: unknown;
}

const shimSource = (clientEntry: string): string => `
import { createAccountFundsClient as create } from ${JSON.stringify(clientEntry)};
export * from ${JSON.stringify(clientEntry)};
export function createAccountFundsClient(options) {
  const sandbox = globalThis.__readmeSandbox;
  const auth = options.tokenProvider
    ? { tokenProvider: sandbox.token }
    : { credentials: { ...options.credentials, clientId: ${JSON.stringify(DEFAULT_CLIENT_ID)}, clientSecret: ${JSON.stringify(DEFAULT_CLIENT_SECRET)}, username: ${JSON.stringify(DEMO_USER.username)}, password: ${JSON.stringify(DEMO_USER.password)} } };
  return create({ ...options, baseUrl: sandbox.url, authUrl: sandbox.url, ...auth });
}
`;

interface Snippet {
  readonly heading: string;
  readonly source: string;
}

/** Each TypeScript block of the README with the `###` heading above it. */
function snippetsOf(readme: string): Snippet[] {
  const lines = readme.split("\n");
  return extractSnippets(readme, "generated/README.md").map((snippet) => ({
    heading:
      lines
        .slice(0, snippet.line)
        .reverse()
        .find((line) => line.startsWith("### "))
        ?.slice(4) ?? "",
    source: snippet.code,
  }));
}

const require = createRequire(import.meta.url);

/**
 * The module's imports made absolute: the client through the shim, other packages as this workspace resolves them.
 * This workspace's own packages stay bare: vitest resolves them for the snippet as for this file (to their sources,
 * vitest.config.ts), so the snippet's client classes and the test's are the same modules.
 */
function resolveImports(code: string): string {
  return code.replace(/(\bfrom |\bimport\()"([^"./][^"]*)"/g, (_match, keyword: string, specifier: string) => {
    if (specifier.startsWith("node:")) return `${keyword}"${specifier}"`;
    const target =
      specifier === "@account-funds/client"
        ? "./client-shim.mjs"
        : specifier.startsWith("@account-funds/")
          ? specifier
          : pathToFileURL(require.resolve(specifier)).href;
    return `${keyword}${JSON.stringify(target)}`;
  });
}

/** A snippet that awaits a call on a client: what this test runs. */
const callsTheApi = (snippet: Snippet): boolean =>
  /await \w+\.\w+\.\w+[.(]/.test(snippet.source) || /for await \(.* of \w+\.\w+\.\w+\.paginate\(/.test(snippet.source);

let sandbox: Sandbox;
let directory: string;
let snippets: Snippet[];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  directory = await mkdtemp(join(tmpdir(), "account-funds-readme-run-"));
  await writeFile(join(directory, "client-shim.mjs"), shimSource("@account-funds/client"));
  // The upload snippet reads proforma.pdf from the working directory.
  await writeFile(join(directory, "proforma.pdf"), "%PDF-1.7\n% a pro-forma invoice\n");
  globalThis.__readmeSandbox = { url: sandbox.url, token: () => tokenFor(sandbox) };
  globalThis.__readmeClient = clientFor(sandbox);
  snippets = snippetsOf(await readFile(readmeUrl, "utf8")).filter(callsTheApi);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await sandbox?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
  globalThis.__readmeSandbox = undefined;
  globalThis.__readmeClient = undefined;
}, HOOK_TIMEOUT_MS);

/** Runs one snippet as an ES module in the scratch directory (its working directory); returns what it logged. */
async function run(heading: string): Promise<{ logged: unknown[][]; errors: unknown[][] }> {
  const index = snippets.findIndex((candidate) => candidate.heading === heading);
  const snippet = snippets[index];
  if (snippet === undefined) throw new Error(`the README has no API-calling snippet under "### ${heading}"`);
  const prelude = /\bconst client = /.test(snippet.source) ? "" : "const client = globalThis.__readmeClient;\n";
  const { outputText } = ts.transpileModule(`${prelude}${snippet.source}\nexport {};\n`, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const file = join(directory, `snippet-${index}.mjs`);
  await writeFile(file, resolveImports(outputText));
  const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
  const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const cwd = process.cwd();
  process.chdir(directory);
  try {
    await import(pathToFileURL(file).href);
    return { logged: log.mock.calls, errors: error.mock.calls };
  } finally {
    process.chdir(cwd);
    log.mockRestore();
    error.mockRestore();
  }
}

describe("the client README's API-calling snippets, against the sandbox", () => {
  it("are the ones the README has", () => {
    expect(snippets.map((snippet) => snippet.heading)).toEqual([
      "List, filter and page",
      "Create an internal transfer",
      "Validate a form, then send `result.value`",
      "Handle errors by class",
      "Retries, redirects and limits",
      "Every declared status as a value: `withResponse`",
      "Upload files: multipart",
      "Validate requests and responses",
    ]);
  });

  it("List, filter and page: a selected, filtered page, then every entity of every page", async () => {
    const { logged, errors } = await run("List, filter and page");
    expect(errors).toEqual([]);
    const [count, value] = logged[0] ?? [];
    expect(count).toBeGreaterThan(0);
    expect(value).toEqual(expect.arrayContaining([expect.objectContaining({ CurrencyCode: "GBP" })]));
    for (const entity of value as Record<string, unknown>[]) expect(Object.keys(entity)).not.toContain("Available");
    expect(logged.length - 1).toBe(
      (await (globalThis.__readmeClient as ReturnType<typeof clientFor>).accounts.listBalances(1)).value.length,
    );
  });

  it("Create: a number id, its Location, and the transfer read back by that id", async () => {
    const { logged, errors } = await run("Create an internal transfer");
    expect(errors).toEqual([]);
    const [id, location] = logged[0] ?? [];
    expect(typeof id).toBe("number");
    expect(location).toBe(`${sandbox.url}/api/v1/Transfers(${String(id)})`);
    expect(logged[1]?.[0]).toMatchObject({ Id: id, AccountId: 1, CurrencyCode: "EUR", Amount: 4750 });
  });

  it("Validate a form: the presentation form normalised, then a beneficiary created from result.value", async () => {
    const { logged, errors } = await run("Validate a form, then send `result.value`");
    expect(errors).toEqual([]);
    expect(logged.slice(0, -1).map((line) => String(line[0]))).toEqual([
      "Address.CountryCode: gb → GB",
      "PaymentRouting.CountryCode: gb → GB",
      "PaymentRouting.SortCode: 40-05-15 → 400515",
    ]);
    const id = logged.at(-1)?.[0];
    expect(typeof id).toBe("number");
    const client = globalThis.__readmeClient as ReturnType<typeof clientFor>;
    expect(await client.beneficiaries.getBeneficiary(id as number)).toMatchObject({
      AccountId: 1,
      Name: "Fabrikam Ltd",
    });
  });

  it("Handle errors by class: the command succeeds on the sandbox's pending transfer, so nothing is caught", async () => {
    const { logged, errors } = await run("Handle errors by class");
    expect([logged, errors]).toEqual([[], []]);
    const client = globalThis.__readmeClient as ReturnType<typeof clientFor>;
    expect((await client.transfers.getTransfer(2)).StatusCode).not.toBe("P");
  });

  it("Retries, redirects and limits: the client with every setting lists balances; nothing is caught", async () => {
    const { logged, errors } = await run("Retries, redirects and limits");
    expect([logged, errors]).toEqual([[], []]);
  });

  it("withResponse: a declared status as a value, here 200 with the balance", async () => {
    const { logged, errors } = await run("Every declared status as a value: `withResponse`");
    expect(errors).toEqual([]);
    expect(logged).toEqual([[200, expect.objectContaining({ CurrencyCode: "GBP" })]]);
  });

  it("Upload: a withdrawal created from the multipart form", async () => {
    const client = globalThis.__readmeClient as ReturnType<typeof clientFor>;
    const withReference = async () =>
      (await client.accounts.listWithdrawals(1, { $filter: (f) => f.eq("Reference", "PO-88251"), $count: true }))[
        "@odata.count"
      ];
    const before = await withReference();
    const { logged, errors } = await run("Upload files: multipart");
    expect([logged, errors]).toEqual([[], []]);
    expect(await withReference()).toBe((before ?? 0) + 1);
  });

  it("Validate: a valid body passes both checks, nothing is caught", async () => {
    const { logged, errors } = await run("Validate requests and responses");
    expect([logged, errors]).toEqual([[], []]);
  });
});
