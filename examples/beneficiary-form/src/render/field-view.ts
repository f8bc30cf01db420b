/**
 * One field on the page: a label, its control, a hint, the normalised value shown back, the error text and the
 * warning text, the last four tied to the control with `aria-describedby`; `aria-invalid` follows the errors only
 * (a warning is a valid value that is sent).
 */
import type { FieldSpec } from "../fields/field-spec.js";
import { pathKey } from "../standard-schema-adapter.js";

export interface FieldView {
  readonly key: string;
  readonly spec: FieldSpec;
  readonly element: HTMLElement;
  readonly control: HTMLInputElement | HTMLSelectElement;
  /**
   * Shows `errors` (none: valid or not yet visited), the normalised value (undefined: none) and `warnings`: checks
   * stricter than the API reference that the value fails, which do not stop it being sent.
   */
  show(errors: readonly string[], normalised: string | undefined, warnings?: readonly string[]): void;
  setHint(hint: string): void;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  id: string,
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  created.className = className;
  created.id = id;
  return created;
}

function createControl(spec: FieldSpec): HTMLInputElement | HTMLSelectElement {
  if (spec.options !== undefined) {
    const select = document.createElement("select");
    for (const option of spec.options) select.add(new Option(option.label, option.value));
    return select;
  }
  const input = document.createElement("input");
  input.type = "text";
  input.spellcheck = false;
  if (spec.autocomplete !== undefined) input.autocomplete = spec.autocomplete as AutoFill;
  return input;
}

export function createFieldView(spec: FieldSpec, value: string): FieldView {
  const key = pathKey(spec.path);
  const id = `field-${key.replace(/[^A-Za-z0-9]+/g, "-")}`;

  const control = createControl(spec);
  control.id = id;
  control.name = key;
  control.value = value;
  control.setAttribute("aria-invalid", "false");

  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = spec.label;

  const hint = element("p", "hint", `${id}-hint`);
  const normalised = element("p", "normalised", `${id}-normalised`);
  const error = element("p", "error", `${id}-error`);
  const warning = element("p", "warning", `${id}-warning`);
  control.setAttribute("aria-describedby", [hint.id, normalised.id, error.id, warning.id].join(" "));

  const wrapper = element("div", "field", `${id}-field`);
  wrapper.append(label, control, hint, normalised, error, warning);

  const view: FieldView = {
    key,
    spec,
    element: wrapper,
    control,
    show(errors, normalisedText, warnings = []) {
      error.textContent = errors.join(" ");
      warning.textContent = warnings.join(" ");
      wrapper.classList.toggle("warned", warnings.length > 0);
      control.setAttribute("aria-invalid", String(errors.length > 0));
      wrapper.classList.toggle("invalid", errors.length > 0);
      normalised.textContent = normalisedText === undefined ? "" : `Normalised: ${normalisedText}`;
    },
    setHint(text) {
      hint.textContent = text;
    },
  };
  view.setHint(spec.hint ?? "");
  return view;
}
