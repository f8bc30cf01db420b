/**
 * Beneficiaries (spec/paths/beneficiaries.yaml): withdrawal beneficiaries and their commands, transfer
 * beneficiaries (seeded with the accounts; read-only here), and the RequiredAdditionalInformation rules.
 * Every read and command sees the caller's beneficiaries only; anyone else's is 404.
 */
import {
  badRequest,
  created,
  entity,
  list,
  notFound,
  ok,
  type Handler,
  type HandlerTable,
  type RequestContext,
} from "../api/handler.js";
import { locationOf } from "../../foundation/http/operation-path.js";
import { requiredAdditionalInformation } from "../../model/domain/additional-information-rules.js";
import {
  beneficiaryOf,
  commandBeneficiary,
  createWithdrawalBeneficiary,
  type BeneficiaryCommand,
} from "../../model/domain/beneficiaries.js";
import { toBeneficiaryDto, toTransferBeneficiaryDto } from "../dto/beneficiary.js";
import { commandResult } from "./command-result.js";

const listBeneficiaries: Handler<"listBeneficiaries"> = (context) =>
  list(context.store.beneficiaries.filter((row) => row.tenant === context.tenant).map(toBeneficiaryDto));

const getBeneficiary: Handler<"getBeneficiary"> = (context) => {
  const beneficiary = beneficiaryOf(context, context.tenant, context.path.id);
  return beneficiary === undefined ? notFound("The beneficiary") : entity(toBeneficiaryDto(beneficiary));
};

const listTransferBeneficiaries: Handler<"listTransferBeneficiaries"> = (context) =>
  list(
    context.store.transferBeneficiaries.filter((row) => row.tenant === context.tenant).map(toTransferBeneficiaryDto),
  );

const getTransferBeneficiary: Handler<"getTransferBeneficiary"> = (context) => {
  const beneficiary = context.store.owned(context.store.transferBeneficiaries, context.tenant, context.path.id);
  return beneficiary === undefined
    ? notFound("The transfer beneficiary")
    : entity(toTransferBeneficiaryDto(beneficiary));
};

const listAccountBeneficiaries: Handler<"listAccountBeneficiaries"> = (context) => {
  const account = context.store.accountOf(context.tenant, context.path.accountId);
  if (account === undefined) return notFound("The account");
  return list(context.store.beneficiaries.filter((row) => row.AccountId === account.Id).map(toBeneficiaryDto));
};

const listAccountTransferBeneficiaries: Handler<"listAccountTransferBeneficiaries"> = (context) => {
  const account = context.store.accountOf(context.tenant, context.path.accountId);
  if (account === undefined) return notFound("The account");
  return list(
    context.store.transferBeneficiaries.filter((row) => row.AccountId === account.Id).map(toTransferBeneficiaryDto),
  );
};

const createBeneficiary: Handler<"createWithdrawalBeneficiary"> = (context) => {
  const outcome = createWithdrawalBeneficiary(context, context.tenant, context.body);
  return outcome.ok
    ? created(outcome.beneficiary.Id, locationOf("getBeneficiary", { id: outcome.beneficiary.Id }))
    : commandResult(outcome);
};

const beneficiaryCommand =
  (command: BeneficiaryCommand) => (context: RequestContext & { readonly path: { readonly beneficiaryId: number } }) =>
    commandResult(commandBeneficiary(context, context.tenant, context.path.beneficiaryId, command));

const getRequiredAdditionalInformation: Handler<"getRequiredAdditionalInformation"> = (context) => {
  const { currencyCode } = context.path;
  if (context.store.currencies.get(currencyCode) === undefined) {
    return badRequest("unknown_currency", `The sandbox does not know the currency ${currencyCode}.`, "currencyCode");
  }
  const { beneficiaryCountryCode, beneficiaryBankCountry, beneficiaryType } = context.query;
  return ok({
    RequiredAdditionalInformation: requiredAdditionalInformation({
      currencyCode,
      ...(beneficiaryCountryCode === undefined ? {} : { beneficiaryCountryCode }),
      ...(beneficiaryBankCountry === undefined ? {} : { beneficiaryBankCountry }),
      ...(beneficiaryType === undefined ? {} : { beneficiaryType }),
    }),
  });
};

export const beneficiaryHandlers = {
  listBeneficiaries,
  getBeneficiary,
  listTransferBeneficiaries,
  getTransferBeneficiary,
  listAccountBeneficiaries,
  listAccountTransferBeneficiaries,
  createWithdrawalBeneficiary: createBeneficiary,
  cancelBeneficiary: beneficiaryCommand("cancel"),
  enableBeneficiary: beneficiaryCommand("enable"),
  suspendBeneficiary: beneficiaryCommand("suspend"),
  getRequiredAdditionalInformation,
} satisfies Partial<HandlerTable>;
