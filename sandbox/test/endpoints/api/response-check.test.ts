import { describe, expect, it } from "vitest";
import { checkResponse } from "../../../src/endpoints/api/body-checks.js";
import { loadContract } from "../../../src/endpoints/api/contract.js";

const contract = await loadContract();
const error = { error: { code: "x", message: "y" } };

function check(operationId: string, status: number, headers: Record<string, string> = {}, body: unknown = error) {
  const operation = contract.operations.get(operationId);
  if (operation === undefined) throw new Error(`no operation ${operationId}`);
  return checkResponse(contract, operation, { status, contentType: "application/json", body, headers })?.code;
}

describe("the response check of validateResponses", () => {
  it("passes a declared status with its declared headers and body", () => {
    expect(check("getAccount", 405, { allow: "GET" })).toBeUndefined();
    expect(check("createAccountTransfer", 413)).toBeUndefined();
    expect(
      check("createAccountTransfer", 201, { location: "http://x/api/v1/Transfers(1)" }, { Id: 1 }),
    ).toBeUndefined();
  });

  it("refuses a status the operation does not declare: 413 or 415 without a body to refuse", () => {
    expect(check("getAccount", 413)).toBe("undeclared_status");
    expect(check("approveTransfer", 415)).toBe("undeclared_status");
    expect(check("getRequiredAdditionalInformation", 404)).toBe("undeclared_status");
  });

  it("refuses a response without a declared header: Allow on 405 (RFC 9110 §15.5.6), Location on 201", () => {
    expect(check("getAccount", 405)).toBe("missing_header");
    expect(check("createAccountTransfer", 201, {}, { Id: 1 })).toBe("missing_header");
  });

  /* The sandbox's document, not the API's: its own statuses exactly, the headers it always sends. */
  it("holds the sandbox to its own document: no status of the API's open ranges, Retry-After and WWW-Authenticate", () => {
    expect(check("getAccount", 418)).toBe("undeclared_status");
    expect(check("getAccount", 502)).toBe("undeclared_status");
    expect(check("getAccount", 503)).toBe("missing_header");
    expect(check("getAccount", 503, { "retry-after": "1" })).toBeUndefined();
    expect(check("getAccount", 401)).toBe("missing_header");
    expect(check("getAccount", 401, { "www-authenticate": 'Bearer error="invalid_token"' })).toBeUndefined();
    expect(check("requestPasswordToken", 429, { "retry-after": "1" }, { error: "slow_down" })).toBeUndefined();
  });

  it("refuses a body the schema does not allow, and a body where none is declared", () => {
    expect(check("getAccount", 404, {}, { message: "no error member" })).toBe("invalid_response");
    expect(check("approveTransfer", 200, {}, { Id: 1 })).toBe("undeclared_body");
  });
});
