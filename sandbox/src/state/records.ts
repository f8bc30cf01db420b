/**
 * What the sandbox stores: one record type per kind of entity, JSON-serialisable (a data file holds them as
 * they are). Records keep what the API shows plus what the sandbox needs to decide rules (the owning service
 * user, the account setup, the beneficiary's routing). Amounts are integers in minor units (cents), so that
 * balances never drift by floating-point rounding; the DTO mappers turn them back into decimals. Which table
 * holds which record, and the state as a whole (`SandboxState`), is `tables.ts`.
 */

/** The service user (tenant) a record belongs to: another user gets 404 for it. */
export type TenantId = string;

export interface EntityRecord {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly Name: string;
  readonly CountryCode: string;
}

export interface AccountRecord {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly EntityId: number;
  /** Set on a subaccount: the account it belongs to. */
  readonly ParentAccountId?: number;
  readonly Name: string;
  readonly AccountNumber: string;
  readonly StatusCode: string;
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
export interface BalanceRecord {
  readonly AccountId: number;
  readonly CurrencyCode: string;
  readonly value: number;
  readonly allocated: number;
  readonly processing: number;
  readonly ValueDate: string;
}

export type StatementDetail =
  | { readonly kind: "transfer"; readonly id: number }
  | { readonly kind: "withdrawal"; readonly id: number }
  | { readonly kind: "exchange"; readonly id: number }
  | { readonly kind: "deposit"; readonly id: number };

export interface StatementItemRecord {
  readonly Id: number;
  readonly AccountId: number;
  readonly CurrencyCode: string;
  readonly delta: number;
  readonly runningTotal: number;
  readonly ValueDate: string;
  readonly Sequence: string;
  readonly Narrative: string;
  readonly detail?: StatementDetail;
}

export interface TransferBeneficiaryRecord {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly AccountId: number;
  readonly BeneficiaryAccountId: number;
  readonly Name: string;
  readonly Website?: string;
  readonly Vertical?: string;
  readonly Industry?: string;
  readonly CurrencyCode: string;
  readonly StatusCode: string;
}

/** A withdrawal beneficiary, kept as it was created (the request's routing, address and classification). */
export interface BeneficiaryRecord {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly AccountId: number;
  readonly Name: string;
  readonly AccountHolderName: string;
  readonly CurrencyCode: string;
  readonly StatusCode: string;
  readonly BeneficiaryType: "Individual" | "Company";
  readonly PaymentRouting: Readonly<Record<string, unknown>>;
  readonly AlternatePaymentRouting?: readonly Readonly<Record<string, unknown>>[];
  readonly IntermediaryPaymentRouting?: readonly Readonly<Record<string, unknown>>[];
  readonly Address: Readonly<Record<string, unknown>>;
  readonly IndustryId?: number;
  readonly IndustryDetails?: string;
  readonly Website?: string;
  readonly Reference?: string;
  readonly ReceiverLei?: string;
  readonly AdditionalInformation?: Readonly<Record<string, string>>;
}

export interface TransferRecord {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly AccountId: number;
  readonly BeneficiaryId: number;
  readonly BeneficiaryAccountId: number;
  readonly CurrencyCode: string;
  readonly amount: number;
  readonly Reference?: string;
  readonly CreatedDate: string;
  readonly ValueDate: string;
  readonly StatusCode: string;
}

export interface SupportingDocumentRecord {
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
}

export interface WithdrawalRecord {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly AccountId: number;
  readonly BeneficiaryId: number;
  readonly CurrencyCode: string;
  readonly amount: number;
  readonly Reference?: string;
  readonly Description?: string;
  readonly InstructionId?: number;
  readonly PaymentPurposeId?: number;
  readonly BoEPurposeCodeId?: number;
  readonly ReceiverLei?: string;
  readonly PaymentChargesCode?: string;
  readonly UltimateOriginator?: Readonly<Record<string, unknown>>;
  readonly supportingDocuments: readonly SupportingDocumentRecord[];
  readonly CreatedDate: string;
  readonly ValueDate: string;
  readonly StatusCode: string;
}

export interface ExchangeRecord {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly AccountId: number;
  readonly SourceCurrencyCode: string;
  readonly TargetCurrencyCode: string;
  readonly GoalType: "Buy" | "Sell";
  /** In minor units of the target currency (Buy) or of the source currency (Sell). */
  readonly goal: number;
  readonly rate: number;
  /** Minor units of the source currency sold and of the target currency bought. */
  readonly sold: number;
  readonly bought: number;
  readonly UseAvailableFunds: boolean;
  /** As the CreateExchange request gave them: checked when an instruction withdrawal names the exchange. */
  readonly BoEPurposeCodeId?: number;
  readonly ReceiverLei?: string;
  readonly StatusCode: string;
  readonly CreatedOn: string;
  readonly UpdatedDate: string;
  readonly DepositReference: string;
}

export interface AlertRecord {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly SourceCurrencyCode: string;
  readonly TargetCurrencyCode: string;
  readonly Limit: number;
  readonly Rate: number;
  readonly CreatedDate: string;
  readonly ValueDate: string;
  readonly NotifiedDate?: string;
  readonly CancelledDate?: string;
  readonly Active: boolean;
}

export interface DepositRecord {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly AccountId: number;
  readonly CurrencyCode: string;
  readonly amount: number;
  readonly Reference: string;
  readonly Narrative: readonly string[];
  readonly ValueDate: string;
  readonly StatusCode: string;
  readonly CounterpartAccountName: string;
  readonly DepositorId?: number;
  readonly ExchangeId?: number;
}

export interface DepositorRecord {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly AccountId: number;
  readonly CreatedDate: string;
  readonly Name: string;
  readonly RemitterName: string;
  readonly EntityType: "Individual" | "Company";
  readonly IsThirdParty: boolean;
  readonly Address?: Readonly<Record<string, unknown>>;
  readonly Website?: string;
  readonly IndustryId?: number;
  readonly IndustryDetails?: string;
  readonly PhoneNumber?: string;
  readonly StatusCode: string;
}

/** Sandbox-only: the status of an asynchronous job, read with its token. */
export interface JobRecord {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly token: string;
  readonly Status: string;
  readonly CreatedDate: string;
}

export interface CurrencyRecord {
  readonly Id: string;
  readonly Name: string;
  readonly Type: string;
  readonly Format: string;
  readonly FormatTemplate: string;
  readonly SignificantDigits: number;
}

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
  /** Path of the entity; made absolute with the server's base URL at delivery. */
  readonly apiPath: string;
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
