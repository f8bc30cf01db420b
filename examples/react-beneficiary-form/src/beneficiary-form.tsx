/**
 * The create-withdrawal-beneficiary form: react-hook-form with the validators as its resolver
 * (`standardSchemaResolver(validateCreateWithdrawalBeneficiary)`), so the form's values are what people type
 * (`CreateWithdrawalBeneficiaryInput`: `gbp`, `40-05-15`) and the submit handler gets the wire form, the
 * validators' output, which is the client's request body: that is what is sent. The server's refusal comes back
 * to the fields it names (`fieldErrorsOf` in api.ts, `setError` here).
 */
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { useState, type ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import {
  paymentRoutingTypes,
  routingTypeCountries,
  validateCreateWithdrawalBeneficiary,
  type CreateWithdrawalBeneficiaryInput,
  type CreateWithdrawalBeneficiaryRequest,
  type PaymentRoutingType,
} from "@account-funds/validators";
import { createBeneficiary, type FormContext } from "./api.js";
import { Field, type FieldName } from "./field.js";
import { fieldsOf } from "./routing-fields.js";

const resolver = standardSchemaResolver(validateCreateWithdrawalBeneficiary);

/** The fields every routing type shows; the routing's own identifiers come from routing-fields.ts. */
const FIELDS: readonly FieldName[] = [
  "AccountId",
  "Name",
  "CurrencyCode",
  "BeneficiaryType",
  "IndustryId",
  "PaymentRouting.Type",
  "PaymentRouting.CountryCode",
  "Address.Street",
  "Address.Town",
  "Address.PostCode",
  "Address.CountryCode",
  "Reference",
];

type Outcome =
  | { readonly kind: "created"; readonly id: number; readonly sent: CreateWithdrawalBeneficiaryRequest }
  | { readonly kind: "refused"; readonly message: string };

const isRoutingType = (value: string): value is PaymentRoutingType =>
  (paymentRoutingTypes as readonly string[]).includes(value);

export function BeneficiaryForm({ context }: { readonly context: FormContext }): ReactNode {
  const form = useForm<CreateWithdrawalBeneficiaryInput, unknown, CreateWithdrawalBeneficiaryRequest>({
    resolver,
    mode: "onTouched",
    defaultValues: {
      AccountId: context.accounts[0]?.Id ?? 0,
      BeneficiaryType: "Individual",
      PaymentRouting: { Type: "SortCodeAccountNumber", CountryCode: "GB" },
    },
  });
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const type = form.watch("PaymentRouting.Type");
  const routingType: PaymentRoutingType = isRoutingType(type) ? type : "BicIban";
  const fixedCountry = routingTypeCountries[routingType];

  const onSubmit = form.handleSubmit(async (body) => {
    setOutcome(undefined);
    const created = await createBeneficiary(body);
    if (created.ok) {
      setOutcome({ kind: "created", id: created.id, sent: body });
      return;
    }
    // Each message beside its field; one the form does not show (or for the whole request) in the status line.
    const shown = new Set<string>([
      ...FIELDS,
      ...fieldsOf(routingType).map(([property]) => `PaymentRouting.${property}`),
    ]);
    const isShown = (field: string): field is FieldName => shown.has(field);
    const elsewhere: string[] = [];
    for (const error of created.errors) {
      if (isShown(error.field)) form.setError(error.field, { type: "server", message: error.message });
      else elsewhere.push(error.field === "" ? error.message : `${error.field}: ${error.message}`);
    }
    setOutcome({
      kind: "refused",
      message: elsewhere.join(" ") || "The server refused the beneficiary: see the fields.",
    });
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset>
          <legend>Beneficiary</legend>
          <Field
            name="AccountId"
            label="Account"
            options={context.accounts.map((account) => ({
              value: String(account.Id),
              label: account.Name ?? String(account.Id),
            }))}
            register={{ setValueAs: (value: string) => Number(value) }}
          />
          <Field name="Name" label="Beneficiary name" />
          <Field name="CurrencyCode" label="Currency" hint="3 letters, e.g. gbp" />
          <Field
            name="BeneficiaryType"
            label="Beneficiary type"
            options={[
              { value: "Individual", label: "Individual" },
              { value: "Company", label: "Company" },
            ]}
          />
          <Field
            name="IndustryId"
            label="Industry"
            options={[
              { value: "", label: "(none)" },
              ...context.sectors.map((sector) => ({
                value: String(sector.Id),
                label: sector.Name ?? String(sector.Id),
              })),
            ]}
            register={{ setValueAs: (value: string) => (value === "" ? null : Number(value)) }}
          />
        </fieldset>
        <fieldset>
          <legend>Bank account</legend>
          <Field
            name="PaymentRouting.Type"
            label="Routing type"
            options={paymentRoutingTypes.map((value) => ({ value, label: value }))}
            register={{
              onChange: (event: { target: { value: string } }) => {
                const country = isRoutingType(event.target.value)
                  ? routingTypeCountries[event.target.value]
                  : undefined;
                if (country !== undefined) form.setValue("PaymentRouting.CountryCode", country);
              },
            }}
          />
          <Field
            name="PaymentRouting.CountryCode"
            label="Bank country"
            hint="2 letters, e.g. gb"
            readOnly={fixedCountry !== undefined}
          />
          {fieldsOf(routingType).map(([property, field]) => (
            <Field
              key={`${routingType}.${property}`}
              name={`PaymentRouting.${property}` as FieldName}
              label={field.label}
              hint={field.hint}
            />
          ))}
        </fieldset>
        <fieldset>
          <legend>Address</legend>
          <Field name="Address.Street" label="Street" />
          <Field name="Address.Town" label="Town" />
          <Field name="Address.PostCode" label="Post code" />
          <Field name="Address.CountryCode" label="Country" hint="2 letters, e.g. gb" />
        </fieldset>
        <Field name="Reference" label="Reference" />
        <button type="submit" disabled={form.formState.isSubmitting}>
          Create beneficiary
        </button>
        <div role="status">
          {outcome?.kind === "created" ? `Beneficiary ${outcome.id} created.` : null}
          {outcome?.kind === "refused" ? outcome.message : null}
        </div>
        {outcome?.kind === "created" ? (
          <section aria-label="Request body">
            <h2>Sent</h2>
            <pre>{JSON.stringify(outcome.sent, null, 2)}</pre>
          </section>
        ) : null}
      </form>
    </FormProvider>
  );
}
