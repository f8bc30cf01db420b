/**
 * Every link of every Markdown file in the published tarballs works where people read it, on npm and in
 * node_modules: the tarballs `make pack` packs once per run (test-results/tarballs, as `npm publish` would pack each
 * publishable package; this asks make for them, which packs only when a package changed), and each link's target is
 * an absolute URL, or a file the tarball holds (a folder: a file under it), with its `#anchor` a heading of the file
 * it points to. A link to `../generated/README.md` works in the repository and is broken in the package: this is
 * where that shows.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, posix } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { headingAnchors, markdownLinks } from "./markdown-links.js";
import { publishablePackages, repository } from "./workspace.js";

interface PackedPackage {
  readonly name: string;
  readonly tarball: string;
  /** The files in the tarball, relative to the package root. */
  readonly files: ReadonlySet<string>;
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;
const PACKED = join(repository, "test-results/tarballs");

let packed: readonly PackedPackage[];

beforeAll(() => {
  // A make started by a make (`make test` runs vitest) must not read its parent's job server or flags.
  const { MAKEFLAGS: _flags, MFLAGS: _mflags, MAKELEVEL: _level, ...environment } = process.env;
  const made = spawnSync("make", ["--no-print-directory", "pack"], {
    cwd: repository,
    encoding: "utf8",
    env: environment,
  });
  if (made.status !== 0) throw new Error(`make pack failed:\n${made.stdout}${made.stderr}`);
  packed = readdirSync(PACKED)
    .filter((file) => file.endsWith(".tgz"))
    .map((file) => {
      const tarball = join(PACKED, file);
      const listed = spawnSync("tar", ["-tzf", tarball], { encoding: "utf8", maxBuffer: 64 << 20 });
      if (listed.status !== 0) throw new Error(`tar -tzf ${tarball}: ${listed.stderr}`);
      const files = listed.stdout
        .split("\n")
        .flatMap((entry) =>
          entry.startsWith("package/") && !entry.endsWith("/") ? [entry.slice("package/".length)] : [],
        );
      const manifest = JSON.parse(readPacked(tarball, "package.json")) as { name: string };
      return { name: manifest.name, tarball, files: new Set(files) };
    });
}, 120_000);

/** A file of the tarball, as packed. */
function readPacked(tarball: string, path: string): string {
  const result = spawnSync("tar", ["-xzOf", tarball, `package/${path}`], { encoding: "utf8", maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new Error(`tar: ${path} not in ${tarball}: ${result.stderr}`);
  return result.stdout;
}

/** What is wrong with `target` in `source` (a Markdown file of the package), or undefined when it works. */
function brokenLink(pkg: PackedPackage, source: string, target: string): string | undefined {
  if (ABSOLUTE.test(target) || target.startsWith("//")) return undefined;
  const [pathPart = "", anchor] = target.split("#", 2);
  const path = decodeURIComponent(pathPart.split("?", 1)[0] ?? "");
  const file = path === "" ? source : posix.normalize(posix.join(posix.dirname(source), path));
  if (file.startsWith("../") || file === "..") return `${target} leaves the package`;
  const folder = file.replace(/\/$/, "");
  const isFile = pkg.files.has(file);
  if (!isFile && ![...pkg.files].some((packedFile) => packedFile.startsWith(`${folder}/`)))
    return `${target}: ${file} is not in the tarball`;
  if (anchor === undefined || anchor === "" || !isFile || !file.endsWith(".md")) return undefined;
  return headingAnchors(readPacked(pkg.tarball, file)).has(anchor) ? undefined : `${target}: no heading #${anchor}`;
}

describe("links of the published packages' Markdown files", () => {
  it("packs every publishable package", () => {
    expect(packed.map(({ name }) => name).sort()).toEqual(
      publishablePackages.map(({ manifest }) => manifest.name).sort(),
    );
    for (const pkg of packed) expect(pkg.files.has("README.md"), pkg.name).toBe(true);
  });

  it.each(publishablePackages.map(({ manifest }) => manifest.name))(
    "%s: every link works inside the tarball",
    (name) => {
      const pkg = packed.find((candidate) => candidate.name === name);
      if (pkg === undefined) throw new Error(`${name} was not packed`);
      const broken: string[] = [];
      let checked = 0;
      for (const source of [...pkg.files].filter((file) => file.endsWith(".md"))) {
        for (const { line, target } of markdownLinks(readPacked(pkg.tarball, source))) {
          checked++;
          const problem = brokenLink(pkg, source, target);
          if (problem !== undefined) broken.push(`${source}:${line}: ${problem}`);
        }
      }
      expect(broken).toEqual([]);
      expect(checked, `${name} has no links to check`).toBeGreaterThan(0);
    },
  );
});

describe("markdownLinks and headingAnchors", () => {
  it("finds links outside code, and GitHub's anchors", () => {
    const markdown = [
      "# A `code` title: here",
      '[one](one.md) and ![two](img/two.png "t") and `[not](code.md)`',
      "```md",
      "[fenced](no.md)",
      "```",
      "[ref]: ./ref.md",
      '<img src="html.png"> <a href="https://example.com">x</a>',
      "## A `code` title: here",
    ].join("\n");
    expect(markdownLinks(markdown).map(({ target }) => target)).toEqual([
      "one.md",
      "img/two.png",
      "./ref.md",
      "html.png",
      "https://example.com",
    ]);
    expect([...headingAnchors(markdown)]).toEqual(["a-code-title-here", "a-code-title-here-1"]);
  });
});
