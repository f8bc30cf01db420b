/** A small model with one operation of each kind the façade handles, for the client emitters' snapshots. */
import type { ApiModel, OperationModel, ParameterModel, ResponseModel } from "../../src/model/model.js";

const integer = { type: "integer", format: "int32" };
const path = (name: string, schema: Record<string, unknown> = integer): ParameterModel => ({
  name,
  in: "path",
  required: true,
  description: "",
  schema,
  scalarType: schema["type"] === "integer" ? "integer" : "string",
});
const query = (name: string, required = false): ParameterModel => ({
  name,
  in: "query",
  required,
  description: "",
  schema: { type: "string" },
  scalarType: "string",
});
const odata = ["$filter", "$select", "$orderby", "$top", "$skip", "$count"].map((name) => query(name));
const json = (status: string, schemaName?: string, headers: string[] = []): ResponseModel => ({
  status,
  description: "",
  success: status.startsWith("2"),
  contents: [
    {
      mediaType: "application/json",
      ...(schemaName ? { schemaName, schemaPointer: `/components/schemas/${schemaName}` } : {}),
    },
  ],
  headers,
  requiredHeaders: headers,
});
const none = (status: string): ResponseModel => ({
  status,
  description: "",
  success: status.startsWith("2"),
  contents: [],
  headers: [],
  requiredHeaders: [],
});

function operation(
  partial: Partial<OperationModel> & Pick<OperationModel, "operationId" | "method" | "path" | "group" | "clientMethod">,
): OperationModel {
  return {
    pointer: `/paths/${partial.path.replaceAll("/", "~1")}/${partial.method}`,
    tag: "Fixture",
    summary: "",
    description: "",
    pathParameters: [],
    queryParameters: [],
    headerParameters: [],
    cookieParameters: [],
    responses: [json("200"), json("401", "ODataError")],
    security: "bearer",
    securityRequirements: [[{ scheme: "bearerAuth", scopes: [] }]],
    deprecated: false,
    assumptions: [],
    ...partial,
  };
}

export const fixtureOperations: OperationModel[] = [
  operation({
    operationId: "listAccountBalances",
    method: "get",
    path: "/api/v1/Accounts({accountId})/Balances",
    group: "accounts",
    clientMethod: "listBalances",
    summary: "List the balances of an account",
    description: "OData v4 query endpoint returning the balances of an account. A `*/` in a description is escaped.",
    pathParameters: [path("accountId")],
    queryParameters: odata,
    odataList: { entitySchema: "AccountBalanceDto" },
  }),
  operation({
    operationId: "getAccountBalance",
    method: "get",
    path: "/api/v1/Accounts({accountId})/Balances({currencyCode})",
    group: "accounts",
    clientMethod: "getBalance",
    summary: "Get one balance.",
    pathParameters: [path("accountId"), path("currencyCode", { type: "string" })],
    queryParameters: [query("$select")],
    odataEntity: { entitySchema: "AccountBalanceDto" },
  }),
  operation({
    operationId: "createAccountTransfer",
    method: "post",
    path: "/api/v1/Transfers/CreateAccountTransfer",
    group: "transfers",
    clientMethod: "createAccountTransfer",
    summary: "Create an internal transfer",
    requestBody: {
      required: true,
      description: "",
      contents: [{ mediaType: "application/json", schemaName: "CreateAccountTransfer" }],
    },
    responses: [json("201", "CreateResultDto", ["Location"]), json("400", "ODataError"), json("401", "ODataError")],
  }),
  operation({
    operationId: "approveTransfer",
    method: "post",
    path: "/api/v1/Transfers/{transferId}/Approve",
    group: "transfers",
    clientMethod: "approveTransfer",
    pathParameters: [path("transferId")],
    responses: [none("200"), json("404", "ODataError"), json("410", "ODataError")],
  }),
  operation({
    operationId: "createAccountWithdrawal",
    method: "post",
    path: "/api/v1/Withdrawals/CreateAccountWithdrawal",
    group: "withdrawals",
    clientMethod: "createAccountWithdrawal",
    requestBody: {
      required: true,
      description: "",
      contents: [
        { mediaType: "application/json", schemaName: "CreateAccountWithdrawal" },
        { mediaType: "multipart/form-data", schemaName: "CreateAccountWithdrawalMultipart" },
      ],
    },
    responses: [json("201", "CreateResultDto", ["Location"])],
  }),
  operation({
    operationId: "getJobStatus",
    method: "get",
    path: "/api/v1/Jobs/{jobId}/Status",
    group: "jobs",
    clientMethod: "getJobStatus",
    pathParameters: [path("jobId")],
    queryParameters: [query("token", true)],
  }),
  operation({
    operationId: "annotateJob",
    method: "post",
    path: "/api/v1/Jobs/{default}/Annotate",
    group: "jobs",
    clientMethod: "annotateJob",
    pathParameters: [path("default")],
    queryParameters: [query("mode", true)],
    requestBody: { required: false, description: "", contents: [{ mediaType: "application/json" }] },
  }),
  operation({
    operationId: "requestPasswordToken",
    method: "post",
    path: "/connect/token",
    group: "auth",
    clientMethod: "requestPasswordToken",
    security: "none",
    requestBody: {
      required: true,
      description: "",
      contents: [{ mediaType: "application/x-www-form-urlencoded", schemaName: "PasswordTokenRequest" }],
    },
    responses: [json("200", "TokenResponse"), json("400", "TokenErrorResponse")],
    servers: [{ url: "{auth_url}", description: "", variables: { auth_url: { default: "http://127.0.0.1:4010" } } }],
  }),
  operation({
    operationId: "requestMtlsPasswordToken",
    method: "post",
    path: "/connect/mtls/token",
    group: "auth",
    clientMethod: "requestMtlsPasswordToken",
    security: "mutualTLS",
    requestBody: {
      required: true,
      description: "",
      contents: [{ mediaType: "application/x-www-form-urlencoded", schemaName: "MtlsPasswordTokenRequest" }],
    },
    responses: [json("200", "TokenResponse"), json("400", "TokenErrorResponse")],
    servers: [{ url: "{auth_url}", description: "", variables: { auth_url: { default: "http://127.0.0.1:4010" } } }],
  }),
];

export function fixtureModel(overrides: Partial<ApiModel> = {}): ApiModel {
  const groups = new Map<string, string[]>();
  for (const op of fixtureOperations) groups.set(op.group, [...(groups.get(op.group) ?? []), op.operationId]);
  return {
    documentForLibraries: {},
    source: "spec/openapi.yaml",
    openapi: "3.1.0",
    info: { title: "Fixture", version: "1", summary: "", description: "" },
    warnings: [],
    tags: [],
    servers: [],
    securitySchemes: [],
    groups: [...groups].map(([name, operationIds]) => ({ name, operationIds })),
    operations: fixtureOperations,
    schemas: [
      {
        name: "AccountBalanceDto",
        typeName: "AccountBalanceDto",
        pointer: "/components/schemas/AccountBalanceDto",
        description: "",
        schema: {},
        usedAs: ["nested"],
        assumptions: [],
      },
      {
        name: "WebhookEventDelivery",
        typeName: "WebhookEventDelivery",
        pointer: "/components/schemas/WebhookEventDelivery",
        description: "",
        schema: {},
        usedAs: ["webhook"],
        assumptions: [],
      },
    ],
    webhooks: [
      {
        name: "accountFundsEvent",
        operationId: "receiveAccountFundsEvents",
        pointer: "/webhooks/accountFundsEvent/post",
        method: "post",
        tag: "Webhooks",
        summary: "",
        description: "",
        payload: {
          mediaType: "application/json",
          schemaName: "WebhookEventDelivery",
          schemaPointer: "/components/schemas/WebhookEventDelivery",
        },
        responses: [],
        securityRequirements: [],
        assumptions: [],
      },
    ],
    assumptions: [],
    ...overrides,
  };
}
