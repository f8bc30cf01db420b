import { describe, expect, it } from "vitest";
import { maxPageSizePreference, preferenceApplied } from "../../../src/foundation/odata/index.js";

describe("the maxpagesize preference (RFC 7240 Prefer)", () => {
  it("reads odata.maxpagesize and maxpagesize, in any case, among other preferences and parameters", () => {
    expect(maxPageSizePreference("odata.maxpagesize=5")).toEqual({ name: "odata.maxpagesize", value: 5 });
    expect(maxPageSizePreference("respond-async, maxpagesize=20")).toEqual({ name: "maxpagesize", value: 20 });
    expect(maxPageSizePreference('odata.include-annotations="display.*,core.*", ODATA.MaxPageSize = "7"; x=1')).toEqual(
      { name: "ODATA.MaxPageSize", value: 7 },
    );
    expect(maxPageSizePreference(["wait=10", "odata.maxpagesize=3"])).toEqual({ name: "odata.maxpagesize", value: 3 });
  });

  it("takes the first instance only, and ignores one it cannot honour", () => {
    expect(maxPageSizePreference("odata.maxpagesize=4, odata.maxpagesize=9")).toEqual({
      name: "odata.maxpagesize",
      value: 4,
    });
    for (const header of [
      "odata.maxpagesize=0",
      "odata.maxpagesize=-1",
      "odata.maxpagesize=2.5",
      "odata.maxpagesize=abc",
      "odata.maxpagesize",
      "odata.maxpagesize=99999999999",
      "odata.maxpagesize=0, odata.maxpagesize=5",
    ]) {
      expect(maxPageSizePreference(header), header).toBeUndefined();
    }
    expect(maxPageSizePreference(undefined)).toBeUndefined();
    expect(maxPageSizePreference('x="odata.maxpagesize=5"')).toBeUndefined();
  });

  it("answers Preference-Applied with the preference as the request named it", () => {
    expect(preferenceApplied({ name: "maxpagesize", value: 5 })).toBe("maxpagesize=5");
  });
});
