/**
 * What the sandbox stores: one record type per kind of entity, JSON-serialisable (a data file holds them as
 * they are). Records keep what the API shows plus what the sandbox needs to decide rules (the owning service
 * user, the account setup, the beneficiary's routing). Amounts are integers in minor units (cents), so that
 * balances never drift by floating-point rounding; the DTO mappers turn them back into decimals. Which table
 * holds which record, and the state as a whole (`SandboxState`), is `tables.ts`.
 *
 * A field the API's document states (a request's field as the validators hand it back, an entity's field) is
 * picked from the spec's types, `generated/spec-fields.ts`, so its type, literals and optionality are the spec's;
 * the record says only which it keeps, which its model always has (`Required<...>`), and its own columns.
 */
import type {
  AccountBalanceDtoFields,
  AccountDtoFields,
  AccountStatementItemDtoFields,
  AlertDtoFields,
  CreateAccountTransferFields,
  CreateAccountWithdrawalFields,
  CreateAlertRequestFields,
  CreateExchangeFields,
  CreateInstructionWithdrawalFields,
  CreateWithdrawalBeneficiaryFields,
  CurrencyDtoFields,
  DepositDtoFields,
  DepositorDto2Fields,
  ExchangeDtoFields,
  OutboundTransferDtoFields,
  TransferBeneficiaryDtoFields,
  WithdrawalDtoFields,
} from "./generated/spec-fields.js";

/** The service user (tenant) a record belongs to: another user gets 404 for it. */
export type TenantId = string;

export interface EntityRecord {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly Name: string;
  readonly CountryCode: string;
}

export interface AccountRecord extends Required<
  Pick<AccountDtoFields, "EntityId" | "Name" | "AccountNumber" | "StatusCode">
> {
  readonly Id: number;
  readonly tenant: TenantId;
  /** Set on a subaccount: the account it belongs to. */
  readonly ParentAccountId?: number;
  /** Account setup, not readable from the API: it decides the UltimateOriginator and PaymentChargesCode rules. */
  readonly setup: {
    readonly isPsp: boolean;
    readonly acceptsUltimateOriginator: boolean;
    readonly acceptsPaymentChargesCode: boolean;
    /** MT103 confirmations are "a feature enabled for the account". */
    readonly mt103Enabled: boolean;
  };
}

/** One currency of one account. Available = Value − Allocated − Processing. */
export interface BalanceRecord extends Required<Pick<AccountBalanceDtoFields, "CurrencyCode" | "ValueDate">> {
  readonly AccountId: number;
  readonly value: number;
  readonly allocated: number;
  readonly processing: number;
}

export type StatementDetail =
  | { readonly kind: "transfer"; readonly id: number }
  | { readonly kind: "withdrawal"; readonly id: number }
  | { readonly kind: "exchange"; readonly id: number }
  | { readonly kind: "deposit"; readonly id: number };

export interface StatementItemRecord extends Required<
  Pick<AccountStatementItemDtoFields, "CurrencyCode" | "ValueDate" | "Sequence" | "Narrative">
> {
  readonly Id: number;
  readonly AccountId: number;
  readonly delta: number;
  readonly runningTotal: number;
  readonly detail?: StatementDetail;
}

export interface TransferBeneficiaryRecord
  extends
    Required<
      Pick<TransferBeneficiaryDtoFields, "AccountId" | "BeneficiaryAccountId" | "Name" | "CurrencyCode" | "StatusCode">
    >,
    Pick<TransferBeneficiaryDtoFields, "Website" | "Vertical" | "Industry"> {
  readonly Id: number;
  readonly tenant: TenantId;
}

/** A withdrawal beneficiary, kept as it was created (the request's routing, address and classification). */
export interface BeneficiaryRecord extends Omit<CreateWithdrawalBeneficiaryFields, "AccountHolderName"> {
  readonly Id: number;
  readonly tenant: TenantId;
  /** Name when the request left it out ("when empty it equals Name"). */
  readonly AccountHolderName: string;
  readonly StatusCode: string;
}

export interface TransferRecord
  extends
    Pick<CreateAccountTransferFields, "AccountId" | "BeneficiaryId" | "CurrencyCode" | "Reference">,
    Required<Pick<OutboundTransferDtoFields, "CreatedDate" | "ValueDate" | "StatusCode">> {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly BeneficiaryAccountId: number;
  readonly amount: number;
}

export interface SupportingDocumentRecord {
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
}

export interface WithdrawalRecord
  extends
    Omit<CreateAccountWithdrawalFields, "Amount">,
    Partial<Pick<CreateInstructionWithdrawalFields, "InstructionId">>,
    Required<Pick<WithdrawalDtoFields, "CreatedDate" | "ValueDate" | "StatusCode">> {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly amount: number;
  readonly supportingDocuments: readonly SupportingDocumentRecord[];
}

export interface ExchangeRecord
  extends
    Required<Pick<CreateExchangeFields, "AccountId" | "SourceCurrencyCode" | "TargetCurrencyCode" | "GoalType">>,
    Pick<CreateExchangeFields, "BoEPurposeCodeId" | "ReceiverLei">,
    Required<Pick<ExchangeDtoFields, "StatusCode" | "CreatedOn" | "UpdatedDate" | "DepositReference">> {
  readonly Id: number;
  readonly tenant: TenantId;
  /** In minor units of the target currency (Buy) or of the source currency (Sell). */
  readonly goal: number;
  readonly rate: number;
  /** Minor units of the source currency sold and of the target currency bought. */
  readonly sold: number;
  readonly bought: number;
  /** As the CreateExchange request gave it (false when left out); like BoEPurposeCodeId and ReceiverLei, which are
   * checked when an instruction withdrawal names the exchange. */
  readonly UseAvailableFunds: boolean;
}

export interface AlertRecord
  extends
    Required<CreateAlertRequestFields>,
    Required<Pick<AlertDtoFields, "Rate" | "CreatedDate" | "ValueDate" | "Active">>,
    Pick<AlertDtoFields, "NotifiedDate" | "CancelledDate"> {
  readonly Id: number;
  readonly tenant: TenantId;
}

export interface DepositRecord extends Required<
  Pick<DepositDtoFields, "CurrencyCode" | "Reference" | "ValueDate" | "StatusCode" | "CounterpartAccountName">
> {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly AccountId: number;
  readonly amount: number;
  /** Lines of text (the reference types Narrative only as "array"; the sandbox's are strings). */
  readonly Narrative: readonly string[];
  readonly DepositorId?: number;
  readonly ExchangeId?: number;
}

export interface DepositorRecord
  extends
    Required<Pick<DepositorDto2Fields, "CreatedDate" | "Name" | "RemitterName" | "IsThirdParty" | "StatusCode">>,
    Pick<DepositorDto2Fields, "Address" | "Website" | "IndustryDetails" | "PhoneNumber"> {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly AccountId: number;
  /** The kind of party assigned (the reference types EntityType as a string; the sandbox's depositors are these). */
  readonly EntityType: "Individual" | "Company";
  /** The Company's IndustryId as assigned (DepositorDto2 shows an Industry object). */
  readonly IndustryId?: number;
}

/** Sandbox-only: the status of an asynchronous job, read with its token. */
export interface JobRecord {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly token: string;
  readonly Status: string;
  readonly CreatedDate: string;
}

export type CurrencyRecord = Required<
  Pick<CurrencyDtoFields, "Id" | "Name" | "Type" | "Format" | "FormatTemplate" | "SignificantDigits">
>;

export interface CountryRecord {
  readonly Id: string;
  readonly Name: string;
  /** Country lists are filtered by `FilterType`; the sandbox knows these filters. */
  readonly filters: readonly string[];
}

export interface SectorRecord {
  readonly Id: number;
  readonly Name: string;
  readonly Vertical: string;
}

export interface PaymentPurposeRecord {
  readonly Id: number;
  readonly Name: string;
  /** ISO 3166-1 country; absent: a generic purpose (`PaymentPurposes(CountryCode=null)`). */
  readonly CountryCode?: string;
  /** Bank of England purpose codes (`BoEPaymentPurposes`) are a list of their own. */
  readonly boe: boolean;
}

/** A mid rate: units of target currency per unit of source currency. */
export interface RateRecord {
  readonly SourceCurrencyCode: string;
  readonly TargetCurrencyCode: string;
  readonly MidRate: number;
}

/** A webhook event as the reference describes it, plus the tenant it is delivered to and when it was raised. */
export interface EventRecord {
  readonly sequence: number;
  readonly tenant: TenantId;
  readonly EntityType: "Transfer" | "Withdrawal";
  readonly EntityId: number;
  readonly Reason: string;
  /** Path of the entity; made absolute with `apiBaseUrl`, or else the server's base URL, at delivery. */
  readonly apiPath: string;
  /** The base URL the raising request reached the API at, when it was not the server's own (a proxy's). */
  readonly apiBaseUrl?: string;
  readonly raisedAt: string;
}

/** Sandbox-only: a URL that receives the events of one tenant (or of all tenants). */
export interface WebhookTargetRecord {
  readonly id: number;
  readonly url: string;
  readonly tenant?: TenantId;
}

/** Sandbox-only: how far a webhook target has received the events (a sequence number), kept across restarts. */
export interface WebhookCursorRecord {
  readonly targetId: number;
  readonly deliveredSequence: number;
}

/**
 * Sandbox-only: a batch of events a target did not take within the retry limits, with why; replayable from the
 * control API. The events are kept whole, so a replay after a reset or restart still sends what failed.
 */
export interface WebhookDeadLetterRecord {
  readonly id: number;
  readonly targetId: number;
  /** The target's URL when delivery gave up (the target may be gone since). */
  readonly url: string;
  readonly events: readonly EventRecord[];
  /** Why delivery stopped: the attempt limit, the age limit, or the target's backlog limit. */
  readonly reason: "attempts" | "age" | "backlog";
  readonly attempts: number;
  readonly lastError?: string;
  readonly firstAttemptAt?: string;
  readonly failedAt: string;
  /** Set while a replay is queued or in flight: the dispatcher sends it before the target's newer events. */
  readonly replayRequestedAt?: string;
}
