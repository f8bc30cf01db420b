// $select (OData 4.01 URL Conventions §5.1.4): a comma-separated list of property paths or `*`, checked against the
// entity shape once, then applied to each row as a projection.

import { isEntityShape, shapeProperty, type EntityShape } from "./entity-shape.js";
import { fail, ok, type Result } from "./errors.js";
import { resolvePath } from "./property-path.js";

/** Selected members: `true` takes the whole value, a nested tree takes some members of a complex value. */
export type SelectTree = ReadonlyMap<string, SelectTree | true>;

export interface Selection {
  /** `*` was selected: every property (§5.1.4). */
  readonly all: boolean;
  readonly tree: SelectTree;
}

const TARGET = "$select";
const MAX_SELECT_LENGTH = 2000;
const PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*$/;
// The key `Id` and every property the schema requires (e.g. a balance's `CurrencyCode`) stay in every projected
// entity, nested ones included: §5.1.4 only says unselected properties SHOULD be omitted, and a projection without
// them would not validate against the spec.
const KEY = "Id";

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
  addKeys(tree, shape);
  return ok({ all, tree });
}

function addKeys(tree: MutableTree, shape: EntityShape): void {
  for (const name of [KEY, ...(shape.required ?? [])])
    if (shapeProperty(shape, name) !== undefined) tree.set(name, true);
  for (const [name, sub] of tree) {
    const property = shapeProperty(shape, name);
    if (sub !== true && property !== undefined && isEntityShape(property)) addKeys(sub, property);
  }
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
 */
export function projectRow(row: object, selection: Selection): object {
  return selection.all ? row : project(row, selection.tree);
}

function project(value: object, tree: SelectTree): Record<string, unknown> {
  const result: Record<string, unknown> = {};
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
