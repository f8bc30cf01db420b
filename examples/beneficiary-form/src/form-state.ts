/**
 * The form's state, as a form library keeps it: the text of every field by key (`pathKey` of its path), which
 * fields the user has visited (typed in or left), and whether a submit was tried. Errors are shown for visited
 * fields, and for every field after a submit.
 */
import { isPaymentRoutingType, type PaymentRoutingType } from "@account-funds/validators";
import type { FieldPath } from "./fields/field-spec.js";
import { pathKey } from "./standard-schema-adapter.js";

export class FormState {
  readonly #values = new Map<string, string>();
  readonly #visited = new Set<string>();
  submitted = false;

  /** The text of the field at `path` ("" when never set). */
  get(path: FieldPath): string {
    return this.#values.get(pathKey(path)) ?? "";
  }

  /** A value the page sets (a default, the country a routing type fixes): not a visit. */
  set(path: FieldPath, text: string): void {
    this.#values.set(pathKey(path), text);
  }

  /** The user typed or chose: the field's errors show from now on. */
  input(key: string, text: string): void {
    this.#values.set(key, text);
    this.#visited.add(key);
  }

  /** The user left the field: its errors show from now on, even if nothing was typed. */
  leave(key: string): void {
    this.#visited.add(key);
  }

  showsErrors(key: string): boolean {
    return this.submitted || this.#visited.has(key);
  }

  routingType(): PaymentRoutingType {
    const type = this.get(["PaymentRouting", "Type"]);
    return isPaymentRoutingType(type) ? type : "BicIban";
  }
}
