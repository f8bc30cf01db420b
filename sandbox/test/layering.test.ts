/**
 * The sandbox's floors, checked from the import graph of src/ (README, "Rooms"): each room below imports only
 * its own files and the rooms under it, so no import runs back up, and no files of these rooms import each
 * other in a circle. A room is a folder, or a single file where a room may use only that one of another folder.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

/** The sandbox's clock: `auth/clock.ts`, moving to the sandbox's root (`clock.ts`). */
const CLOCK = ["auth/clock.ts", "clock.ts"];

/** What each room's files may import besides their own room. */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  // Ground floor: the records, the tables with their undo journal, the store and its data file.
  state: [],
  // $filter, $select, $orderby and paging over in-memory rows.
  odata: [],
  // Events raised inside commands and their delivery; ApiUrls from the entities' operation paths.
  webhooks: ["state", "http/operation-path.ts", ...CLOCK],
  // The rules: a command changes the state and raises its events (the event sink) at the sandbox clock's time.
  domain: ["state", "webhooks/event-sink.ts", ...CLOCK],
  // The seeded state, made through the same domain commands as the API's.
  seed: ["state", "domain", "webhooks/event-sink.ts", ...CLOCK],
  // The HTTP layer's rooms (server.ts, http/, api/, auth/, handlers/, dto/, control/) get their rows with it.
};

function sourceFiles(directory: string): string[] {
  return readdirSync(join(SRC, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The files of src/ that `file` imports (type-only imports too), as paths relative to src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), "utf8");
  return [...text.matchAll(/\bfrom\s+"(\.{1,2}\/[^"]+)"/g)].map((match) =>
    normalize(join(dirname(file), match[1]!.replace(/\.js$/, ".ts"))),
  );
}

const roomOf = (file: string): string => file.split("/")[0]!;
const isWithin = (file: string, place: string): boolean => file === place || file.startsWith(`${place}/`);

const files = Object.keys(MAY_IMPORT).flatMap((room) => sourceFiles(room));

describe("the sandbox's floors", () => {
  it("has files in every room it names", () => {
    for (const room of Object.keys(MAY_IMPORT)) expect(files.some((file) => roomOf(file) === room), room).toBe(true);
  });

  it("lets no file import one of a room above it", () => {
    const upward: string[] = [];
    for (const file of files) {
      const allowed = [roomOf(file), ...MAY_IMPORT[roomOf(file)]!];
      for (const target of importsOf(file))
        if (!allowed.some((place) => isWithin(target, place))) upward.push(`${file} -> ${relative(".", target)}`);
    }
    expect(upward).toEqual([]);
  });

  it("has no circle of imports among the files of these rooms", () => {
    const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));
    const done = new Set<string>();
    const circles: string[] = [];
    const visit = (file: string, path: readonly string[]): void => {
      if (path.includes(file)) {
        circles.push([...path.slice(path.indexOf(file)), file].join(" -> "));
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
