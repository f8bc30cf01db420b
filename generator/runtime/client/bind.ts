/**
 * Turns a table of operations into client methods. One rule lays out every method's arguments, and the
 * generator's façade emitter declares the method types by the same rule (it imports `argumentSlots`):
 * path parameters in path order, then the body (when the operation takes one), then the query (when it takes
 * query parameters), then the per-call options.
 */
import type { CallOptions } from "../options/client-options.js";
import type { OperationMetadata } from "../operations/operation-metadata.js";
import type { ResultMode } from "./operation-types.js";
import type { CallArgs, Runtime } from "./request.js";

export interface ArgumentShape {
  readonly pathParameters: readonly string[];
  readonly hasBody: boolean;
  readonly hasQuery: boolean;
}

export type ArgumentSlot =
  | { readonly kind: "path"; readonly name: string }
  | { readonly kind: "body" }
  | { readonly kind: "query" }
  | { readonly kind: "init" };

export function argumentSlots(shape: ArgumentShape): ArgumentSlot[] {
  return [
    ...shape.pathParameters.map((name): ArgumentSlot => ({ kind: "path", name })),
    ...(shape.hasBody ? [{ kind: "body" } as const] : []),
    ...(shape.hasQuery ? [{ kind: "query" } as const] : []),
    { kind: "init" },
  ];
}

export function argumentShapeOf(operation: OperationMetadata): ArgumentShape {
  return {
    pathParameters: operation.pathParameters,
    hasBody: operation.requestBody !== undefined,
    hasQuery: operation.queryParameters.length > 0,
  };
}

/** Splits positional arguments into path, body, query and per-call options. */
export function collectArguments(
  slots: readonly ArgumentSlot[],
  values: readonly unknown[],
): { args: CallArgs; init: CallOptions | undefined } {
  let path: Record<string, unknown> | undefined;
  let body: unknown;
  let query: object | undefined;
  let init: CallOptions | undefined;
  for (let index = 0; index < slots.length; index++) {
    const slot = slots[index]!;
    const value = values[index];
    switch (slot.kind) {
      case "path":
        (path ??= {})[slot.name] = value;
        break;
      case "body":
        body = value;
        break;
      case "query":
        query = value as object | undefined;
        break;
      case "init":
        init = value as CallOptions | undefined;
        break;
    }
  }
  // Two literals rather than a conditional spread, which V8 runs on its slow path (µs per call).
  return { args: path === undefined ? { body, query } : { path, body, query }, init };
}

type AnyMethod = ((...values: unknown[]) => Promise<unknown>) & {
  paginate?: (...values: unknown[]) => AsyncIterableIterator<unknown>;
};

/** One client method for `operation`; OData lists also get `.paginate(...)`. */
export function bindOperation(runtime: Runtime, mode: ResultMode, operation: OperationMetadata): AnyMethod {
  const slots = argumentSlots(argumentShapeOf(operation));
  const method: AnyMethod = (...values: unknown[]) => {
    const { args, init } = collectArguments(slots, values);
    return runtime.call(mode, operation, args, init);
  };
  if (operation.odata === "list") {
    method.paginate = (...values: unknown[]) => {
      const { args, init } = collectArguments(slots, values);
      return runtime.paginate(operation, args, init);
    };
  }
  Object.defineProperty(method, "name", { value: operation.clientMethod });
  return method;
}

/** Groups of client methods from a `{ group: { method: operation } }` table. */
export function bindGroups<T>(
  runtime: Runtime,
  mode: ResultMode,
  table: Readonly<Record<string, Readonly<Record<string, OperationMetadata>>>>,
): T {
  const groups: Record<string, Record<string, AnyMethod>> = {};
  for (const [group, methods] of Object.entries(table)) {
    const bound: Record<string, AnyMethod> = {};
    for (const [name, operation] of Object.entries(methods)) bound[name] = bindOperation(runtime, mode, operation);
    groups[group] = Object.freeze(bound);
  }
  return Object.freeze(groups) as T;
}
