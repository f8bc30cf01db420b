/**
 * A fieldset of field views: fixed fields before and after a slot of fields that change (the routing type's
 * identifiers, the additional information the context asks for). The slot is re-filled in place; the values
 * stay in the form state, so a field that comes back shows what was typed in it.
 */
import type { FieldSpec } from "../fields/field-spec.js";
import type { FormState } from "../form-state.js";
import { createFieldView, type FieldView } from "./field-view.js";

export interface Section {
  readonly element: HTMLFieldSetElement;
  /** Every field view of the section, in page order. */
  views: readonly FieldView[];
  /** Replaces the slot's fields with views of `specs`. */
  replace(specs: readonly FieldSpec[]): void;
}

export function createSection(
  legend: string,
  form: FormState,
  fixed: { readonly before?: readonly FieldSpec[]; readonly after?: readonly FieldSpec[] },
): Section {
  const create = (specs: readonly FieldSpec[] = []): FieldView[] =>
    specs.map((spec) => createFieldView(spec, form.get(spec.path)));
  const before = create(fixed.before);
  const after = create(fixed.after);
  const slot = document.createElement("div");
  slot.className = "slot";
  const title = document.createElement("legend");
  title.textContent = legend;
  const element = document.createElement("fieldset");
  element.append(title, ...before.map((view) => view.element), slot, ...after.map((view) => view.element));

  const section: Section = {
    element,
    views: [...before, ...after],
    replace(specs) {
      const swapped = create(specs);
      slot.replaceChildren(...swapped.map((view) => view.element));
      section.views = [...before, ...swapped, ...after];
    },
  };
  return section;
}
