/**
 * Collects the changes of one comparison. The walk compares every operation's request and response in turn; a
 * node both documents reach through `$ref` (a component schema, parameter, response) is compared once per side
 * and pair of targets, and every later operation that reaches it is added to the changes found there (memo), so
 * a spec of hundreds of operations sharing components costs one comparison per component and side.
 */
import type { JsonObject } from "@account-funds/generator/json-pointer";
import type { Change, ChangeDetail, ChangeSide, NodeKind, Polarity } from "../change.js";

export interface Scope {
  readonly side: ChangeSide;
  readonly polarity: Polarity;
  /** `GET /api/v1/Transfers`, `webhook accountFundsEvent`. */
  readonly operation: string;
  /** The node belongs to a webhook or callback: the API sends its request. */
  readonly webhook: boolean;
}

export interface NewChange {
  readonly node: NodeKind;
  readonly kind: Change["kind"];
  readonly property?: string;
  readonly basePointer?: string;
  readonly revisionPointer?: string;
  readonly before?: unknown;
  readonly after?: unknown;
  readonly detail?: ChangeDetail;
}

export class Recorder {
  readonly changes: Change[] = [];
  /** Every pointer the walk reached through a `$ref`, per document: what is left is unused. */
  readonly reached = { base: new Set<string>(), revision: new Set<string>() };
  /** Security schemes an operation of either document names. */
  readonly usedSchemes = new Set<string>();
  private readonly memo = new Map<string, Change[]>();
  private readonly open = new Map<string, Change[]>();

  constructor(
    readonly base: JsonObject,
    readonly revision: JsonObject,
  ) {}

  record(scope: Scope, change: NewChange): Change {
    const recorded: Change = {
      ...change,
      side: scope.side,
      polarity: scope.polarity,
      detail: { ...change.detail, ...(scope.webhook ? { webhook: true } : {}) },
      operations: new Set(scope.operation === "" ? [] : [scope.operation]),
    };
    this.changes.push(recorded);
    for (const frame of this.open.values()) frame.push(recorded);
    return recorded;
  }

  /**
   * Compares a shared node once: `compare` runs the first time a key is met; later, the operation of `scope` is
   * added to what it found. A key met again while it is being compared (a recursive schema) is skipped.
   */
  once(key: string, scope: Scope, compare: () => void): void {
    const done = this.memo.get(key);
    if (done !== undefined) {
      for (const change of done) {
        if (scope.operation !== "") change.operations.add(scope.operation);
        for (const frame of this.open.values()) frame.push(change);
      }
      return;
    }
    if (this.open.has(key)) return;
    this.open.set(key, []);
    try {
      compare();
    } finally {
      this.memo.set(key, this.open.get(key) ?? []);
      this.open.delete(key);
    }
  }
}
