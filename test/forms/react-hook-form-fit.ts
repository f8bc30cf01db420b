/**
 * react-hook-form (7.x) with @hookform/resolvers' standardSchemaResolver takes every request validator with no
 * cast: the form's values are the validator's input (`*Input`, what a form holds: strings in presentation form),
 * the submit handler gets its output, which is the client's request body. Proved by the compiler (`make
 * typecheck`, and form-libraries-fit.test.ts as a consumer's module); nothing here runs. Per validator: the
 * resolver typed as the issue states it (`Resolver<FormValues, unknown, Body>`, Body the client's own type),
 * `useForm` inferring everything from the resolver, and a submit that sends the output to the client.
 */
import type { AccountFundsClient, OperationBody } from "@account-funds/client";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { useForm, type Resolver } from "react-hook-form";
import {
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
} from "@account-funds/validators";

export const resolvers = {
  createWithdrawalBeneficiary: standardSchemaResolver(validateCreateWithdrawalBeneficiary) satisfies Resolver<
    CreateWithdrawalBeneficiaryInput,
    unknown,
    OperationBody<"createWithdrawalBeneficiary">
  >,
  createAccountWithdrawal: standardSchemaResolver(validateCreateAccountWithdrawal) satisfies Resolver<
    CreateAccountWithdrawalInput,
    unknown,
    OperationBody<"createAccountWithdrawal">
  >,
  createInstructionWithdrawal: standardSchemaResolver(validateCreateInstructionWithdrawal) satisfies Resolver<
    CreateInstructionWithdrawalInput,
    unknown,
    OperationBody<"createInstructionWithdrawal">
  >,
  createAccountTransfer: standardSchemaResolver(validateCreateAccountTransfer) satisfies Resolver<
    CreateAccountTransferInput,
    unknown,
    OperationBody<"createAccountTransfer">
  >,
  createExchange: standardSchemaResolver(validateCreateExchange) satisfies Resolver<
    CreateExchangeInput,
    unknown,
    OperationBody<"createExchange">
  >,
  createAlert: standardSchemaResolver(validateCreateAlert) satisfies Resolver<
    CreateAlertInput,
    unknown,
    OperationBody<"createAlert">
  >,
  requestQuote: standardSchemaResolver(validateQuoteRequest) satisfies Resolver<
    QuoteRequestInput,
    unknown,
    OperationBody<"requestQuote">
  >,
  requestDepositRequirement: standardSchemaResolver(validateDepositRequirementRequest) satisfies Resolver<
    DepositRequirementRequestInput,
    unknown,
    OperationBody<"requestDepositRequirement">
  >,
  assignDepositor: standardSchemaResolver(validateAssignDepositor) satisfies Resolver<
    AssignDepositorInput,
    unknown,
    OperationBody<"assignDepositor">
  >,
};

/** The form as a component writes it: everything inferred from the resolver; the context rules bound. */
export function useBeneficiaryForm(client: AccountFundsClient, sectors: readonly Sector[]) {
  const form = useForm({
    resolver: standardSchemaResolver(withOptions(validateCreateWithdrawalBeneficiary, { sectors })),
    defaultValues: { CurrencyCode: "gbp", PaymentRouting: { Type: "SortCodeAccountNumber", SortCode: "40-05-15" } },
  });
  form.register("PaymentRouting.SortCode");
  form.register("AlternatePaymentRouting.0.Iban");
  form.setError("PaymentRouting.SortCode", { message: "from the server" });
  // @ts-expect-error a field the request does not have
  form.register("PaymentRouting.SortKode");
  return form.handleSubmit((body) => client.beneficiaries.createWithdrawalBeneficiary(body));
}

export function useAccountWithdrawalForm(client: AccountFundsClient) {
  const form = useForm({ resolver: resolvers.createAccountWithdrawal });
  return form.handleSubmit((body) => client.withdrawals.createAccountWithdrawal(body));
}

export function useInstructionWithdrawalForm(client: AccountFundsClient) {
  const form = useForm({ resolver: resolvers.createInstructionWithdrawal });
  return form.handleSubmit((body) => client.withdrawals.createInstructionWithdrawal(body));
}

export function useAccountTransferForm(client: AccountFundsClient) {
  const form = useForm({ resolver: resolvers.createAccountTransfer });
  return form.handleSubmit((body) => client.transfers.createAccountTransfer(body));
}

export function useExchangeForm(client: AccountFundsClient) {
  const form = useForm({ resolver: resolvers.createExchange });
  return form.handleSubmit((body) => client.exchanges.createExchange(body));
}

export function useAlertForm(client: AccountFundsClient) {
  const form = useForm({ resolver: resolvers.createAlert });
  return form.handleSubmit((body) => client.alerts.createAlert(body));
}

export function useQuoteForm(client: AccountFundsClient) {
  const form = useForm({ resolver: resolvers.requestQuote });
  return form.handleSubmit((body) => client.quotes.requestQuote(body));
}

export function useDepositRequirementForm(client: AccountFundsClient) {
  const form = useForm({ resolver: resolvers.requestDepositRequirement });
  return form.handleSubmit((body) => client.deposits.requestDepositRequirement(body));
}

export function useAssignDepositorForm(client: AccountFundsClient, depositId: number) {
  const form = useForm({ resolver: resolvers.assignDepositor });
  return form.handleSubmit((body) => client.deposits.assignDepositor(depositId, body));
}

/** Without the resolver the submitted values are what the form holds, and the client refuses them. */
export function useFormWithoutResolver(client: AccountFundsClient) {
  const form = useForm<CreateWithdrawalBeneficiaryInput>();
  // @ts-expect-error BeneficiaryType and the routing's Type are any string here, the CountryCode any case
  return form.handleSubmit((values) => client.beneficiaries.createWithdrawalBeneficiary(values));
}
