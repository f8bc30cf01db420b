/**
 * The page's calls to the example's server (server/app.ts), which holds the API credentials: the context the form
 * needs (the user's accounts, the sectors), and the beneficiary to create. A refusal comes back as the API's own
 * error body; `fieldErrorsOf` reads it, whatever its shape, into messages at the form's field names.
 */
import type { AccountDto, OperationBody, SectorDto } from "@account-funds/client";
import { fieldErrorsOf, type FieldError } from "@account-funds/validators";

export interface FormContext {
  readonly accounts: readonly Pick<AccountDto, "Id" | "Name">[];
  readonly sectors: readonly Pick<SectorDto, "Id" | "Name">[];
}

export async function loadContext(): Promise<FormContext> {
  const response = await fetch("./api/context");
  if (!response.ok) throw new Error(`The form's context could not be loaded (${response.status}).`);
  return (await response.json()) as FormContext;
}

export type CreateOutcome =
  | { readonly ok: true; readonly id: number }
  | { readonly ok: false; readonly errors: readonly FieldError[] };

/** Sends the body (the client's request type: the validators' output fits it without a cast). */
export async function createBeneficiary(body: OperationBody<"createWithdrawalBeneficiary">): Promise<CreateOutcome> {
  let response: Response;
  try {
    response = await fetch("./api/beneficiaries", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    return { ok: false, errors: fieldErrorsOf(error) };
  }
  const answer: unknown = await response.json().catch(() => response.statusText);
  if (response.ok) return { ok: true, id: (answer as { Id: number }).Id };
  const errors = fieldErrorsOf(answer);
  return { ok: false, errors: errors.length > 0 ? errors : fieldErrorsOf(`The server answered ${response.status}.`) };
}
