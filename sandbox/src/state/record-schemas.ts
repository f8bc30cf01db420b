/**
 * JSON Schemas (draft-07, checked with ajv) of every record kind, typed against the record types with ajv's
 * `JSONSchemaType`, so a field added to a record and not here is a compile error; each table of `tables.ts` names
 * its record's schema. A data file's rows are checked with them at start-up: a row of the wrong shape (an amount
 * as a string, a `null` row) stops the start with the file and the row named, instead of a wrong answer or a
 * 500 later. Amounts and ids are integers (minor units).
 */
import type { JSONSchemaType } from "ajv";
import type {
  AccountRecord,
  AlertRecord,
  BalanceRecord,
  BeneficiaryRecord,
  CountryRecord,
  CurrencyRecord,
  DepositRecord,
  DepositorRecord,
  EntityRecord,
  EventRecord,
  ExchangeRecord,
  JobRecord,
  PaymentPurposeRecord,
  RateRecord,
  SectorRecord,
  StatementItemRecord,
  TransferBeneficiaryRecord,
  TransferRecord,
  WebhookCursorRecord,
  WebhookDeadLetterRecord,
  WebhookTargetRecord,
  WithdrawalRecord,
} from "./records.js";

const id = { type: "integer", minimum: 1 } as const;
const optionalId = { type: "integer", minimum: 1, nullable: true } as const;
const integer = { type: "integer" } as const;
const number = { type: "number" } as const;
const text = { type: "string" } as const;
const optionalText = { type: "string", nullable: true } as const;
const flag = { type: "boolean" } as const;
const openObject = { type: "object", required: [] } as const;
const optionalOpenObject = { type: "object", required: [], nullable: true } as const;
const tenant = { type: "string", minLength: 1 } as const;

export const entity: JSONSchemaType<EntityRecord> = {
  type: "object",
  required: ["Id", "tenant", "Name", "CountryCode"],
  properties: { Id: id, tenant, Name: text, CountryCode: text },
};

export const account: JSONSchemaType<AccountRecord> = {
  type: "object",
  required: ["Id", "tenant", "EntityId", "Name", "AccountNumber", "StatusCode", "setup"],
  properties: {
    Id: id,
    tenant,
    EntityId: id,
    ParentAccountId: optionalId,
    Name: text,
    AccountNumber: text,
    StatusCode: text,
    setup: {
      type: "object",
      required: ["isPsp", "acceptsUltimateOriginator", "acceptsPaymentChargesCode", "mt103Enabled"],
      properties: { isPsp: flag, acceptsUltimateOriginator: flag, acceptsPaymentChargesCode: flag, mt103Enabled: flag },
    },
  },
};

export const balance: JSONSchemaType<BalanceRecord> = {
  type: "object",
  required: ["AccountId", "CurrencyCode", "value", "allocated", "processing", "ValueDate"],
  properties: {
    AccountId: id,
    CurrencyCode: text,
    value: integer,
    allocated: integer,
    processing: integer,
    ValueDate: text,
  },
};

export const statementItem: JSONSchemaType<StatementItemRecord> = {
  type: "object",
  required: ["Id", "AccountId", "CurrencyCode", "delta", "runningTotal", "ValueDate", "Sequence", "Narrative"],
  properties: {
    Id: id,
    AccountId: id,
    CurrencyCode: text,
    delta: integer,
    runningTotal: integer,
    ValueDate: text,
    Sequence: text,
    Narrative: text,
    detail: {
      type: "object",
      nullable: true,
      required: ["kind", "id"],
      oneOf: (["transfer", "withdrawal", "exchange", "deposit"] as const).map((kind) => ({
        type: "object",
        required: ["kind", "id"],
        properties: { kind: { type: "string", const: kind }, id },
      })),
    },
  },
};

export const transferBeneficiary: JSONSchemaType<TransferBeneficiaryRecord> = {
  type: "object",
  required: ["Id", "tenant", "AccountId", "BeneficiaryAccountId", "Name", "CurrencyCode", "StatusCode"],
  properties: {
    Id: id,
    tenant,
    AccountId: id,
    BeneficiaryAccountId: id,
    Name: text,
    Website: optionalText,
    Vertical: optionalText,
    Industry: optionalText,
    CurrencyCode: text,
    StatusCode: text,
  },
};

export const beneficiary: JSONSchemaType<BeneficiaryRecord> = {
  type: "object",
  required: [
    "Id",
    "tenant",
    "AccountId",
    "Name",
    "AccountHolderName",
    "CurrencyCode",
    "StatusCode",
    "BeneficiaryType",
    "PaymentRouting",
    "Address",
  ],
  properties: {
    Id: id,
    tenant,
    AccountId: id,
    Name: text,
    AccountHolderName: text,
    CurrencyCode: text,
    StatusCode: text,
    BeneficiaryType: { type: "string", enum: ["Individual", "Company"] },
    PaymentRouting: openObject,
    AlternatePaymentRouting: { type: "array", nullable: true, items: openObject },
    IntermediaryPaymentRouting: { type: "array", nullable: true, items: openObject },
    Address: openObject,
    IndustryId: optionalId,
    IndustryDetails: optionalText,
    Website: optionalText,
    Reference: optionalText,
    ReceiverLei: optionalText,
    AdditionalInformation: { type: "object", nullable: true, required: [], additionalProperties: text },
  },
};

export const transfer: JSONSchemaType<TransferRecord> = {
  type: "object",
  required: [
    "Id",
    "tenant",
    "AccountId",
    "BeneficiaryId",
    "BeneficiaryAccountId",
    "CurrencyCode",
    "amount",
    "CreatedDate",
    "ValueDate",
    "StatusCode",
  ],
  properties: {
    Id: id,
    tenant,
    AccountId: id,
    BeneficiaryId: id,
    BeneficiaryAccountId: id,
    CurrencyCode: text,
    amount: integer,
    Reference: optionalText,
    CreatedDate: text,
    ValueDate: text,
    StatusCode: text,
  },
};

export const withdrawal: JSONSchemaType<WithdrawalRecord> = {
  type: "object",
  required: [
    "Id",
    "tenant",
    "AccountId",
    "BeneficiaryId",
    "CurrencyCode",
    "amount",
    "supportingDocuments",
    "CreatedDate",
    "ValueDate",
    "StatusCode",
  ],
  properties: {
    Id: id,
    tenant,
    AccountId: id,
    BeneficiaryId: id,
    CurrencyCode: text,
    amount: integer,
    Reference: optionalText,
    Description: optionalText,
    InstructionId: optionalId,
    PaymentPurposeId: optionalId,
    BoEPurposeCodeId: optionalId,
    ReceiverLei: optionalText,
    PaymentChargesCode: optionalText,
    UltimateOriginator: optionalOpenObject,
    supportingDocuments: {
      type: "array",
      items: {
        type: "object",
        required: ["fileName", "contentType", "size"],
        properties: { fileName: text, contentType: text, size: { type: "integer", minimum: 0 } },
      },
    },
    CreatedDate: text,
    ValueDate: text,
    StatusCode: text,
  },
};

export const exchange: JSONSchemaType<ExchangeRecord> = {
  type: "object",
  required: [
    "Id",
    "tenant",
    "AccountId",
    "SourceCurrencyCode",
    "TargetCurrencyCode",
    "GoalType",
    "goal",
    "rate",
    "sold",
    "bought",
    "UseAvailableFunds",
    "StatusCode",
    "CreatedOn",
    "UpdatedDate",
    "DepositReference",
  ],
  properties: {
    Id: id,
    tenant,
    AccountId: id,
    SourceCurrencyCode: text,
    TargetCurrencyCode: text,
    GoalType: { type: "string", enum: ["Buy", "Sell"] },
    goal: integer,
    rate: number,
    sold: integer,
    bought: integer,
    UseAvailableFunds: flag,
    StatusCode: text,
    CreatedOn: text,
    UpdatedDate: text,
    DepositReference: text,

    BoEPurposeCodeId: optionalId,
    ReceiverLei: optionalText,
  },
};

export const alert: JSONSchemaType<AlertRecord> = {
  type: "object",
  required: [
    "Id",
    "tenant",
    "SourceCurrencyCode",
    "TargetCurrencyCode",
    "Limit",
    "Rate",
    "CreatedDate",
    "ValueDate",
    "Active",
  ],
  properties: {
    Id: id,
    tenant,
    SourceCurrencyCode: text,
    TargetCurrencyCode: text,
    Limit: number,
    Rate: number,
    CreatedDate: text,
    ValueDate: text,
    NotifiedDate: optionalText,
    CancelledDate: optionalText,
    Active: flag,
  },
};

export const deposit: JSONSchemaType<DepositRecord> = {
  type: "object",
  required: [
    "Id",
    "tenant",
    "AccountId",
    "CurrencyCode",
    "amount",
    "Reference",
    "Narrative",
    "ValueDate",
    "StatusCode",
    "CounterpartAccountName",
  ],
  properties: {
    Id: id,
    tenant,
    AccountId: id,
    CurrencyCode: text,
    amount: integer,
    Reference: text,
    Narrative: { type: "array", items: text },
    ValueDate: text,
    StatusCode: text,
    CounterpartAccountName: text,
    DepositorId: optionalId,
    ExchangeId: optionalId,
  },
};

export const depositor: JSONSchemaType<DepositorRecord> = {
  type: "object",
  required: [
    "Id",
    "tenant",
    "AccountId",
    "CreatedDate",
    "Name",
    "RemitterName",
    "EntityType",
    "IsThirdParty",
    "StatusCode",
  ],
  properties: {
    Id: id,
    tenant,
    AccountId: id,
    CreatedDate: text,
    Name: text,
    RemitterName: text,
    EntityType: { type: "string", enum: ["Individual", "Company"] },
    IsThirdParty: flag,
    Address: optionalOpenObject,
    Website: optionalText,
    IndustryId: optionalId,
    IndustryDetails: optionalText,
    PhoneNumber: optionalText,
    StatusCode: text,
  },
};

export const job: JSONSchemaType<JobRecord> = {
  type: "object",
  required: ["Id", "tenant", "token", "Status", "CreatedDate"],
  properties: { Id: id, tenant, token: text, Status: text, CreatedDate: text },
};

export const currency: JSONSchemaType<CurrencyRecord> = {
  type: "object",
  required: ["Id", "Name", "Type", "Format", "FormatTemplate", "SignificantDigits"],
  properties: {
    Id: { type: "string", minLength: 1 },
    Name: text,
    Type: text,
    Format: text,
    FormatTemplate: text,
    SignificantDigits: { type: "integer", minimum: 0 },
  },
};

export const country: JSONSchemaType<CountryRecord> = {
  type: "object",
  required: ["Id", "Name", "filters"],
  properties: { Id: { type: "string", minLength: 1 }, Name: text, filters: { type: "array", items: text } },
};

export const sector: JSONSchemaType<SectorRecord> = {
  type: "object",
  required: ["Id", "Name", "Vertical"],
  properties: { Id: id, Name: text, Vertical: text },
};

export const paymentPurpose: JSONSchemaType<PaymentPurposeRecord> = {
  type: "object",
  required: ["Id", "Name", "boe"],
  properties: { Id: id, Name: text, CountryCode: optionalText, boe: flag },
};

export const rate: JSONSchemaType<RateRecord> = {
  type: "object",
  required: ["SourceCurrencyCode", "TargetCurrencyCode", "MidRate"],
  properties: { SourceCurrencyCode: text, TargetCurrencyCode: text, MidRate: number },
};

export const event: JSONSchemaType<EventRecord> = {
  type: "object",
  required: ["sequence", "tenant", "EntityType", "EntityId", "Reason", "apiPath", "raisedAt"],
  properties: {
    sequence: id,
    tenant,
    EntityType: { type: "string", enum: ["Transfer", "Withdrawal"] },
    EntityId: id,
    Reason: text,
    apiPath: text,
    apiBaseUrl: { type: "string", minLength: 1, nullable: true },
    raisedAt: text,
  },
};

export const webhookTarget: JSONSchemaType<WebhookTargetRecord> = {
  type: "object",
  required: ["id", "url"],
  properties: { id, url: { type: "string", minLength: 1 }, tenant: { ...tenant, nullable: true } },
};

export const webhookCursor: JSONSchemaType<WebhookCursorRecord> = {
  type: "object",
  required: ["targetId", "deliveredSequence"],
  properties: { targetId: id, deliveredSequence: { type: "integer", minimum: 0 } },
};

export const webhookDeadLetter: JSONSchemaType<WebhookDeadLetterRecord> = {
  type: "object",
  required: ["id", "targetId", "url", "events", "reason", "attempts", "failedAt"],
  properties: {
    id,
    targetId: id,
    url: text,
    events: { type: "array", items: event },
    reason: { type: "string", enum: ["attempts", "age", "backlog"] },
    attempts: { type: "integer", minimum: 0 },
    lastError: optionalText,
    firstAttemptAt: optionalText,
    failedAt: text,
    replayRequestedAt: optionalText,
  },
};
