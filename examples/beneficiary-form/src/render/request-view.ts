/**
 * The submit button and the request panel. While the body is invalid, submit is disabled, a status line names
 * the fields left to fix and the panel lists the issues as Standard Schema reports them (path and message);
 * once a submit succeeds, the panel shows the JSON body that would be sent: the validators' normalised value.
 */
import type { FieldErrors } from "../standard-schema-adapter.js";

export interface RequestView {
  /** The body is invalid: `labels` names each field key with issues (unknown keys are shown as they are). */
  showIssues(errors: FieldErrors, labels: ReadonlyMap<string, string>): void;
  /** The body is valid and not sent yet. */
  showReady(): void;
  /** The body was submitted: `body` is what would be sent. */
  showSent(body: unknown): void;
}

export interface RequestElements {
  readonly submit: HTMLButtonElement;
  readonly status: HTMLElement;
  readonly summary: HTMLElement;
  readonly issues: HTMLUListElement;
  readonly body: HTMLElement;
}

export function createRequestView(elements: RequestElements): RequestView {
  const { submit, status, summary, issues, body } = elements;
  const show = (mode: "issues" | "ready" | "sent", summaryText: string): void => {
    submit.disabled = mode === "issues";
    summary.textContent = summaryText;
    issues.hidden = mode !== "issues";
    body.hidden = mode !== "sent";
  };
  return {
    showIssues(errors, labels) {
      const keys = [...errors.keys()];
      const names = keys.map((key) => labels.get(key) ?? (key === "" ? "the request" : key));
      status.textContent = `${keys.length} ${keys.length === 1 ? "field needs" : "fields need"} attention: ${names.join(", ")}.`;
      issues.replaceChildren(
        ...keys.map((key) => {
          const item = document.createElement("li");
          const path = document.createElement("code");
          path.textContent = key === "" ? "(body)" : key;
          item.append(path, ` ${(errors.get(key) ?? []).join(" ")}`);
          return item;
        }),
      );
      const count = [...errors.values()].reduce((total, messages) => total + messages.length, 0);
      show("issues", `Not sendable yet: the validators report ${count} ${count === 1 ? "issue" : "issues"}.`);
    },
    showReady() {
      status.textContent = "Ready to send.";
      show("ready", "The body is valid: press “Create beneficiary” to build it.");
    },
    showSent(value) {
      status.textContent = "Built and validated.";
      body.textContent = JSON.stringify(value, null, 2);
      show("sent", "Validated as a whole; this JSON would be sent:");
    },
  };
}
