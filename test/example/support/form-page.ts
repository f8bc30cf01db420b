/**
 * The beneficiary form as a user and a screen reader meet it: fields found by their label, their hint,
 * normalised value and error found through the control's `aria-describedby`, the submit button by its role and
 * name, the request panel as the region named "Request body".
 */
import type { Locator, Page } from "playwright-core";
import { vi } from "vitest";

/** The texts a field's `aria-describedby` points at, by the role of each element (its class). */
export interface FieldDescription {
  readonly hint: string;
  readonly normalised: string;
  readonly error: string;
  readonly warning: string;
  readonly invalid: boolean;
}

/** Generous: a loaded CI machine may be slow, and nothing here measures time. */
export const WAIT = { timeout: 15_000, interval: 50 } as const;

export class FormPage {
  constructor(readonly page: Page) {}

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** Types `text` into the field, replacing what was there, then leaves it. */
  async type(label: string, text: string): Promise<void> {
    const field = this.field(label);
    await field.fill(text);
    await field.blur();
  }

  /** Enters the field and leaves it without typing. */
  async visit(label: string): Promise<void> {
    const field = this.field(label);
    await field.focus();
    await field.blur();
  }

  async choose(label: string, value: string): Promise<void> {
    await this.field(label).selectOption(value);
  }

  async describe(label: string): Promise<FieldDescription> {
    const field = this.field(label);
    const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter((id) => id !== "");
    const parts = await Promise.all(
      ids.map(async (id) => {
        const part = this.page.locator(`[id="${id}"]`);
        return {
          classes: ((await part.getAttribute("class")) ?? "").split(/\s+/),
          text: (await part.textContent()) ?? "",
        };
      }),
    );
    const text = (className: string): string => parts.find((part) => part.classes.includes(className))?.text ?? "";
    return {
      hint: text("hint"),
      normalised: text("normalised"),
      error: text("error"),
      warning: text("warning"),
      invalid: (await field.getAttribute("aria-invalid")) === "true",
    };
  }

  /** Waits until the field's error is `message` ("" for none), and `aria-invalid` agrees. */
  async expectError(label: string, message: string): Promise<void> {
    await vi.waitFor(async () => {
      const description = await this.describe(label);
      if (description.error !== message || description.invalid !== (message !== "")) {
        throw new Error(
          `${label}: error ${JSON.stringify(description.error)}, aria-invalid ${description.invalid}; expected ${JSON.stringify(message)}`,
        );
      }
    }, WAIT);
  }

  /** Waits until the field's warning is `message` ("" for none); a warning never makes it `aria-invalid`. */
  async expectWarning(label: string, message: string): Promise<void> {
    await vi.waitFor(async () => {
      const description = await this.describe(label);
      if (description.warning !== message || description.invalid) {
        throw new Error(
          `${label}: warning ${JSON.stringify(description.warning)}, aria-invalid ${description.invalid}; expected ${JSON.stringify(message)}`,
        );
      }
    }, WAIT);
  }

  /** Waits until the field shows `value` as its normalised value ("" for none). */
  async expectNormalised(label: string, value: string): Promise<void> {
    const expected = value === "" ? "" : `Normalised: ${value}`;
    await vi.waitFor(async () => {
      const { normalised } = await this.describe(label);
      if (normalised !== expected)
        throw new Error(`${label}: normalised ${JSON.stringify(normalised)}, expected ${JSON.stringify(expected)}`);
    }, WAIT);
  }

  submit(): Locator {
    return this.page.getByRole("button", { name: "Create beneficiary" });
  }

  async expectSubmitEnabled(enabled: boolean): Promise<void> {
    await vi.waitFor(async () => {
      if ((await this.submit().isEnabled()) !== enabled)
        throw new Error(`submit should be ${enabled ? "enabled" : "disabled"}`);
    }, WAIT);
  }

  status(): Locator {
    return this.page.getByRole("status");
  }

  requestPanel(): Locator {
    return this.page.getByRole("region", { name: "Request body" });
  }

  /** The JSON the panel shows after a successful submit. */
  async sentBody(): Promise<unknown> {
    const body = this.requestPanel().locator("pre");
    await body.waitFor({ state: "visible", timeout: WAIT.timeout });
    return JSON.parse(await body.innerText());
  }
}
