/**
 * One labelled control of the form and its error: the message react-hook-form holds at the field's name (from the
 * resolver, the validators' issue at that path, or from the server through `setError`), tied to the control with
 * `aria-describedby` and `aria-invalid`, as a screen reader expects.
 */
import type { ReactNode } from "react";
import { get, useFormContext, type FieldPath, type RegisterOptions } from "react-hook-form";
import type { CreateWithdrawalBeneficiaryInput } from "@account-funds/validators";

export type FieldName = FieldPath<CreateWithdrawalBeneficiaryInput>;

export interface FieldProps {
  readonly name: FieldName;
  readonly label: string;
  readonly hint?: string;
  /** Choices for a select; a text input without them. */
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  readonly readOnly?: boolean;
  readonly register?: RegisterOptions<CreateWithdrawalBeneficiaryInput, FieldName>;
}

/** The control's id: the field's name with its dots made hyphens (`PaymentRouting-SortCode`). */
export const controlId = (name: string): string => name.replaceAll(".", "-");

export function Field({ name, label, hint, options, readOnly, register: rules }: FieldProps): ReactNode {
  const { register, formState } = useFormContext<CreateWithdrawalBeneficiaryInput>();
  const found: unknown = get(formState.errors, name);
  const message = typeof found === "object" && found !== null && "message" in found ? found.message : undefined;
  const error = typeof message === "string" ? message : "";
  const id = controlId(name);
  const described = [hint === undefined ? "" : `${id}-hint`, `${id}-error`].filter((part) => part !== "").join(" ");
  const common = {
    id,
    "aria-invalid": error === "" ? undefined : true,
    "aria-describedby": described,
    ...register(name, rules),
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {options === undefined ? (
        <input type="text" autoComplete="off" readOnly={readOnly} {...common} />
      ) : (
        <select {...common}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
      {hint === undefined ? null : (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      <p id={`${id}-error`} className="error">
        {error}
      </p>
    </div>
  );
}
