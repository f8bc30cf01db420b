/**
 * The workspace as npm sees it: the root manifest, every workspace package, and which of them are published
 * (not `private`). Read by the package tests and by `make release-check`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const repository = fileURLToPath(new URL("../../", import.meta.url));

/** The fields of package.json these checks read. */
export interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly description?: string;
  readonly keywords?: readonly string[];
  readonly homepage?: string;
  readonly bugs?: { readonly url?: string };
  readonly repository?: { readonly type?: string; readonly url?: string; readonly directory?: string };
  readonly license?: string;
  readonly files?: readonly string[];
  readonly engines?: Readonly<Record<string, string>>;
  readonly workspaces?: readonly string[];
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
  readonly allowScripts?: Readonly<Record<string, boolean>>;
}

export interface WorkspacePackage {
  /** The folder, relative to the repository: "validators", "generated", ... */
  readonly folder: string;
  readonly manifest: Manifest;
}

export function readManifest(folder: string): Manifest {
  const manifest: Manifest = JSON.parse(readFileSync(join(repository, folder, "package.json"), "utf8"));
  return manifest;
}

export const rootManifest: Manifest = readManifest(".");

/** Every workspace of the root manifest (the workspaces are folders, not globs). */
export const workspacePackages: readonly WorkspacePackage[] = (rootManifest.workspaces ?? []).map((folder) => ({
  folder,
  manifest: readManifest(folder),
}));

/** The packages npm publishes: @account-funds/validators, @account-funds/client (generated/), @account-funds/sandbox. */
export const publishablePackages: readonly WorkspacePackage[] = workspacePackages.filter(
  ({ manifest }) => manifest.private !== true,
);
