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
  type ApiOperationId,
  type Handler,
  type HandlerContext,
} from "../api/handler.js";
import { requiredAdditionalInformation } from "../domain/additional-information-rules.js";
import {
  beneficiaryOf,
  commandBeneficiary,
  createWithdrawalBeneficiary,
  type BeneficiaryCommand,
} from "../domain/beneficiaries.js";
import { toBeneficiaryDto, toTransferBeneficiaryDto } from "../dto/beneficiary.js";
import { commandResult } from "./command-result.js";

const listBeneficiaries: Handler = (context) =>
  list(context.store.beneficiaries.filter((row) => row.tenant === context.tenant).map(toBeneficiaryDto));

const getBeneficiary: Handler = (context) => {
  const beneficiary = beneficiaryOf(context, context.tenant, Number(context.path["id"]));
  return beneficiary === undefined ? notFound("The beneficiary") : entity(toBeneficiaryDto(beneficiary));
};

const listTransferBeneficiaries: Handler = (context) =>
  list(
    context.store.transferBeneficiaries.filter((row) => row.tenant === context.tenant).map(toTransferBeneficiaryDto),
  );

const getTransferBeneficiary: Handler = (context) => {
  const beneficiary = context.store.owned(
    context.store.transferBeneficiaries,
    context.tenant,
    Number(context.path["id"]),
  );
  return beneficiary === undefined
    ? notFound("The transfer beneficiary")
    : entity(toTransferBeneficiaryDto(beneficiary));
};

const listAccountBeneficiaries: Handler = (context) => {
  const account = context.store.accountOf(context.tenant, Number(context.path["accountId"]));
  if (account === undefined) return notFound("The account");
  return list(context.store.beneficiaries.filter((row) => row.AccountId === account.Id).map(toBeneficiaryDto));
};

const listAccountTransferBeneficiaries: Handler = (context) => {
  const account = context.store.accountOf(context.tenant, Number(context.path["accountId"]));
  if (account === undefined) return notFound("The account");
  return list(
    context.store.transferBeneficiaries.filter((row) => row.AccountId === account.Id).map(toTransferBeneficiaryDto),
  );
};

const createBeneficiary: Handler = (context) => {
  const outcome = createWithdrawalBeneficiary(context, context.tenant, context.body);
  return outcome.ok
    ? created(outcome.beneficiary.Id, `/api/v1/Beneficiaries(${outcome.beneficiary.Id})`)
    : commandResult(outcome);
};

const beneficiaryCommand =
  (command: BeneficiaryCommand): Handler =>
  (context: HandlerContext) =>
    commandResult(commandBeneficiary(context, context.tenant, Number(context.path["beneficiaryId"]), command));

const queryText = (context: HandlerContext, name: string): string | undefined => {
  const value = context.query[name];
  return typeof value === "string" ? value : undefined;
};

const getRequiredAdditionalInformation: Handler = (context) => {
  const currencyCode = String(context.path["currencyCode"]);
  if (context.store.currencies.get(currencyCode) === undefined) {
    return badRequest("unknown_currency", `The sandbox does not know the currency ${currencyCode}.`, "currencyCode");
  }
  const beneficiaryCountryCode = queryText(context, "beneficiaryCountryCode");
  const beneficiaryBankCountry = queryText(context, "beneficiaryBankCountry");
  const beneficiaryType = queryText(context, "beneficiaryType");
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
} satisfies Partial<Record<ApiOperationId, Handler>>;
