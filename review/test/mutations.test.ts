/**
 * The mutations of the real spec, each classified as it should be, request and response sides apart.
 * Mutations that touch different nodes share one document pair (one run of the engine each batch); every finding
 * is checked at the pointer of the mutation that caused it, and no breaking finding may appear anywhere else.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "../src/diff/finding.js";
import { diffDocuments, verdictsAt } from "./support/diff-documents.js";
import { realSpec, type Spec } from "./support/real-spec.js";

interface Mutation {
  readonly name: string;
  readonly apply: (spec: Spec) => void;
  /** pointer → the findings there, as `rule level side`. */
  readonly expected: Readonly<Record<string, readonly string[]>>;
}

const schemas = (spec: Spec): Spec => spec["components"]["schemas"];

const independent: readonly Mutation[] = [
  {
    name: "remove a path",
    apply: (spec) => delete spec["paths"]["/api/v1/Alerts/Create"],
    expected: { "/paths/~1api~1v1~1Alerts~1Create": ["path-removed breaking both"] },
  },
  {
    name: "make a parameter required",
    apply: (spec) => (spec["components"]["parameters"]["ODataTop"]["required"] = true),
    expected: { "/components/parameters/ODataTop/required": ["parameter-became-required breaking request"] },
  },
  {
    name: "remove a response field",
    apply: (spec) => delete schemas(spec)["TransferDto"]["properties"]["AccountName"],
    expected: { "/components/schemas/TransferDto/properties/AccountName": ["property-removed breaking response"] },
  },
  {
    name: "narrow a pattern (request)",
    apply: (spec) =>
      (schemas(spec)["CreateExchange"]["properties"]["SourceCurrencyCode"]["pattern"] = "^(GBP|EUR|USD)$"),
    expected: {
      "/components/schemas/CreateExchange/properties/SourceCurrencyCode/pattern": [
        "schema-constraint-changed breaking request",
      ],
    },
  },
  {
    // The API's document gives ApiUrl no pattern (any absolute URL): one added narrows what the client receives.
    name: "add a pattern (webhook payload: response side)",
    apply: (spec) =>
      (schemas(spec)["TransferCompletedEvent"]["properties"]["ApiUrl"]["pattern"] =
        "^https://\\S+/api/v1/OutboundTransfers\\(\\d+\\)$"),
    expected: {
      "/components/schemas/TransferCompletedEvent/properties/ApiUrl/pattern": [
        "response-constraint-tightened info response",
      ],
    },
  },
  {
    name: "add an enum value (request)",
    apply: (spec) => schemas(spec)["CreateExchange"]["properties"]["GoalType"]["enum"].push("Hold"),
    expected: {
      "/components/schemas/CreateExchange/properties/GoalType/enum": ["request-enum-values-added info request"],
    },
  },
  {
    name: "remove an enum value (request)",
    apply: (spec) =>
      (schemas(spec)["CreateWithdrawalBeneficiary"]["properties"]["BeneficiaryType"]["enum"] = ["Individual"]),
    expected: {
      "/components/schemas/CreateWithdrawalBeneficiary/properties/BeneficiaryType/enum": [
        "enum-values-removed breaking request",
      ],
    },
  },
  {
    name: "add an optional field (response)",
    apply: (spec) => (schemas(spec)["TransferDto"]["properties"]["Channel"] = { type: ["string", "null"] }),
    expected: { "/components/schemas/TransferDto/properties/Channel": ["response-property-added info response"] },
  },
  {
    name: "add an optional field (request)",
    apply: (spec) => (schemas(spec)["CreateWithdrawalBeneficiary"]["properties"]["Nickname"] = { type: "string" }),
    expected: {
      "/components/schemas/CreateWithdrawalBeneficiary/properties/Nickname": ["request-property-added info request"],
    },
  },
  {
    name: "remove an optional request field",
    apply: (spec) => delete schemas(spec)["CreateExchange"]["properties"]["ReceiverLei"],
    expected: {
      "/components/schemas/CreateExchange/properties/ReceiverLei": ["request-property-removed warning request"],
    },
  },
  {
    name: "change a type (request)",
    apply: (spec) => (schemas(spec)["CreateAccountTransfer"]["properties"]["AccountId"]["type"] = "string"),
    expected: {
      "/components/schemas/CreateAccountTransfer/properties/AccountId/type": ["schema-type-changed breaking request"],
    },
  },
  {
    name: "widen a type (request, compatible)",
    apply: (spec) => (schemas(spec)["CreateAccountTransfer"]["properties"]["BeneficiaryId"]["type"] = "number"),
    expected: {
      "/components/schemas/CreateAccountTransfer/properties/BeneficiaryId/type": ["request-type-changed info request"],
    },
  },
  {
    name: "change a type (response)",
    apply: (spec) => (schemas(spec)["OutboundTransferDto"]["properties"]["Amount"]["type"] = ["string", "null"]),
    expected: {
      "/components/schemas/OutboundTransferDto/properties/Amount/type": ["schema-type-changed breaking response"],
    },
  },
  {
    name: "relax a request constraint",
    apply: (spec) => (schemas(spec)["CreateAccountTransfer"]["properties"]["Reference"]["maxLength"] = 40),
    expected: {
      "/components/schemas/CreateAccountTransfer/properties/Reference/maxLength": [
        "request-constraint-relaxed info request",
      ],
    },
  },
  {
    name: "remove a webhook payload field",
    apply: (spec) => {
      const event = schemas(spec)["TransferCreatedEvent"];
      delete event["properties"]["EntityId"];
      event["required"] = event["required"].filter((name: string) => name !== "EntityId");
    },
    expected: {
      "/components/schemas/TransferCreatedEvent/properties/EntityId": ["property-removed breaking response"],
      "/components/schemas/TransferCreatedEvent/required": ["required-properties-removed breaking response"],
    },
  },
  {
    name: "remove an error response",
    apply: (spec) => delete spec["paths"]["/api/v1/Transfers"]["get"]["responses"]["400"],
    expected: { "/paths/~1api~1v1~1Transfers/get/responses/400": ["response-removed warning response"] },
  },
  {
    name: "remove a success response",
    apply: (spec) => delete spec["paths"]["/api/v1/Accounts"]["get"]["responses"]["200"],
    expected: { "/paths/~1api~1v1~1Accounts/get/responses/200": ["response-removed breaking response"] },
  },
  {
    name: "set the default of an optional parameter",
    apply: (spec) => (spec["components"]["parameters"]["ODataSkip"]["schema"]["default"] = 0),
    expected: { "/components/parameters/ODataSkip/schema/default": ["request-default-changed breaking request"] },
  },
  {
    name: "add an operation",
    apply: (spec) =>
      (spec["paths"]["/api/v1/Ping"] = {
        get: { operationId: "ping", summary: "Ping", responses: { "200": { description: "Alive." } } },
      }),
    expected: { "/paths/~1api~1v1~1Ping": ["operation-added info both"] },
  },
  {
    name: "dependentRequired on a request schema (issue 23: it exited 0)",
    apply: (spec) => (schemas(spec)["CreateAccountTransfer"]["dependentRequired"] = { Reference: ["Amount"] }),
    expected: {
      "/components/schemas/CreateAccountTransfer/dependentRequired": ["dependent-required-changed breaking request"],
    },
  },
  {
    name: "edit a description",
    apply: (spec) => (schemas(spec)["AccountDto"]["description"] = "An account, as the API returns it."),
    expected: { "/components/schemas/AccountDto/description": ["docs-changed info both"] },
  },
];

/** A base where a request schema is also response data (shared through $ref) and a response field has an enum. */
function sharedBase(): Spec {
  const spec = realSpec();
  schemas(spec)["TransferDto"]["properties"]["Draft"] = { $ref: "#/components/schemas/CreateAccountTransfer" };
  schemas(spec)["TransferDto"]["properties"]["StatusCode"]["enum"] = ["P", "A", "C", null];
  return spec;
}

const onSharedBase: readonly Mutation[] = [
  {
    name: "add an enum value (response)",
    apply: (spec) => schemas(spec)["TransferDto"]["properties"]["StatusCode"]["enum"].push("R"),
    expected: { "/components/schemas/TransferDto/properties/StatusCode/enum": ["enum-values-added warning response"] },
  },
  {
    name: "make a property of a shared schema required: breaks requests only",
    apply: (spec) => schemas(spec)["CreateAccountTransfer"]["required"].push("Reference"),
    expected: {
      "/components/schemas/CreateAccountTransfer/required": [
        "required-properties-added breaking request",
        "response-property-became-required info response",
      ],
    },
  },
  {
    name: "remove an optional property of a shared schema: breaks responses, warns requests",
    apply: (spec) => delete schemas(spec)["CreateAccountTransfer"]["properties"]["Amount"],
    expected: {
      "/components/schemas/CreateAccountTransfer/properties/Amount": [
        "property-removed breaking response",
        "request-property-removed warning request",
      ],
    },
  },
];

function mutated(base: Spec, mutations: readonly Mutation[]): Spec {
  const spec = structuredClone(base);
  for (const mutation of mutations) mutation.apply(spec);
  return spec;
}

function checkBatch(mutations: readonly Mutation[], findings: () => readonly Finding[]): void {
  for (const mutation of mutations) {
    it(mutation.name, () => {
      for (const [pointer, expected] of Object.entries(mutation.expected))
        expect(verdictsAt(findings(), pointer), pointer).toEqual([...expected].sort());
    });
  }
  it("finds nothing breaking that no mutation explains", () => {
    const explained = new Set(mutations.flatMap((mutation) => Object.keys(mutation.expected)));
    const unexplained = findings().filter((finding) => finding.level !== "info" && !explained.has(finding.pointer));
    expect(unexplained.map((finding) => `${finding.id} (${finding.level}, ${finding.side})`)).toEqual([]);
  });
}

describe("mutations of the real spec", () => {
  let findings: Finding[] = [];
  let sharedFindings: Finding[] = [];
  let unchanged: Finding[] = [];
  beforeAll(async () => {
    const base = realSpec();
    const shared = sharedBase();
    findings = diffDocuments(base, mutated(base, independent));
    sharedFindings = diffDocuments(shared, mutated(shared, onSharedBase));
    unchanged = diffDocuments(base, realSpec());
  });

  describe("independent mutations", () => checkBatch(independent, () => findings));
  describe("a schema both sides reach, and a response enum", () => checkBatch(onSharedBase, () => sharedFindings));
  it("an unchanged spec has no finding", () => expect(unchanged).toEqual([]));
  it("names the field a request made required (issue 6)", () => {
    const found = sharedFindings.find(
      (finding) => finding.id === "required-properties-added /components/schemas/CreateAccountTransfer/required",
    );
    expect(found?.message).toContain("`Reference`");
  });
  it("lists the operations a component change reaches", () => {
    const removed = findings.find(
      (finding) => finding.pointer === "/components/schemas/TransferDto/properties/AccountName",
    );
    expect(removed?.operations).toEqual(["GET /api/v1/Transfers", "GET /api/v1/Transfers({id})"]);
    const webhook = findings.find(
      (finding) => finding.pointer === "/components/schemas/TransferCreatedEvent/properties/EntityId",
    );
    expect(webhook?.operations).toEqual(["webhook accountFundsEvent"]);
  });
});
