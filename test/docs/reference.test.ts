/**
 * The HTML reference (docs/build.ts, `make docs`) in headless Chromium: the page is built from generated/openapi.json
 * into test-results/docs/reference.html, opened from the file system with the network cut off, and must list every
 * operation of the spec under its tag and render each one's page, load nothing from elsewhere, and leave a
 * screenshot (test-results/docs/reference.png, uploaded by CI for review).
 *
 * Chromium is Debian's `chromium` (`make browser`), driven by playwright-core and started as test/support/chromium.ts
 * says, with a fresh profile of its own.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocs, offlineProblems, repositoryRoot } from "../../docs/build.js";
import { CHROMIUM, chromiumArgs, chromiumMissing } from "../support/chromium.js";

const artifacts = resolve(repositoryRoot, "test-results/docs");
const htmlPath = join(artifacts, "reference.html");
const screenshotPath = join(artifacts, "reference.png");

interface ExpectedOperation {
  readonly operationId: string;
  readonly label: string;
  readonly tag: string;
  /** `GET /api/v1/Accounts`, or undefined for a webhook. */
  readonly request?: { readonly method: string; readonly path: string };
}

interface Traffic {
  readonly requests: { url: string; failure?: string }[];
  /** Requests that got past the page's own policy and reached the (cut-off) network. */
  readonly network: string[];
  readonly pageErrors: string[];
  readonly consoleErrors: string[];
}

/** Every operation and webhook of the bundled spec, in the spec's order, with the label Redoc gives it. */
async function expectedOperations(): Promise<{
  readonly title: string;
  readonly tags: readonly string[];
  readonly operations: readonly ExpectedOperation[];
}> {
  const spec = JSON.parse(await readFile(resolve(repositoryRoot, "generated/openapi.json"), "utf8")) as {
    info: { title: string };
    tags?: { name: string }[];
    paths?: Record<string, Record<string, unknown>>;
    webhooks?: Record<string, Record<string, unknown>>;
  };
  const operations: ExpectedOperation[] = [];
  const add = (node: unknown, request: ExpectedOperation["request"]): void => {
    if (node === null || typeof node !== "object" || !("operationId" in node)) return;
    const { operationId, summary, tags } = node as { operationId: string; summary?: string; tags?: string[] };
    operations.push({
      operationId,
      label: summary ?? operationId,
      tag: tags?.[0] ?? "",
      ...(request === undefined ? {} : { request }),
    });
  };
  for (const [path, item] of Object.entries(spec.paths ?? {}))
    for (const [method, node] of Object.entries(item)) add(node, { method: method.toUpperCase(), path });
  for (const item of Object.values(spec.webhooks ?? {})) for (const node of Object.values(item)) add(node, undefined);
  return { title: spec.info.title, tags: (spec.tags ?? []).map((tag) => tag.name), operations };
}

/** The little of the DOM the functions run in the page use (the tests compile without the DOM library). */
interface PageElement {
  readonly innerText: string;
  readonly childNodes: ArrayLike<{ readonly nodeType: number; readonly textContent: string | null }>;
  getAttribute(name: string): string | null;
  checkVisibility(): boolean;
}
declare const document: { querySelectorAll(selectors: string): ArrayLike<PageElement>; readonly body: PageElement };
declare const location: { hash: string };

/**
 * Whether the page shows an operation: a visible h1 or h2 reads exactly its label (its own text: Redoc adds an anchor
 * and, for webhooks, a tag) and the page's text holds its path. Runs in the page, so it names nothing outside itself
 * (3 is a text node's nodeType).
 */
function shows({ label, path }: { readonly label: string; readonly path?: string }): boolean {
  const heading = Array.from(document.querySelectorAll("h1, h2")).some(
    (element) =>
      element.checkVisibility() &&
      Array.from(element.childNodes)
        .filter((node) => node.nodeType === 3)
        .map((node) => node.textContent ?? "")
        .join("")
        .trim() === label,
  );
  return heading && (path === undefined || document.body.innerText.includes(path));
}

describe("the HTML reference in Chromium", () => {
  let expected: Awaited<ReturnType<typeof expectedOperations>>;
  let userDataDir: string;
  let context: BrowserContext | undefined;
  let page: Page;
  const traffic: Traffic = { requests: [], network: [], pageErrors: [], consoleErrors: [] };

  beforeAll(async () => {
    const missing = chromiumMissing();
    if (missing !== undefined) throw new Error(missing);
    expected = await expectedOperations();
    await buildDocs({ output: htmlPath });
    userDataDir = await mkdtemp(join(tmpdir(), "account-funds-docs-chromium-"));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [...chromiumArgs],
      viewport: { width: 1400, height: 900 },
    });
    // The network is cut off: the page must work without it, and anything that tries is recorded.
    await context.route(/^(https?|wss?|ftp):/i, async (route) => {
      traffic.network.push(route.request().url());
      await route.abort("internetdisconnected");
    });
    page = context.pages()[0] ?? (await context.newPage());
    const entries = new Map<object, Traffic["requests"][number]>();
    page.on("request", (request) => {
      const entry = { url: request.url() };
      entries.set(request, entry);
      traffic.requests.push(entry);
    });
    page.on("requestfailed", (request) => {
      const entry = entries.get(request);
      if (entry !== undefined) entry.failure = request.failure()?.errorText ?? "failed";
    });
    page.on("pageerror", (error) => traffic.pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") traffic.consoleErrors.push(message.text());
    });
    await page.goto(pathToFileURL(htmlPath).href, { waitUntil: "load" });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    if (userDataDir !== undefined) await rm(userDataDir, { recursive: true, force: true });
  });

  it("is one self-contained page: Redoc inlined, nothing linked from elsewhere, the content policy in place", async () => {
    expect(offlineProblems(await readFile(htmlPath, "utf8"))).toEqual([]);
  });

  it("shows the API's title, and saves a screenshot", async () => {
    // The overview's heading is the title and the version: `Account Funds Web API (1)`.
    await page.locator("h1", { hasText: expected.title }).first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: screenshotPath });
  });

  it(
    "lists every operation under its tag in the sidebar, in the spec's order, and renders its page",
    { timeout: 300_000 },
    async () => {
      const listed: string[] = [];
      for (const tag of expected.tags) {
        const operations = expected.operations.filter((operation) => operation.tag === tag);
        if (operations.length === 0) continue;
        // The sidebar's entry of a tag links to its page (`/accounts`); its operations' entries to `#/accounts/<id>`.
        const groups = await page
          .locator('a[href^="/"]')
          .evaluateAll((anchors: PageElement[]) =>
            anchors.map((anchor) => ({ href: anchor.getAttribute("href") ?? "", text: anchor.innerText.trim() })),
          );
        const href = groups.find((group) => group.text === tag)?.href;
        expect(href, `sidebar entry of tag ${tag}`).toMatch(/^\/./);
        const group = page.locator(`a[href="${href}"]`).first();
        await group.click();
        // The entries of the tag's operations, which the sidebar shows (in the tag's item) once the tag is open.
        const entries = group.locator("xpath=..").locator(`a[href^="#${href}/"]`);
        await entries.first().waitFor({ timeout: 30_000 });
        const links = await entries.evaluateAll((found: PageElement[]) =>
          found.map((anchor) => ({
            href: anchor.getAttribute("href") ?? "",
            text: anchor.innerText.split("\n")[0]?.trim() ?? "",
          })),
        );
        expect(
          links.map((link) => link.text),
          `operations of ${tag}`,
        ).toEqual(operations.map((operation) => operation.label));
        for (const [index, operation] of operations.entries()) {
          const link = links[index];
          if (link === undefined) continue;
          await page.evaluate((hash) => {
            location.hash = hash;
          }, link.href);
          const shown = {
            label: operation.label,
            ...(operation.request === undefined ? {} : { path: operation.request.path }),
          };
          await page.waitForFunction(shows, shown, { timeout: 30_000 }).catch((error: unknown) => {
            throw new Error(
              `${operation.operationId}: the page of #${link.href} does not show ${JSON.stringify(shown)}`,
              { cause: error },
            );
          });
          listed.push(operation.operationId);
        }
      }
      expect(listed).toEqual(
        expected.tags.flatMap((tag) =>
          expected.operations.filter((operation) => operation.tag === tag).map((operation) => operation.operationId),
        ),
      );
      expect([...listed].sort()).toEqual(expected.operations.map((operation) => operation.operationId).sort());
    },
  );

  it("loads nothing from the network while viewed, and runs without errors", () => {
    const local = /^(file|data|blob|about):/;
    // What the content policy refused never left the browser; anything else must be the page itself or inline data.
    const sent = traffic.requests.filter((request) => !local.test(request.url) && request.failure !== "csp");
    expect(sent.map((request) => request.url)).toEqual([]);
    expect(traffic.network).toEqual([]);
    expect(traffic.pageErrors).toEqual([]);
    // The one refusal Redoc causes: its attribution logo from its CDN (an <img> it hides when it does not load).
    expect(
      traffic.consoleErrors.filter(
        (message) =>
          !/Loading the image '[^']+' violates the following Content Security Policy directive/.test(message),
      ),
    ).toEqual([]);
  });
});
