/**
 * The README's sections on validation: a form checked with @account-funds/validators before its wire form is sent,
 * and the client's own opt-in request and response validation.
 */
import type { Authentication } from "../client-surface.js";
import type { ApiModel, OperationModel } from "../../model/model.js";
import { codeBlock } from "../../print/markdown.js";
import { call, packageName, requestBody, sandboxValues, settings } from "./snippets.js";

/**
 * The normalisation policy and the validate-then-send flow with @account-funds/validators; the validators' README
 * and spec/CONVENTIONS.md state the same policy. Left out when the spec lacks one of the operations it calls.
 */
export function formSection(model: ApiModel): string[] {
  const byId = (operationId: string) => model.operations.find((operation) => operation.operationId === operationId);
  const create = byId("createWithdrawalBeneficiary");
  const sectors = byId("listSectors");
  const required = byId("getRequiredAdditionalInformation");
  if (create === undefined || sectors === undefined || required === undefined) return [];
  return [
    "### Validate a form, then send `result.value`",
    "",
    "The API takes the wire form the spec describes and refuses the presentation forms the spec leaves out with a 400: a",
    "sort code `400515`, not `40-05-15`; `GB`, not `gb`; an optional field left out, never `null`. (An IBAN is taken",
    '"grouped or not", as the reference says: `DE89 3704 0044 0532 0130 00` is a wire form too.) People type presentation forms.',
    "[`@account-funds/validators`](https://www.npmjs.com/package/@account-funds/validators) (`npm install @account-funds/validators`)",
    "accepts what they type and hands back the wire form in `result.value`, with `result.normalized` and `result.changes`",
    "(`{ path, from, to }`) saying what it changed, so a form can show what will be sent. Free text (names, addresses,",
    "references) is sent as typed. Send `result.value`, never the form's own values. The validators' options take this",
    "client's responses as they come, nulls included, and `result.value` is the method's body type: no cast.",
    "",
    ...codeBlock([
      'import { validateCreateWithdrawalBeneficiary } from "@account-funds/validators";',
      "",
      "// What the user typed: a dashed sort code and a lower-case country, which the API refuses as they are.",
      "const formValues = {",
      `  AccountId: ${String(sandboxValues.path["accountId"])},`,
      '  Name: "Fabrikam Ltd",',
      '  CurrencyCode: "GBP",',
      '  BeneficiaryType: "Company",',
      "  IndustryId: 7, // Retail, from listSectors()",
      '  Address: { Street: "Pall Mall", HouseNumber: "12", Town: "London", PostCode: "SW1Y 5LU", CountryCode: "gb" },',
      '  PaymentRouting: { Type: "SortCodeAccountNumber", CountryCode: "gb", SortCode: "40-05-15", AccountNumber: "31926819" },',
      "};",
      `const sectors = await ${call(sectors, [])};`,
      `const required = await ${call(required, ['"GBP"', '{ beneficiaryCountryCode: "GB", beneficiaryBankCountry: "GB", beneficiaryType: "Company" }'])};`,
      "const result = validateCreateWithdrawalBeneficiary(formValues, {",
      "  sectors: sectors.value,",
      "  additionalInformationRules: required.RequiredAdditionalInformation,",
      "});",
      'if (!result.ok) for (const issue of result.issues) console.log(issue.path.join("."), issue.message);',
      "else {",
      '  for (const { path, from, to } of result.changes) console.log(`${path.join(".")}: ${String(from)} → ${String(to)}`);',
      "  // Address.CountryCode: gb → GB, PaymentRouting.CountryCode: gb → GB, PaymentRouting.SortCode: 40-05-15 → 400515",
      `  const created = await ${call(create, ["result.value"])};`,
      "  console.log(created.id);",
      "}",
    ]),
    "`result.uncheckedRules` lists the conditional rules the validator could not decide for lack of context (the API may",
    "still refuse the body for them). `validateRequests: true` (below) checks the wire form only: it refuses those presentation forms too.",
    "The API's refusal comes back to the form's fields too: `fieldErrorsOf(error)` of the validators reads a",
    "`BadRequestError` (the OData error's `target` and `details`) or a `RequestValidationError` (its issues) into",
    "messages at field names such as `PaymentRouting.SortCode`.",
    "",
  ];
}

export function validationSection(create: OperationModel, authentication: Authentication): string[] {
  return [
    "### Validate requests and responses",
    "",
    ...codeBlock([
      `import { RequestValidationError, ResponseValidationError, createAccountFundsClient } from "${packageName}";`,
      "",
      "const checked = createAccountFundsClient({",
      `  baseUrl: ${settings.baseUrl},`,
      ...(authentication === "none" ? [] : ['  tokenProvider: async () => "an access token you obtained yourself",']),
      "  validateRequests: true,",
      "  validateResponses: true,",
      "});",
      "try {",
      `  await ${call(create, [requestBody(create, 2)], "checked")};`,
      "} catch (error) {",
      "  if (error instanceof RequestValidationError) console.log(error.issues); // nothing was sent",
      "  else if (error instanceof ResponseValidationError) console.log(error.issues, error.data); // the call did succeed",
      "  else throw error;",
      "}",
    ]),
    "Both are off by default. Each issue has `path` (a JSON pointer), `message`, `keyword` and `params`. A multipart body is",
    "checked part by part: value parts against their schema, files by shape. The validators are precompiled (no schema",
    "compiler at run time, CSP-safe) and are most of the package's code, so they are loaded on the first call that",
    "validates — in a bundle, a chunk of its own that an application without validation never loads.",
    "`loadOperationValidators()` returns them (by operationId) for your own use.",
    "",
  ];
}
