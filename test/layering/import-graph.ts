/**
 * The import graph of a package's hand-written sources, read as the compiler reads it (TypeScript's
 * `preProcessFile`: static, type-only, re-export and dynamic `import()`s; never a string or a comment that looks like
 * one), and the two checks every package's floors get (floors.ts): no file imports a room it may not, and no files
 * import each other in a circle. One walker for all packages: a package joins with a table, not a copy of this code.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

/** A package's rooms: what each may import besides its own files. Paths are relative to `root`, with `/`. */
export interface Floors {
  /** The package, as the test names it: `generator`. */
  readonly name: string;
  /** The package's folder (absolute). */
  readonly root: string;
  /**
   * Each room (a folder, a folder's own files without its subfolders as `folder/*`, or a single file) and the
   * places it may import from. A file belongs to the longest room that holds it; a file of `sources` in no room is a
   * failure (a new folder must be placed). A place may name a room, a folder inside one, or one file of it (a room
   * that may use only that file of another).
   */
  readonly rooms: Readonly<Record<string, readonly string[]>>;
  /** The source folders whose every file must be in a room (a new folder must be placed); default: none. */
  readonly sources?: readonly string[];
  /** Folders under the rooms that are not sources (fixtures, generated code); `/`-separated, relative to `root`. */
  readonly skip?: readonly string[];
}

const SOURCE = /\.(?:ts|mts|js|mjs)$/;
const NOT_SOURCE = /\.d\.ts$/;

const toSlashes = (path: string): string => path.split(sep).join("/");

/** Every source file under `directory` of `root` (relative paths with `/`), sorted. */
export function sourceFiles(root: string, directory: string, skip: readonly string[] = []): string[] {
  const absolute = join(root, directory);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return SOURCE.test(directory) ? [directory] : [];
  return readdirSync(absolute, { withFileTypes: true })
    .flatMap((entry) => {
      const path = directory === "" ? entry.name : `${directory}/${entry.name}`;
      if (entry.isDirectory())
        return skip.includes(path) || entry.name === "node_modules" ? [] : sourceFiles(root, path, skip);
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

/** The room a file belongs to: the longest room that holds it. */
export function roomOf(floors: Floors, file: string): string | undefined {
  return Object.keys(floors.rooms)
    .filter((room) => isWithin(file, room))
    .sort((a, b) => b.length - a.length)[0];
}

export interface Graph {
  /** Every source file of the rooms. */
  readonly files: readonly string[];
  /** Each file's imports of files of the package. */
  readonly imports: ReadonlyMap<string, readonly string[]>;
}

export function importGraph(floors: Floors): Graph {
  const folders = Object.keys(floors.rooms).map((room) => room.replace(/\/\*$/, ""));
  const files = [...new Set(folders.flatMap((folder) => sourceFiles(floors.root, folder, floors.skip)))]
    .filter((file) => roomOf(floors, file) !== undefined)
    .sort();
  return { files, imports: new Map(files.map((file) => [file, importsOf(floors.root, file)])) };
}

/** `from -> to` for every import that the importing file's room may not make. */
export function forbiddenImports(floors: Floors, graph: Graph): string[] {
  const found: string[] = [];
  for (const file of graph.files) {
    const room = roomOf(floors, file);
    if (room === undefined) continue;
    const allowed = [room, ...(floors.rooms[room] ?? [])];
    for (const target of graph.imports.get(file) ?? []) {
      // An import of a room's own file, or of a place the room may use, unless that place is a room nested inside it.
      const targetRoom = roomOf(floors, target);
      const ownRoom = targetRoom === room;
      if (!ownRoom && !allowed.some((place) => place !== room && isWithin(target, place)))
        found.push(`${file} -> ${target}`);
    }
  }
  return found;
}

/** Rooms named as allowed imports that are no file or folder of the package (a typo, or a room that moved). */
export function unknownPlaces(floors: Floors): string[] {
  const places = new Set([...Object.keys(floors.rooms), ...Object.values(floors.rooms).flat()]);
  return [...places].filter((place) => !existsSync(join(floors.root, place.replace(/\/\*$/, "")))).sort();
}

/** Source files under the package's source folders (`sources`) that no room holds. */
export function homeless(floors: Floors): string[] {
  return (floors.sources ?? [])
    .flatMap((folder) => sourceFiles(floors.root, folder, floors.skip))
    .filter((file) => roomOf(floors, file) === undefined);
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
