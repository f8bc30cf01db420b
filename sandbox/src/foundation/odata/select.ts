// $select (OData 4.01 URL Conventions §5.1.4): a comma-separated list of property paths or `*`, checked against the
// entity shape once, then applied to each row as a projection. A projection holds the selected properties and
// nothing else (JSON Format §4.5.8): when it leaves out the entity's key, the entity carries `@odata.id` instead.

import type { EntityShape } from "./entity-shape.js";
import { fail, ok, type Result } from "./errors.js";
import { resolvePath } from "./property-path.js";

/** Selected members: `true` takes the whole value, a nested tree takes some members of a complex value. */
export type SelectTree = ReadonlyMap<string, SelectTree | true>;

export interface Selection {
  /** `*` was selected: every property (§5.1.4). */
  readonly all: boolean;
  readonly tree: SelectTree;
  /** A key property of the entity (`shape.key`) is not selected whole: a projected row is identified by `@odata.id`. */
  readonly omitsKey: boolean;
  /** The entity-id of a row (its canonical URL, entity-id.ts); the response sets it, as only it knows the URL. */
  readonly entityIdOf?: (row: object) => string | undefined;
}

const TARGET = "$select";
const MAX_SELECT_LENGTH = 2000;
const PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Parses `$select` against `shape`: unknown properties and anything but paths and `*` are errors. */
export function parseSelect(text: string, shape: EntityShape): Result<Selection> {
  if (text.length > MAX_SELECT_LENGTH) {
    return fail("query_too_complex", TARGET, `$select is longer than ${MAX_SELECT_LENGTH} characters`);
  }
  let all = false;
  const tree = new Map<string, MutableTree | true>();
  for (const rawItem of text.split(",")) {
    const item = rawItem.trim();
    if (item === "*") {
      all = true;
      continue;
    }
    if (!PATH.test(item)) {
      const reason =
        item === ""
          ? "an empty item"
          : item.includes("(") || item.includes(".")
            ? `'${item}' (only property paths and * are supported)`
            : `'${item}', which is not a property path`;
      return fail("invalid_select", TARGET, `$select has ${reason}`);
    }
    const segments = item.split("/");
    const resolution = resolvePath(shape, segments);
    if (!resolution.ok) return fail("unknown_property", TARGET, resolution.message);
    insert(tree, segments);
  }
  const omitsKey = !all && (shape.key ?? []).some((name) => tree.get(name) !== true);
  return ok({ all, tree, omitsKey });
}

/** The selection, identifying each projected row that lacks its key by `entityIdOf(row)`. */
export function withEntityIds(selection: Selection, entityIdOf: (row: object) => string | undefined): Selection {
  return { ...selection, entityIdOf };
}

type MutableTree = Map<string, MutableTree | true>;

function insert(tree: MutableTree, segments: readonly string[]): void {
  let node = tree;
  for (const [index, name] of segments.entries()) {
    const existing = node.get(name);
    if (existing === true) return; // the whole value is already selected
    if (index === segments.length - 1) {
      node.set(name, true);
      return;
    }
    const child: MutableTree = existing ?? new Map();
    node.set(name, child);
    node = child;
  }
}

/**
 * The selected part of `row`. With `*` it is the row itself. A selected property the row lacks is null; so is a
 * member of a null complex property, which stays null as a whole (§5.1.4: its components are treated as null).
 * Without its key, the projection starts with `@odata.id` (control information precedes the properties, §4.5).
 */
export function projectRow(row: object, selection: Selection): object {
  if (selection.all) return row;
  const entityId = selection.omitsKey ? selection.entityIdOf?.(row) : undefined;
  const result: Record<string, unknown> = {};
  if (entityId !== undefined) result["@odata.id"] = entityId;
  return project(row, selection.tree, result);
}

function project(value: object, tree: SelectTree, result: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [name, sub] of tree) {
    const member: unknown = Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined;
    const projected =
      member === undefined || member === null
        ? null
        : sub === true
          ? member
          : typeof member === "object" && !Array.isArray(member)
            ? project(member, sub)
            : null;
    // defineProperty: a property named `__proto__` must stay data, not replace the prototype.
    Object.defineProperty(result, name, { value: projected, enumerable: true, writable: true, configurable: true });
  }
  return result;
}
