/**
 * The facts every rule reads about one Redocly change: where the changed node lives (in which document), the
 * value before and after, which sides and operations reach it, and a short name for messages.
 */
import {
  escapePointerSegment,
  formatPointer,
  isJsonObject,
  parsePointer,
  resolvePointer,
  type JsonObject,
} from "@account-funds/generator/json-pointer";
import type { RedoclyChange } from "./redocly.js";
import { plainPointer } from "./redocly.js";
import type { Placement, Side, UsageIndex } from "./usage.js";

const methods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

export interface DiffContext {
  readonly base: JsonObject;
  readonly revision: JsonObject;
  readonly baseUsage: UsageIndex;
  readonly revisionUsage: UsageIndex;
}

export interface ChangeFacts {
  readonly change: RedoclyChange;
  readonly kind: "added" | "removed" | "changed";
  /** For `changed`: the key that changed. */
  readonly property?: string;
  /** The changed node (for `changed`, the node that owns `property`). */
  readonly nodePointer: string;
  /** The node, or the node's changed key: what a finding's id names. */
  readonly pointer: string;
  readonly in: "base" | "revision";
  /** The property's value before and after (`changed`), or the node's (`removed`/`added`). */
  readonly before: unknown;
  readonly after: unknown;
  readonly placement: Placement;
  /** `Reference` of `CreateAccountTransfer`, `GET /api/v1/Transfers`, ... */
  readonly subject: string;
  readonly context: DiffContext;
}

export function factsOf(change: RedoclyChange, context: DiffContext): ChangeFacts {
  const kind = change.kind === "modified" ? "changed" : change.kind;
  const property = change.kind === "modified" ? change.property : undefined;
  const sidePointer = plainPointer(
    (kind === "removed" ? change.base?.pointer : (change.revision?.pointer ?? change.base?.pointer)) ?? change.path,
  );
  const suffix = property === undefined ? "" : `/${escapePointerSegment(property)}`;
  const nodePointer =
    suffix !== "" && sidePointer.endsWith(suffix) ? sidePointer.slice(0, -suffix.length) : sidePointer;
  const pointer = nodePointer + suffix;
  const inSide = kind === "removed" ? "base" : "revision";
  const before = change.base?.value ?? (kind !== "added" ? resolvePointer(context.base, pointer) : undefined);
  const after = change.revision?.value ?? (kind !== "removed" ? resolvePointer(context.revision, pointer) : undefined);
  const placements = [
    ...(kind !== "added" ? [context.baseUsage.placementOf(plainPointer(change.base?.pointer ?? nodePointer))] : []),
    ...(kind !== "removed"
      ? [context.revisionUsage.placementOf(plainPointer(change.revision?.pointer ?? nodePointer))]
      : []),
  ];
  return {
    change,
    kind,
    ...(property === undefined ? {} : { property }),
    nodePointer,
    pointer,
    in: inSide,
    before,
    after,
    placement: mergePlacements(placements),
    subject: subjectOf(nodePointer, inSide === "base" ? context.base : context.revision),
    context,
  };
}

function mergePlacements(placements: readonly Placement[]): Placement {
  const sides = new Set<Side>(placements.flatMap((placement) => placement.sides));
  return {
    sides: (["request", "response"] as const).filter((side) => sides.has(side)),
    operationLevel: placements.some((placement) => placement.operationLevel),
    operations: [...new Set(placements.flatMap((placement) => placement.operations))].sort(),
  };
}

/** A name a reader recognises: the property and the schema that holds it, the parameter, or the operation. */
export function subjectOf(pointer: string, document: JsonObject): string {
  const segments = parsePointer(pointer);
  const lastProperty = segments.lastIndexOf("properties");
  const owner = ownerOf(segments, document);
  if (lastProperty >= 0 && lastProperty + 1 < segments.length) {
    const name = segments[lastProperty + 1];
    const inside = segments.slice(lastProperty + 2);
    const tail = inside.length === 0 ? "" : ` (${inside.join("/")})`;
    return `\`${name}\`${tail} of ${owner}`;
  }
  return owner;
}

function ownerOf(segments: readonly string[], document: JsonObject): string {
  const [section, first, second] = segments;
  if (section === "components" && first !== undefined && second !== undefined) {
    if (first === "parameters") {
      const parameter = resolvePointer(document, formatPointer(["components", "parameters", second]));
      const name = isJsonObject(parameter) ? parameter["name"] : undefined;
      return isJsonObject(parameter) && typeof name === "string"
        ? `parameter \`${name}\` (${String(parameter["in"])})`
        : `\`${second}\``;
    }
    return `\`${second}\``;
  }
  if (section === "paths" && first !== undefined)
    return second !== undefined && methods.has(second) ? `\`${second.toUpperCase()} ${first}\`` : `\`${first}\``;
  if (section === "webhooks" && first !== undefined) return `webhook \`${first}\``;
  return segments.length === 0 ? "the document" : `\`${segments.join("/")}\``;
}

/** The schema that holds `properties/<name>` at the end of a pointer, and that name. */
export function propertyOwner(pointer: string): { readonly schema: string; readonly name: string } | undefined {
  const segments = parsePointer(pointer);
  const name = segments.at(-1);
  if (segments.at(-2) !== "properties" || name === undefined) return undefined;
  const schema = formatPointer(segments.slice(0, -2));
  return { schema, name };
}
