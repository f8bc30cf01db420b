import { describe, expect, it } from "vitest";
import { idFromPath, parseLocation } from "../../../runtime/url/location.js";

const request = "https://api.test/api/v1/Transfers/CreateAccountTransfer";

describe("Location", () => {
  it("takes the id from an OData key segment or a trailing numeric segment", () => {
    expect(parseLocation("https://api.test/api/v1/Transfers(123)", request)).toEqual({
      location: "https://api.test/api/v1/Transfers(123)",
      id: 123,
    });
    expect(parseLocation("/api/v1/Withdrawals(Id=9)", request)).toEqual({
      location: "https://api.test/api/v1/Withdrawals(Id=9)",
      id: 9,
    });
    expect(parseLocation("/api/v1/transfers/456", request)).toEqual({
      location: "https://api.test/api/v1/transfers/456",
      id: 456,
    });
    expect(parseLocation("/api/v1/Alerts(77)/", request)?.id).toBe(77);
    expect(parseLocation("/api/v1/Accounts%2812%29", request)?.id).toBe(12);
  });

  it("resolves a relative Location against the request URL", () => {
    expect(parseLocation("Transfers(5)", request)).toEqual({
      location: "https://api.test/api/v1/Transfers/Transfers(5)",
      id: 5,
    });
  });

  it("leaves the id out when the URL has no numeric key", () => {
    expect(parseLocation("/api/v1/Currencies('GBP')", request)).toEqual({
      location: "https://api.test/api/v1/Currencies('GBP')",
    });
    expect(parseLocation("/api/v1/Transfers(99999999999999999999)", request)?.id).toBeUndefined();
    expect(idFromPath("/")).toBeUndefined();
  });

  it("returns undefined without a header", () => {
    expect(parseLocation(null, request)).toBeUndefined();
    expect(parseLocation("  ", request)).toBeUndefined();
  });
});
