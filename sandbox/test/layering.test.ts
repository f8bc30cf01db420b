/**
 * The sandbox's floors (README, "Rooms"), read from the import graph of `src/`: a room imports only rooms on lower
 * floors, so no import runs back up, and no files import each other in a circle. A room is a folder of `src/`, or a
 * file at its root.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SOURCE = fileURLToPath(new URL("../src/", import.meta.url));

/** Each room's floor. */
const FLOORS: Readonly<Record<string, number>> = {
  // Ground: the HTTP primitives (bodies, limits, responses, the router), OData over rows, the sandbox's clock.
  "http/": 0,
  "odata/": 0,
  "clock.ts": 0,
  // Tokens and certificates; the records, tables, store and data file; the mount table's machinery.
  "auth/": 1,
  "state/": 1,
  "mounts.ts": 1,
  "limit-options.ts": 1,
  // Events raised inside commands and their delivery.
  "webhooks/": 2,
  // The rules (a command changes the state and raises its events); the API's request pipeline.
  "domain/": 3,
  "api/": 3,
  // The seeded state, made through the same domain commands as the API's; the wire shapes; the control API.
  "seed/": 4,
  "dto/": 4,
  "control/": 4,
  "handlers/": 5,
  // The core on Request/Response, the node servers in front of it, the command line and the package's entry.
  "sandbox.ts": 6,
  "server.ts": 7,
  "cli.ts": 8,
  "index.ts": 8,
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

const roomOf = (file: string): string => {
  const path = relative(SOURCE, file).replaceAll("\\", "/");
  const slash = path.indexOf("/");
  return slash === -1 ? path : path.slice(0, slash + 1);
};

/** The files of src/ that `file` imports or re-exports (type-only too), as absolute paths. */
const importsOf = (file: string): string[] =>
  [...readFileSync(file, "utf8").matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"(\.{1,2}\/[^"]+)"/gms)].map((found) =>
    resolve(dirname(file), found[1]!.replace(/\.js$/, ".ts")),
  );

describe("the sandbox's floors", () => {
  const files = sourceFiles(SOURCE);

  it("gives every room of src/ a floor, and every floor's room has files", () => {
    const rooms = new Set(files.map(roomOf));
    expect([...rooms].filter((room) => FLOORS[room] === undefined)).toEqual([]);
    expect(Object.keys(FLOORS).filter((room) => !rooms.has(room))).toEqual([]);
  });

  it("has no import from a room to one on its own floor or above", () => {
    const upward = files.flatMap((file) =>
      importsOf(file)
        .filter((target) => roomOf(target) !== roomOf(file) && FLOORS[roomOf(target)]! >= FLOORS[roomOf(file)]!)
        .map((target) => `${relative(SOURCE, file)} -> ${relative(SOURCE, target)}`),
    );
    expect(upward).toEqual([]);
  });

  it("has no circle of imports among the files of src/", () => {
    const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));
    const done = new Set<string>();
    const circles: string[] = [];
    const visit = (file: string, path: readonly string[]): void => {
      if (path.includes(file)) {
        circles.push([...path.slice(path.indexOf(file)), file].map((each) => relative(SOURCE, each)).join(" -> "));
        return;
      }
      if (done.has(file)) return;
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      done.add(file);
    };
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });
});
