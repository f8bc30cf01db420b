/**
 * TanStack Form (@tanstack/react-form 1.x) takes every request validator as a form validator with no cast, and
 * `asStandardSchema(validator)` as a schema, whose errors it then types as Standard Schema issues (a function
 * validator's errors are typed as what it returns). `onSubmit` hands over the form's values as typed (`gbp`,
 * `40-05-15`): they are validated once more and `result.value`, the wire form, is sent; sending the values
 * themselves does not compile. Proved by the compiler; nothing here runs.
 */
import type { AccountFundsClient } from "@account-funds/client";
import { useForm } from "@tanstack/react-form";
import {
  asStandardSchema,
  validateAssignDepositor,
  validateCreateAccountTransfer,
  validateCreateAccountWithdrawal,
  validateCreateAlert,
  validateCreateExchange,
  validateCreateInstructionWithdrawal,
  validateCreateWithdrawalBeneficiary,
  validateDepositRequirementRequest,
  validateQuoteRequest,
  withOptions,
  type AssignDepositorInput,
  type CreateAccountTransferInput,
  type CreateAccountWithdrawalInput,
  type CreateAlertInput,
  type CreateExchangeInput,
  type CreateInstructionWithdrawalInput,
  type CreateWithdrawalBeneficiaryInput,
  type DepositRequirementRequestInput,
  type QuoteRequestInput,
  type Sector,
  type StandardSchemaV1,
} from "@account-funds/validators";
import type { Equal } from "./type-equality.js";

export function useBeneficiaryForm(
  client: AccountFundsClient,
  defaultValues: CreateWithdrawalBeneficiaryInput,
  sectors: readonly Sector[],
) {
  const schema = asStandardSchema(withOptions(validateCreateWithdrawalBeneficiary, { sectors }));
  const form = useForm({
    defaultValues,
    validators: { onChange: schema, onSubmitAsync: schema },
    onSubmit: async ({ value }) => {
      // @ts-expect-error the values as typed (BeneficiaryType any string, CountryCode any case) are not a body
      await client.beneficiaries.createWithdrawalBeneficiary(value);
      const result = validateCreateWithdrawalBeneficiary(value, { sectors });
      if (result.ok) await client.beneficiaries.createWithdrawalBeneficiary(result.value);
    },
  });
  const errors: Equal<(typeof form.state.errorMap)["onChange"], Record<string, StandardSchemaV1.Issue[]> | undefined> =
    true;
  return [form, errors] as const;
}

/** The validator itself, as the issue found it working: accepted as a form validator, typed as a function. */
export function useBeneficiaryFormWithTheValidator(
  client: AccountFundsClient,
  defaultValues: CreateWithdrawalBeneficiaryInput,
) {
  return useForm({
    defaultValues,
    validators: { onChange: validateCreateWithdrawalBeneficiary },
    onSubmit: async ({ value }) => {
      const result = validateCreateWithdrawalBeneficiary(value);
      if (result.ok) await client.beneficiaries.createWithdrawalBeneficiary(result.value);
    },
  });
}

export function useAccountWithdrawalForm(client: AccountFundsClient, defaultValues: CreateAccountWithdrawalInput) {
  return useForm({
    defaultValues,
    validators: { onChange: asStandardSchema(validateCreateAccountWithdrawal) },
    onSubmit: async ({ value }) => {
      const result = validateCreateAccountWithdrawal(value);
      if (result.ok) await client.withdrawals.createAccountWithdrawal(result.value);
    },
  });
}

export function useInstructionWithdrawalForm(
  client: AccountFundsClient,
  defaultValues: CreateInstructionWithdrawalInput,
) {
  return useForm({
    defaultValues,
    validators: { onChange: asStandardSchema(validateCreateInstructionWithdrawal) },
    onSubmit: async ({ value }) => {
      const result = validateCreateInstructionWithdrawal(value);
      if (result.ok) await client.withdrawals.createInstructionWithdrawal(result.value);
    },
  });
}

export function useAccountTransferForm(client: AccountFundsClient, defaultValues: CreateAccountTransferInput) {
  return useForm({
    defaultValues,
    validators: { onChange: asStandardSchema(validateCreateAccountTransfer) },
    onSubmit: async ({ value }) => {
      const result = validateCreateAccountTransfer(value);
      if (result.ok) await client.transfers.createAccountTransfer(result.value);
    },
  });
}

export function useExchangeForm(client: AccountFundsClient, defaultValues: CreateExchangeInput) {
  return useForm({
    defaultValues,
    validators: { onChange: asStandardSchema(validateCreateExchange) },
    onSubmit: async ({ value }) => {
      // @ts-expect-error GoalType is any string in the form; the body takes "Buy" or "Sell"
      await client.exchanges.createExchange(value);
      const result = validateCreateExchange(value);
      if (result.ok) await client.exchanges.createExchange(result.value);
    },
  });
}

export function useAlertForm(client: AccountFundsClient, defaultValues: CreateAlertInput) {
  return useForm({
    defaultValues,
    validators: { onChange: asStandardSchema(validateCreateAlert) },
    onSubmit: async ({ value }) => {
      const result = validateCreateAlert(value);
      if (result.ok) await client.alerts.createAlert(result.value);
    },
  });
}

export function useQuoteForm(client: AccountFundsClient, defaultValues: QuoteRequestInput) {
  return useForm({
    defaultValues,
    validators: { onChange: asStandardSchema(validateQuoteRequest) },
    onSubmit: async ({ value }) => {
      const result = validateQuoteRequest(value);
      if (result.ok) await client.quotes.requestQuote(result.value);
    },
  });
}

export function useDepositRequirementForm(client: AccountFundsClient, defaultValues: DepositRequirementRequestInput) {
  return useForm({
    defaultValues,
    validators: { onChange: asStandardSchema(validateDepositRequirementRequest) },
    onSubmit: async ({ value }) => {
      const result = validateDepositRequirementRequest(value);
      if (result.ok) await client.deposits.requestDepositRequirement(result.value);
    },
  });
}

export function useAssignDepositorForm(
  client: AccountFundsClient,
  depositId: number,
  defaultValues: AssignDepositorInput,
) {
  return useForm({
    defaultValues,
    validators: { onChange: asStandardSchema(validateAssignDepositor) },
    onSubmit: async ({ value }) => {
      const result = validateAssignDepositor(value);
      if (result.ok) await client.deposits.assignDepositor(depositId, result.value);
    },
  });
}
