/**
 * The validators and the client fit without casts, proved by the compiler (`make typecheck`, and
 * validators-client-fit.test.ts compiles this file as a consumer's module: nodenext, exactOptionalPropertyTypes).
 * For every request validator: its success `value` is what the client's method for that operation takes, and
 * the client's responses that carry its context (sectors, RequiredAdditionalInformation, a transfer
 * beneficiary's vertical and industry, an exchange's currency) are its options as the API returns them, nulls
 * and optional members included. The other way too: a body the client sends (or one the API shows back) prefills
 * the form, since the wire form is one of the forms people type (the validators' `*Input` types). Nothing here runs:
 * each function is a flow a caller writes, type-checked.
 */
import type {
  AccountFundsClient,
  ExchangeDto,
  OperationBody,
  RequiredAdditionalInformationResponse,
  SectorDto,
  SectorDtoCollection,
  TransferBeneficiaryDto,
} from "@account-funds/client";
import type {
  AssignDepositorInput,
  CreateAccountTransferInput,
  CreateAccountWithdrawalInput,
  CreateAlertInput,
  CreateExchangeInput,
  CreateInstructionWithdrawalInput,
  CreateWithdrawalBeneficiaryInput,
  DepositRequirementRequestInput,
  QuoteRequestInput,
} from "@account-funds/validators";
import {
  validateAssignDepositor,
  validateCreateAccountTransfer,
  validateCreateAccountWithdrawal,
  validateCreateAlert,
  validateCreateExchange,
  validateCreateInstructionWithdrawal,
  validateCreateWithdrawalBeneficiary,
  validateDepositRequirementRequest,
  validateIntermediaryPaymentRouting,
  validatePaymentRouting,
  validateQuoteRequest,
} from "@account-funds/validators";

/** The responses a form reads before it validates: fetched with the client, passed on untouched. */
export interface FetchedContext {
  readonly sectors: SectorDtoCollection;
  readonly allSectors: readonly SectorDto[];
  readonly required: RequiredAdditionalInformationResponse;
  readonly transferBeneficiary: TransferBeneficiaryDto;
  readonly exchange: ExchangeDto;
}

export async function createWithdrawalBeneficiary(client: AccountFundsClient, input: unknown, context: FetchedContext) {
  const result = validateCreateWithdrawalBeneficiary(input, {
    sectors: context.sectors.value,
    additionalInformationRules: context.required.RequiredAdditionalInformation,
    vertical: context.transferBeneficiary.Vertical,
  });
  if (!result.ok) return result.issues;
  const body: OperationBody<"createWithdrawalBeneficiary"> = result.value;
  // Each routing on its own, too: PaymentRouting and an AlternatePaymentRouting item are the same type.
  const routing = validatePaymentRouting(body.PaymentRouting);
  const intermediary = validateIntermediaryPaymentRouting(body.IntermediaryPaymentRouting?.[0]);
  if (routing.ok && intermediary.ok) {
    const alternate: NonNullable<OperationBody<"createWithdrawalBeneficiary">["AlternatePaymentRouting"]> = [
      routing.value,
    ];
    const intermediaries: NonNullable<OperationBody<"createWithdrawalBeneficiary">["IntermediaryPaymentRouting"]> = [
      intermediary.value,
    ];
    await client.beneficiaries.createWithdrawalBeneficiary({
      ...body,
      PaymentRouting: routing.value,
      AlternatePaymentRouting: alternate,
      IntermediaryPaymentRouting: intermediaries,
    });
  }
  return client.beneficiaries.createWithdrawalBeneficiary(result.value);
}

export async function withEverySector(client: AccountFundsClient, input: unknown, context: FetchedContext) {
  const result = validateCreateWithdrawalBeneficiary(input, {
    sectors: context.allSectors,
    additionalInformationRules: null,
  });
  return result.ok ? client.beneficiaries.createWithdrawalBeneficiary(result.value) : undefined;
}

export async function createAccountWithdrawal(client: AccountFundsClient, input: unknown, context: FetchedContext) {
  const result = validateCreateAccountWithdrawal(input, {
    beneficiary: { vertical: context.transferBeneficiary.Vertical, industry: context.transferBeneficiary.Industry },
  });
  return result.ok ? client.withdrawals.createAccountWithdrawal(result.value) : undefined;
}

export async function createInstructionWithdrawal(client: AccountFundsClient, input: unknown, context: FetchedContext) {
  const result = validateCreateInstructionWithdrawal(input, { currencyCode: context.exchange.TargetCurrencyCode });
  return result.ok ? client.withdrawals.createInstructionWithdrawal(result.value) : undefined;
}

export async function createAccountTransfer(client: AccountFundsClient, input: unknown) {
  const result = validateCreateAccountTransfer(input);
  return result.ok ? client.transfers.createAccountTransfer(result.value) : undefined;
}

export async function createExchange(client: AccountFundsClient, input: unknown, context: FetchedContext) {
  const result = validateCreateExchange(input, {
    withdrawal: {
      beneficiary: { vertical: context.transferBeneficiary.Vertical, industry: context.transferBeneficiary.Industry },
    },
  });
  return result.ok ? client.exchanges.createExchange(result.value) : undefined;
}

export async function createAlert(client: AccountFundsClient, input: unknown) {
  const result = validateCreateAlert(input);
  return result.ok ? client.alerts.createAlert(result.value) : undefined;
}

export async function requestQuote(client: AccountFundsClient, input: unknown) {
  const result = validateQuoteRequest(input);
  return result.ok ? client.quotes.requestQuote(result.value) : undefined;
}

export async function requestDepositRequirement(client: AccountFundsClient, input: unknown) {
  const result = validateDepositRequirementRequest(input);
  return result.ok ? client.deposits.requestDepositRequirement(result.value) : undefined;
}

export async function assignDepositor(
  client: AccountFundsClient,
  depositId: number,
  input: unknown,
  context: FetchedContext,
) {
  const result = validateAssignDepositor(input, { sectors: context.sectors.value });
  return result.ok ? client.deposits.assignDepositor(depositId, result.value) : undefined;
}

/** Every body prefills its form: what the wire form holds is a form input (the multipart withdrawal by its JSON part). */
export const prefill = {
  createWithdrawalBeneficiary: (body: OperationBody<"createWithdrawalBeneficiary">): CreateWithdrawalBeneficiaryInput =>
    body,
  createAccountWithdrawal: (
    body: Extract<OperationBody<"createAccountWithdrawal">, { AccountId: unknown }>,
  ): CreateAccountWithdrawalInput => body,
  createInstructionWithdrawal: (body: OperationBody<"createInstructionWithdrawal">): CreateInstructionWithdrawalInput =>
    body,
  createAccountTransfer: (body: OperationBody<"createAccountTransfer">): CreateAccountTransferInput => body,
  createExchange: (body: OperationBody<"createExchange">): CreateExchangeInput => body,
  createAlert: (body: OperationBody<"createAlert">): CreateAlertInput => body,
  requestQuote: (body: OperationBody<"requestQuote">): QuoteRequestInput => body,
  requestDepositRequirement: (body: OperationBody<"requestDepositRequirement">): DepositRequirementRequestInput => body,
  assignDepositor: (body: OperationBody<"assignDepositor">): AssignDepositorInput => body,
};
