/**
 * The page: builds the sections, keeps the form state, and after every keystroke, choice or field left,
 * validates the whole request body through Standard Schema and shows each issue beside the field at its path.
 * Warnings (checks stricter than the API reference: national IBAN check digits, a CLABE's check digit, ...) are
 * not Standard Schema issues, so a form library never sees them: the page reads them from the validator's own
 * result and shows them beside their fields, without stopping the submit.
 */
import {
  messagesByField,
  validateCreateWithdrawalBeneficiary,
  withOptions,
  type CreateWithdrawalBeneficiaryRequest,
  type RequiredAdditionalInformation,
  type StandardSchemaV1,
} from "@account-funds/validators";
import {
  additionalInformationFields,
  addressFields,
  beneficiaryFields,
  industryFields,
  intermediaryBicField,
  referenceField,
} from "./fields/beneficiary-fields.js";
import { fixedCountry, routingCountryField, routingFields, routingTypeField } from "./fields/routing-fields.js";
import { FormState } from "./form-state.js";
import type { FieldView } from "./render/field-view.js";
import { createRequestView } from "./render/request-view.js";
import { createSection } from "./render/section.js";
import { buildRequestBody } from "./request-body.js";
import { sampleOptions, sampleRequiredAdditionalInformation } from "./sample-context.js";
import { pathKey, validate } from "./standard-schema-adapter.js";

function byId<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`#${id} is missing from index.html`);
  return found as T;
}

const form = new FormState();
form.set(routingTypeField.path, "BicIban");

const sections = {
  beneficiary: createSection("Beneficiary", form, { before: beneficiaryFields }),
  address: createSection("Address", form, { before: addressFields }),
  routing: createSection("Bank account", form, {
    before: [routingTypeField, routingCountryField],
    after: [intermediaryBicField],
  }),
  other: createSection("Industry and reference", form, { before: [...industryFields, referenceField] }),
  additional: createSection("Additional information", form, {}),
};
byId("sections").append(...Object.values(sections).map((section) => section.element));

const formElement = byId<HTMLFormElement>("beneficiary-form");
const request = createRequestView({
  submit: byId<HTMLButtonElement>("submit"),
  status: byId("submit-status"),
  summary: byId("request-summary"),
  issues: byId<HTMLUListElement>("request-issues"),
  body: byId("request-body"),
});
const countryKey = pathKey(routingCountryField.path);
const countryView = sections.routing.views.find((view) => view.key === countryKey) as FieldView;

/** Swaps in the routing type's fields; a type with a fixed country fills it in and locks it. */
function applyRoutingType(): void {
  const type = form.routingType();
  const fixed = fixedCountry(type);
  if (fixed !== undefined) form.set(routingCountryField.path, fixed);
  countryView.control.value = form.get(routingCountryField.path);
  (countryView.control as HTMLInputElement).readOnly = fixed !== undefined;
  countryView.setHint(
    fixed !== undefined ? `${type} routings are for ${fixed}` : "Country of the bank account, ISO 3166-1 alpha-2",
  );
  sections.routing.replace(routingFields(type));
}

/** The RequiredAdditionalInformation rules for the current answers (sample data), and their fields on the page. */
let rules: readonly RequiredAdditionalInformation[] | undefined;
function applyAdditionalInformation(): readonly RequiredAdditionalInformation[] {
  const current = sampleRequiredAdditionalInformation({
    currencyCode: form.get(["CurrencyCode"]),
    beneficiaryCountryCode: form.get(["Address", "CountryCode"]),
    beneficiaryBankCountry: form.get(["PaymentRouting", "CountryCode"]),
    beneficiaryType: form.get(["BeneficiaryType"]),
  });
  if (current !== rules) {
    rules = current;
    sections.additional.replace(additionalInformationFields(current));
    sections.additional.element.hidden = current.length === 0;
  }
  return current;
}

/** The request's validator with the context bound (`withOptions`): a plain Standard Schema, one per rule set. */
type BeneficiarySchema = StandardSchemaV1<unknown, CreateWithdrawalBeneficiaryRequest>;
const schemas = new Map<readonly RequiredAdditionalInformation[], BeneficiarySchema>();
function schemaFor(current: readonly RequiredAdditionalInformation[]): BeneficiarySchema {
  let schema = schemas.get(current);
  if (schema === undefined) {
    schema = withOptions(validateCreateWithdrawalBeneficiary, sampleOptions(current));
    schemas.set(current, schema);
  }
  return schema;
}

function requestBody(current: readonly RequiredAdditionalInformation[]): Record<string, unknown> {
  return buildRequestBody(form, {
    address: addressFields,
    routing: routingFields(form.routingType()),
    additionalInformation: additionalInformationFields(current),
  });
}

/** The field's own value normalised by its identifier's Standard Schema, in print form; undefined if none. */
async function normalised(view: FieldView): Promise<string | undefined> {
  const normaliser = view.spec.normalise;
  const text = form.get(view.spec.path);
  if (normaliser === undefined || text.trim() === "") return undefined;
  const result = await validate(normaliser.schema, text);
  if (!result.ok) return undefined;
  return normaliser.print === undefined ? result.value : normaliser.print(result.value);
}

/** The normalised body of the last successful submit, until the form changes. */
let sent: CreateWithdrawalBeneficiaryRequest | undefined;

let generation = 0;
async function refresh(): Promise<void> {
  const run = ++generation;
  const current = applyAdditionalInformation();
  const views = Object.values(sections).flatMap((section) => section.views);
  const body = requestBody(current);
  const [result, values] = await Promise.all([validate(schemaFor(current), body), Promise.all(views.map(normalised))]);
  if (run !== generation) return; // a later refresh has started: its results win
  const errors = result.ok ? new Map<string, readonly string[]>() : result.errors;
  // The same field names as pathKey's (dots between segments).
  const warnings = messagesByField(validateCreateWithdrawalBeneficiary(body, sampleOptions(current)).warnings);
  views.forEach((view, index) => {
    const fieldErrors = errors.get(view.key) ?? [];
    const shown = form.showsErrors(view.key);
    const warning = warnings[view.key];
    // The whole request's verdict decides: a value is shown normalised only where the request has no issue.
    view.show(
      shown ? fieldErrors : [],
      fieldErrors.length === 0 ? values[index] : undefined,
      shown && warning !== undefined ? [warning] : [],
    );
  });
  if (!result.ok) request.showIssues(result.errors, new Map(views.map((view) => [view.key, view.spec.label])));
  else if (sent !== undefined) request.showSent(sent);
  else request.showReady();
}

function isControl(target: EventTarget | null): target is HTMLInputElement | HTMLSelectElement {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement;
}

formElement.addEventListener("input", (event) => {
  if (!isControl(event.target)) return;
  form.input(event.target.name, event.target.value);
  if (event.target.name === pathKey(routingTypeField.path)) applyRoutingType();
  sent = undefined;
  void refresh();
});

formElement.addEventListener("focusout", (event) => {
  if (!isControl(event.target)) return;
  form.leave(event.target.name);
  void refresh();
});

formElement.addEventListener("submit", (event) => {
  event.preventDefault();
  form.submitted = true;
  const current = applyAdditionalInformation();
  void validate(schemaFor(current), requestBody(current)).then((result) => {
    sent = result.ok ? result.value : undefined;
    return refresh();
  });
});

applyRoutingType();
void refresh();
