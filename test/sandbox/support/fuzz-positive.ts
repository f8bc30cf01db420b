/**
 * Positive data: a body generated from the operation's request schema, its references replaced by valid ones
 * from the sandbox's lists (an account with the beneficiary it pays, in the beneficiary's currency, ...), kept
 * when the spec (ajv) accepts it, with the verdict of the matching @account-funds/validators request validator
 * given all the context a client can read from the API. Spec and validators agree (spec-validators-verdicts.test.ts),
 * so the validator refuses such a body only for a conditional rule of the spec, at its fields (checked here too).
 * What the sandbox may still refuse such a body for is listed here.
 */
import fc from "fast-check";
import type { OperationMetadata } from "@account-funds/client";
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
  type ConditionalRule,
  type Issue,
  type RequiredAdditionalInformation,
} from "@account-funds/validators";
import { conditionalRules, isAtFieldOf, type ConditionalRuleName } from "../../agreement/conditional-rules.js";
import { cached, seedsKey } from "./fuzz-cache.js";
import { isODataError, pointerOf, targetsOf } from "./fuzz-checks.js";
import { isValidRequestBody, operationOf } from "./fuzz-spec.js";
import { schemaBodyArbitrary, seededPathArbitrary, type PathValues } from "./fuzz-requests.js";
import type { SeededBeneficiary, Seeds } from "./fuzz-seeds.js";
import type { FuzzFile, FuzzResponse } from "./fuzz-http.js";

/**
 * 400 codes a body that is valid by the spec and the validators may still get, because each depends on state
 * a request body cannot show:
 * - insufficient_funds: the amount exceeds the account's available balance (or nothing is available);
 * - invalid_amount, too_many_decimals: more decimal places than the currency has (JPY has none; the schema only
 *   says `decimal`);
 * - amount_too_small: the amount buys or sells less than one minor unit at the current rate;
 * - no_rate: the sandbox has no mid rate for the currency pair;
 * - beneficiary_not_enabled: the seeded beneficiary is Suspended or Cancelled;
 * - currency_mismatch: an instruction withdrawal pays the exchange's target currency, and the account may have
 *   no beneficiary in it;
 * - instruction_closed, instruction_in_use: the exchange is already final, or already triggers a withdrawal;
 * - instruction_incomplete: the exchange was created without the BoEPurposeCodeId or ReceiverLei that the
 *   withdrawal it would fund requires (the ExchangeDto does not show them);
 * - required, conflict: the body leaves out a field the reference does not require but the sandbox's model needs
 *   (an alert's Limit, an exchange's Goal or GoalType, a depositor's name), or gives a depositor as both an
 *   Individual and a Company: the validators only warn about these.
 * Not accepted: any unknown_* code (every reference is seeded valid), and invalid_body (the sandbox's one check of a
 * body, the validators with its context), except at a field whose conditional rule the validator could not check
 * without that context (below).
 */
export const domainRefusalCodes: readonly string[] = [
  "insufficient_funds",
  "invalid_amount",
  "too_many_decimals",
  "amount_too_small",
  "no_rate",
  "beneficiary_not_enabled",
  "currency_mismatch",
  "instruction_closed",
  "instruction_in_use",
  "instruction_incomplete",
  "required",
  "conflict",
];

const allConditionalRules = Object.keys(conditionalRules) as ConditionalRuleName[];

/** The validators' verdict on a body. */
export type Verdict =
  /** `value`: the request as the validators normalise it (the wire form: codes compacted, empty fields left out), as the sandbox keeps it. */
  | { readonly ok: true; readonly value: unknown; readonly uncheckedRules: readonly ConditionalRule[] }
  | { readonly ok: false; readonly issues: readonly Issue[] };

export interface PositiveCase {
  readonly operation: OperationMetadata;
  readonly path: PathValues;
  readonly body: Record<string, unknown>;
  /** Sent as multipart/form-data with these documents (CreateAccountWithdrawal only); undefined: JSON. */
  readonly documents: readonly FuzzFile[] | undefined;
  readonly verdict: Verdict;
}

type Body = Record<string, unknown>;

/** What a creation operation needs to build a valid body: its references, and the validator with its context. */
interface CommandRecipe {
  readonly operationId: string;
  /** Replaces the generated references by seeded ones (and adds those a seeded reference makes required). */
  readonly references: (seeds: Seeds) => fc.Arbitrary<(body: Body) => Body>;
  readonly validate: (
    body: Body,
    seeds: Seeds,
    extra?: { readonly additionalInformationRules?: readonly RequiredAdditionalInformation[] },
  ) => Verdict;
}

const verdictOf = (
  result:
    | { ok: true; value: unknown; uncheckedRules?: readonly ConditionalRule[] }
    | { ok: false; issues: readonly Issue[] },
): Verdict =>
  result.ok
    ? { ok: true, value: result.value, uncheckedRules: result.uncheckedRules ?? [] }
    : { ok: false, issues: result.issues };

/** Sets `key` only when the generated body has it: optional fields stay as optional as the schema made them. */
const ifPresent = (body: Body, key: string, value: unknown): Body => (key in body ? { ...body, [key]: value } : body);

const beneficiaryOf = (seeds: Seeds, id: unknown): SeededBeneficiary | undefined =>
  seeds.beneficiaries.find((beneficiary) => beneficiary.Id === id);

/** The withdrawal details whose ids name reference data: BoE codes (required for GBP), payment purposes, subaccounts. */
function withdrawalDetails(seeds: Seeds, currency: string, accountId: number, bankCountry: string | undefined) {
  const purposes = [...(seeds.paymentPurposes.get("") ?? []), ...(seeds.paymentPurposes.get(bankCountry ?? "") ?? [])];
  const subaccounts = seeds.subaccountNumbers.get(accountId) ?? [];
  return fc
    .record({
      boe: fc.constantFrom(...seeds.boePurposeCodes),
      purpose: fc.constantFrom(...purposes),
      subaccount: fc.constantFrom(undefined, ...subaccounts),
    })
    .map(({ boe, purpose, subaccount }) => (body: Body): Body => {
      let patched = currency === "GBP" ? { ...body, BoEPurposeCodeId: boe } : ifPresent(body, "BoEPurposeCodeId", boe);
      patched = ifPresent(patched, "PaymentPurposeId", purpose);
      const originator = patched["UltimateOriginator"] as Body | null | undefined;
      if (originator !== undefined && originator !== null && "SubaccountNumber" in originator) {
        const { SubaccountNumber: _random, ...rest } = originator;
        patched = {
          ...patched,
          UltimateOriginator: subaccount === undefined ? rest : { ...rest, SubaccountNumber: subaccount },
        };
      }
      return patched;
    });
}

/**
 * Mostly beneficiaries a payment can reach — Enabled, in a currency their account holds a balance in — and any
 * of them now and then (refused with beneficiary_not_enabled or insufficient_funds), so that most valid bodies
 * can succeed.
 */
function mostlyPayable(seeds: Seeds, beneficiaries: readonly SeededBeneficiary[]): fc.Arbitrary<SeededBeneficiary> {
  const payable = beneficiaries.filter(
    (beneficiary) =>
      beneficiary.StatusCode === "E" &&
      (seeds.balanceCurrencies.get(beneficiary.AccountId) ?? []).includes(beneficiary.CurrencyCode),
  );
  const any = fc.constantFrom(...beneficiaries);
  return payable.length === 0
    ? any
    : fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...payable) }, { weight: 1, arbitrary: any });
}

const finalExchangeStatuses = ["C", "R", "X"];
const openExchanges = (seeds: Seeds) => {
  const open = seeds.exchanges.filter((exchange) => !finalExchangeStatuses.includes(exchange.StatusCode));
  return fc.constantFrom(...(open.length > 0 ? open : seeds.exchanges));
};
const currencyPair = (seeds: Seeds) =>
  fc.tuple(fc.constantFrom(...seeds.currencies), fc.constantFrom(...seeds.currencies));
const accountIds = (seeds: Seeds) => fc.constantFrom(...seeds.accounts.map((account) => account.Id));
const sectorIds = (seeds: Seeds) => fc.constantFrom(...seeds.sectors.map((sector) => sector.Id));

const recipes: readonly CommandRecipe[] = [
  {
    operationId: "createAccountTransfer",
    references: (seeds) =>
      mostlyPayable(seeds, seeds.transferBeneficiaries).map((beneficiary) => (body: Body) => ({
        ...body,
        AccountId: beneficiary.AccountId,
        BeneficiaryId: beneficiary.Id,
        CurrencyCode: beneficiary.CurrencyCode,
      })),
    validate: (body) => verdictOf(validateCreateAccountTransfer(body)),
  },
  {
    operationId: "createAccountWithdrawal",
    references: (seeds) =>
      mostlyPayable(seeds, seeds.beneficiaries).chain((beneficiary) =>
        withdrawalDetails(seeds, beneficiary.CurrencyCode, beneficiary.AccountId, beneficiary.bankCountry).map(
          (details) => (body: Body) =>
            details({
              ...body,
              AccountId: beneficiary.AccountId,
              BeneficiaryId: beneficiary.Id,
              CurrencyCode: beneficiary.CurrencyCode,
            }),
        ),
      ),
    validate: (body, seeds) => {
      const bankCountry = beneficiaryOf(seeds, body["BeneficiaryId"])?.bankCountry;
      return verdictOf(
        validateCreateAccountWithdrawal(body, bankCountry === undefined ? {} : { beneficiary: { bankCountry } }),
      );
    },
  },
  {
    operationId: "createInstructionWithdrawal",
    // Mostly exchanges that can still complete (a final one is refused with instruction_closed).
    references: (seeds) =>
      fc
        .oneof(
          { weight: 3, arbitrary: openExchanges(seeds) },
          { weight: 1, arbitrary: fc.constantFrom(...seeds.exchanges) },
        )
        .chain((exchange) => {
          const ofAccount = seeds.beneficiaries.filter((beneficiary) => beneficiary.AccountId === exchange.AccountId);
          const inCurrency = ofAccount.filter(
            (beneficiary) => beneficiary.CurrencyCode === exchange.TargetCurrencyCode,
          );
          const candidates =
            inCurrency.length > 0 ? inCurrency : ofAccount.length > 0 ? ofAccount : seeds.beneficiaries;
          return fc
            .constantFrom(...candidates)
            .chain((beneficiary) =>
              withdrawalDetails(seeds, exchange.TargetCurrencyCode, exchange.AccountId, beneficiary.bankCountry).map(
                (details) => (body: Body) =>
                  details({ ...body, InstructionId: exchange.Id, BeneficiaryId: beneficiary.Id }),
              ),
            );
        }),
    validate: (body, seeds) => {
      const bankCountry = beneficiaryOf(seeds, body["BeneficiaryId"])?.bankCountry;
      const exchange = seeds.exchanges.find((candidate) => candidate.Id === body["InstructionId"]);
      return verdictOf(
        validateCreateInstructionWithdrawal(body, {
          ...(exchange === undefined ? {} : { currencyCode: exchange.TargetCurrencyCode }),
          ...(bankCountry === undefined ? {} : { beneficiary: { bankCountry } }),
        }),
      );
    },
  },
  {
    operationId: "createWithdrawalBeneficiary",
    references: (seeds) =>
      fc.tuple(accountIds(seeds), fc.constantFrom(...seeds.currencies), sectorIds(seeds)).map(
        ([AccountId, CurrencyCode, industry]) =>
          (body: Body) =>
            ifPresent({ ...body, AccountId, CurrencyCode }, "IndustryId", industry),
      ),
    validate: (body, seeds, extra) =>
      verdictOf(
        validateCreateWithdrawalBeneficiary(body, {
          sectors: seeds.sectors,
          ...(extra?.additionalInformationRules === undefined
            ? {}
            : { additionalInformationRules: extra.additionalInformationRules }),
        }),
      ),
  },
  {
    operationId: "createExchange",
    // The schema requires no field (the reference marks none); mostly an amount and its GoalType are completed,
    // so that exchanges get created, and now and then the body is left as generated (the sandbox then needs them).
    references: (seeds) =>
      fc
        .tuple(
          accountIds(seeds),
          currencyPair(seeds),
          fc.constantFrom(...seeds.boePurposeCodes),
          fc.record({ goal: fc.integer({ min: 1, max: 500 }), goalType: fc.constantFrom("Buy", "Sell") }),
          fc.nat(3),
        )
        .map(
          ([AccountId, [SourceCurrencyCode, TargetCurrencyCode], boe, { goal, goalType }, complete]) =>
            (body: Body) => ({
              ...ifPresent(body, "BoEPurposeCodeId", boe),
              ...(complete === 0 ? {} : { Goal: body["Goal"] ?? goal, GoalType: body["GoalType"] ?? goalType }),
              AccountId,
              SourceCurrencyCode,
              TargetCurrencyCode,
            }),
        ),
    // The withdrawal an exchange funds is not known when it is created (an instruction withdrawal names it
    // later): the sandbox checks its BoEPurposeCodeId and ReceiverLei rules then, as the validators leave them here.
    validate: (body) => verdictOf(validateCreateExchange(body, {})),
  },
  {
    operationId: "createAlert",
    references: (seeds) =>
      currencyPair(seeds).map(([SourceCurrencyCode, TargetCurrencyCode]) => (body: Body) => ({
        ...body,
        SourceCurrencyCode,
        TargetCurrencyCode,
      })),
    validate: (body) => verdictOf(validateCreateAlert(body)),
  },
  {
    operationId: "requestQuote",
    references: (seeds) =>
      fc
        .tuple(accountIds(seeds), currencyPair(seeds))
        .map(([AccountId, [SourceCurrencyCode, TargetCurrencyCode]]) => (body: Body) => ({
          ...body,
          AccountId,
          SourceCurrencyCode,
          TargetCurrencyCode,
        })),
    validate: (body) => verdictOf(validateQuoteRequest(body)),
  },
  {
    operationId: "requestDepositRequirement",
    references: (seeds) =>
      fc
        .tuple(accountIds(seeds), fc.constantFrom(...seeds.currencies))
        .map(([AccountId, CurrencyCode]) => (body: Body) => ({ ...body, AccountId, CurrencyCode })),
    validate: (body) => verdictOf(validateDepositRequirementRequest(body)),
  },
  {
    operationId: "assignDepositor",
    references: (seeds) =>
      sectorIds(seeds).map((industry) => (body: Body) => {
        const company = body["Company"] as Body | null | undefined;
        return company === undefined || company === null
          ? body
          : { ...body, Company: ifPresent(company, "IndustryId", industry) };
      }),
    validate: (body, seeds) => verdictOf(validateAssignDepositor(body, { sectors: seeds.sectors })),
  },
];

export const recipesById: ReadonlyMap<string, CommandRecipe> = new Map(
  recipes.map((recipe) => [recipe.operationId, recipe]),
);

/** Operations with a JSON request body, all of which have a recipe (checked by the test). */
export const positiveOperationIds: readonly string[] = recipes.map((recipe) => recipe.operationId);

const documentArbitrary: fc.Arbitrary<FuzzFile> = fc.record({
  name: fc.stringMatching(/^[a-z]{1,8}\.(pdf|png|txt)$/),
  contentType: fc.constantFrom("application/pdf", "image/png", "text/plain"),
  content: fc.string({ maxLength: 64 }),
});

/** A positive case for `operationId`: spec-valid, validator-valid, with seeded references and path ids. */
export const positiveCaseArbitrary = cached(
  buildPositiveCaseArbitrary,
  (operationId: string, seeds: Seeds) => `${operationId}@${seedsKey(seeds)}`,
);
function buildPositiveCaseArbitrary(operationId: string, seeds: Seeds): fc.Arbitrary<PositiveCase> {
  const recipe = recipesById.get(operationId);
  const operation = operationOf(operationId);
  const generated = schemaBodyArbitrary(operation);
  if (recipe === undefined || generated === undefined) throw new Error(`no positive recipe for ${operationId}`);
  const documents = operation.requestBody?.mediaTypes.includes("multipart/form-data")
    ? fc.option(fc.array(documentArbitrary, { maxLength: 2 }), { nil: undefined })
    : fc.constant(undefined);
  return fc
    .record({
      path: seededPathArbitrary(operation, seeds),
      body: generated,
      patch: recipe.references(seeds),
      documents,
    })
    .map(({ path, body, patch, documents }) => {
      const patched = patch(body as Body);
      return { operation, path, body: patched, documents, verdict: recipe.validate(patched, seeds) };
    })
    .filter((candidate) => isValidRequestBody(operation, candidate.body));
}

/** Reads the RequiredAdditionalInformation rules for a beneficiary (GET /Beneficiaries/{currencyCode}/RequiredAdditionalInformation). */
export type ReadAdditionalInformationRules = (query: {
  readonly currencyCode: string;
  readonly beneficiaryCountryCode: string;
  readonly beneficiaryBankCountry: string;
  readonly beneficiaryType: string;
}) => Promise<readonly RequiredAdditionalInformation[]>;

/**
 * The validators' verdict with everything a client can read from the API: for a withdrawal beneficiary that
 * includes the RequiredAdditionalInformation rules of its currency, address country, bank country and type,
 * which may turn the verdict into a refusal at /AdditionalInformation.
 */
export async function fullVerdict(
  testCase: PositiveCase,
  seeds: Seeds,
  readRules: ReadAdditionalInformationRules,
): Promise<Verdict> {
  if (testCase.operation.operationId !== "createWithdrawalBeneficiary") return testCase.verdict;
  const body = testCase.body as {
    CurrencyCode: string;
    Address: { CountryCode: string };
    PaymentRouting: { CountryCode: string };
    BeneficiaryType: string;
  };
  const rules = await readRules({
    currencyCode: body.CurrencyCode,
    beneficiaryCountryCode: body.Address.CountryCode,
    beneficiaryBankCountry: body.PaymentRouting.CountryCode,
    beneficiaryType: body.BeneficiaryType,
  });
  return recipesById
    .get("createWithdrawalBeneficiary")!
    .validate(testCase.body, seeds, { additionalInformationRules: rules });
}

/** `200`, `201`, or `400 <code>`: what a tally counts. */
export function outcomeOf(response: FuzzResponse): string {
  return response.status === 400 && isODataError(response.body)
    ? `400 ${response.body.error.code}`
    : `${response.status}`;
}

const under = (target: string, field: string): boolean => target === field || target.startsWith(`${field}/`);

/**
 * What a body the validators accept may get: a success status, a domain refusal, or an invalid_body whose
 * every detail is at a field of a rule the validator could not check. A body the validators refuse (with the
 * API's additional-information rules) must be refused at one of the fields they name.
 */
export function positiveProblems(
  operation: OperationMetadata,
  verdict: Verdict,
  response: FuzzResponse,
  /** Where the body's JSON was in the request (`/Request`, the part of a multipart body): its issues' targets start so. */
  bodyPointer = "",
): string[] {
  const answer = `${response.status} ${response.text.slice(0, 400)}`;
  const inBody = (target: string): string =>
    bodyPointer !== "" && target.startsWith(`${bodyPointer}/`) ? target.slice(bodyPointer.length) : target;
  if (!verdict.ok) {
    const fields = verdict.issues.map((issue) => pointerOf(issue.path));
    const disagreeing = fields.filter((field) => !isAtFieldOf(allConditionalRules, field));
    if (disagreeing.length > 0)
      return [
        `the spec accepts the body, the validators refuse it outside their conditional rules, at ${disagreeing.join(", ")}`,
      ];
    if (response.status !== 400 || !isODataError(response.body))
      return [`the validators refuse it at ${fields.join(", ")}; the sandbox answered ${answer}`];
    return targetsOf(response.body).some((target) => fields.some((field) => under(inBody(target), field)))
      ? []
      : [`refused, but not at ${fields.join(", ")}: ${answer}`];
  }
  if (operation.successStatuses.includes(String(response.status))) return [];
  if (response.status !== 400 || !isODataError(response.body)) return [`a valid body was answered ${answer}`];
  const { code, details } = response.body.error;
  if (domainRefusalCodes.includes(code)) return [];
  if (code === "invalid_body" && verdict.uncheckedRules.length > 0) {
    const targets = (details ?? []).map((detail) => inBody(detail.target ?? ""));
    if (targets.length > 0 && targets.every((target) => isAtFieldOf(verdict.uncheckedRules, target))) return [];
    return [`refused outside the fields of the unchecked rules (${verdict.uncheckedRules.join(", ")}): ${answer}`];
  }
  return [`a valid body with valid references was refused with ${code}, which is no domain rule: ${answer}`];
}
