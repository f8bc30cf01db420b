/**
 * The import graph of a package's hand-written sources, read as the compiler reads it (TypeScript's
 * `preProcessFile`: static, type-only, re-export and dynamic `import()`s; never a string or a comment that looks like
 * one), and the checks every package's layers get (layering.test.ts): every source file is in a module of a layer, no
 * file imports a module its own may not, and no files import each other in a circle. One walker for all packages: a
 * package joins with its README's "Layers" table (readme-layers.ts), not a copy of this code.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

/** A package's modules: what each may import besides its own files. Paths are relative to `root`, with `/`. */
export interface Layering {
  /** The package, as the test names it: `generator`. */
  readonly name: string;
  /** The package's folder (absolute). */
  readonly root: string;
  /** Where the layers are written (the package's README, from the repository's root), for the failures to name. */
  readonly readme: string;
  /**
   * Each module (a folder, a folder's own files without its subfolders as `folder/*`, or a single file) and the
   * places it may import from. A file belongs to the longest module that holds it; a file of `sources` in no module is
   * a failure (a new folder must be placed). A place may name a module, a folder inside one, or one file of it (a
   * module that may use only that file of another).
   */
  readonly modules: Readonly<Record<string, readonly string[]>>;
  /** The source folders whose every file must be in a module (a new folder must be placed). */
  readonly sources: readonly string[];
}

const SOURCE = /\.(?:ts|mts|js|mjs)$/;
const NOT_SOURCE = /\.d\.ts$/;

const toSlashes = (path: string): string => path.split(sep).join("/");

/** Every source file under `directory` of `root` (relative paths with `/`), sorted. */
export function sourceFiles(root: string, directory: string): string[] {
  const absolute = join(root, directory);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return SOURCE.test(directory) ? [directory] : [];
  return readdirSync(absolute, { withFileTypes: true })
    .flatMap((entry) => {
      const path = directory === "" ? entry.name : `${directory}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(root, path);
      return SOURCE.test(entry.name) && !NOT_SOURCE.test(entry.name) ? [path] : [];
    })
    .sort();
}

/** The files of the package that `file` imports, as paths relative to `root`; imports of other packages are left out. */
export function importsOf(root: string, file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const targets: string[] = [];
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith("./") && !fileName.startsWith("../")) continue;
    const target = resolveSource(resolve(root, dirname(file), fileName));
    if (target !== undefined) targets.push(toSlashes(relative(root, target)));
  }
  return targets;
}

/** `./x.js` names `x.ts` when there is one (NodeNext's rule for TypeScript sources), else the file itself. */
function resolveSource(path: string): string | undefined {
  const candidates = [
    path.replace(/\.js$/, ".ts"),
    path.replace(/\.mjs$/, ".mts"),
    path,
    `${path}.ts`,
    join(path, "index.ts"),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

const isWithin = (file: string, place: string): boolean =>
  place.endsWith("/*")
    ? file.slice(0, file.lastIndexOf("/")) === place.slice(0, -2)
    : file === place || file.startsWith(`${place}/`);

/** The module a file belongs to: the longest module that holds it. */
export function moduleOf(layering: Layering, file: string): string | undefined {
  return Object.keys(layering.modules)
    .filter((module) => isWithin(file, module))
    .sort((a, b) => b.length - a.length)[0];
}

export interface Graph {
  /** Every source file of the modules. */
  readonly files: readonly string[];
  /** Each file's imports of files of the package. */
  readonly imports: ReadonlyMap<string, readonly string[]>;
}

export function importGraph(layering: Layering): Graph {
  const folders = Object.keys(layering.modules).map((module) => module.replace(/\/\*$/, ""));
  const files = [...new Set(folders.flatMap((folder) => sourceFiles(layering.root, folder)))]
    .filter((file) => moduleOf(layering, file) !== undefined)
    .sort();
  return { files, imports: new Map(files.map((file) => [file, importsOf(layering.root, file)])) };
}

/** Every import that the importing file's module may not make, said with what to change. */
export function forbiddenImports(layering: Layering, graph: Graph): string[] {
  const found: string[] = [];
  for (const file of graph.files) {
    const module = moduleOf(layering, file);
    if (module === undefined) continue;
    const allowed = [module, ...(layering.modules[module] ?? [])];
    for (const target of graph.imports.get(file) ?? []) {
      // An import of a module's own file, or of a place it may use, unless that place is a module nested inside it.
      const targetModule = moduleOf(layering, target);
      if (targetModule === module || allowed.some((place) => place !== module && isWithin(target, place))) continue;
      found.push(
        `${file} imports ${target}, but ${module} may not import ${targetModule ?? target}: move the code to a lower ` +
          `layer, or, if the import belongs, name it in the "may import" cell of ${module} in ${layering.readme}, "Layers"`,
      );
    }
  }
  return found;
}

/** Modules and places of the table that are no file or folder of the package (a typo, or a module that moved). */
export function unknownPlaces(layering: Layering): string[] {
  const places = new Set([...Object.keys(layering.modules), ...Object.values(layering.modules).flat()]);
  return [...places]
    .filter((place) => !existsSync(join(layering.root, place.replace(/\/\*$/, ""))))
    .sort()
    .map((place) => `${place}, named in ${layering.readme}, "Layers", is no file or folder of ${layering.name}/`);
}

/** Source files under the package's source folders that no module holds, said with what to change. */
export function unplaced(layering: Layering): string[] {
  return layering.sources
    .flatMap((folder) => sourceFiles(layering.root, folder))
    .filter((file) => moduleOf(layering, file) === undefined)
    .map((file) => `${file} is in no module of ${layering.readme}, "Layers": add its folder to the row of its layer`);
}

/** Each circle of imports among the graph's files, as `a -> b -> a`, once. */
export function circles(graph: Graph): string[] {
  const inGraph = new Set(graph.files);
  const done = new Set<string>();
  const found: string[] = [];
  const visit = (file: string, path: readonly string[]): void => {
    const at = path.indexOf(file);
    if (at >= 0) {
      found.push([...path.slice(at), file].join(" -> "));
      return;
    }
    if (done.has(file)) return;
    for (const target of graph.imports.get(file) ?? []) if (inGraph.has(target)) visit(target, [...path, file]);
    done.add(file);
  };
  for (const file of graph.files) visit(file, []);
  return found;
}
