import { describe, expect, it } from "vitest";
import type { CompiledValidator, MultipartValidators } from "../../../runtime/validation/compiled-validator.js";
import { multipartIssues } from "../../../runtime/validation/multipart-validation.js";

const acceptAll: CompiledValidator = () => true;
const files = (contentTypes?: readonly string[]): MultipartValidators => ({
  required: ["Request"],
  values: { Request: acceptAll },
  files: { Documents: { multiple: true, ...(contentTypes ? { contentTypes } : {}) }, Cover: { multiple: false } },
});

describe("multipart validation", () => {
  it("accepts every file form the encoder sends as a file part", () => {
    const documents = [
      new Blob(["x"]),
      new File(["x"], "a.pdf", { type: "application/pdf" }),
      { data: new Blob(["x"]), filename: "b.bin" },
      { data: new Uint8Array([1]), filename: "c.bin", contentType: "application/octet-stream" },
      { data: new ArrayBuffer(1), filename: "d.bin" },
      { data: "text", filename: "e.txt", contentType: "text/plain; charset=utf-8" },
    ];
    expect(multipartIssues(files(), { Request: {}, Documents: documents, Cover: new Blob(["x"]) })).toEqual([]);
    expect(
      multipartIssues(files(), { Request: {}, Documents: undefined, Extra: "not described: sent as given" }),
    ).toEqual([]);
  });

  it("reports what is not a file, with the pointer of the part", () => {
    const issues = multipartIssues(files(), {
      Request: {},
      Documents: [42, { data: 1, filename: "" }, { data: new Blob([]), filename: "x", contentType: "pdf" }],
      Cover: [new Blob(["x"])],
    });
    expect(issues.map((issue) => [issue.path, issue.keyword, issue.message])).toEqual([
      ["/Documents/0", "type", "must be a file: a Blob or File, or { data, filename, contentType }"],
      ["/Documents/1/filename", "type", "must be a non-empty string"],
      ["/Documents/1/data", "type", "must be a Blob, an ArrayBuffer, a Uint8Array or a string"],
      ["/Documents/2/contentType", "format", 'must match format "media-type" (type/subtype)'],
      ["/Cover", "type", "must be a file: a Blob or File, or { data, filename, contentType }"],
    ]);
    expect(multipartIssues(files(), { Request: {}, Documents: new Blob(["one, not a list"]) })).toMatchObject([
      { path: "/Documents", keyword: "type", params: { type: "array" } },
    ]);
  });

  it("checks content types against the spec's encoding, wildcards included", () => {
    const check = files(["application/pdf", "image/*"]);
    const ok = [
      new Blob([""], { type: "application/pdf" }),
      new Blob([""], { type: "image/png" }),
      { data: "x", filename: "a", contentType: "IMAGE/JPEG" },
    ];
    expect(multipartIssues(check, { Request: {}, Documents: ok })).toEqual([]);
    const issues = multipartIssues(check, {
      Request: {},
      Documents: [new Blob([""], { type: "text/csv" }), new Blob([""]), { data: "x", filename: "a" }],
    });
    expect(issues.map((issue) => [issue.path, issue.keyword])).toEqual([
      ["/Documents/0", "contentMediaType"],
      ["/Documents/1", "contentMediaType"],
      ["/Documents/2/contentType", "contentMediaType"],
    ]);
    expect(issues[0]).toMatchObject({
      message: "must be one of the content types application/pdf, image/*",
      params: { allowedValues: ["application/pdf", "image/*"] },
    });
  });

  it("validates value parts with their schema's validator, under the part's pointer", () => {
    const rejecting: CompiledValidator = Object.assign(() => false, {
      errors: [
        {
          instancePath: "/Amount",
          schemaPath: "#/properties/Amount/exclusiveMinimum",
          keyword: "exclusiveMinimum",
          params: { limit: 0 },
          message: "must be > 0",
        },
      ],
    });
    const issues = multipartIssues({ required: [], values: { "a/b": rejecting }, files: {} }, { "a/b": { Amount: 0 } });
    expect(issues).toEqual([
      { path: "/a~1b/Amount", keyword: "exclusiveMinimum", message: "must be > 0", params: { limit: 0 } },
    ]);
    const silent: CompiledValidator = () => false;
    expect(multipartIssues({ required: [], values: { Request: silent }, files: {} }, { Request: {} })).toEqual([
      { path: "/Request", keyword: "schema", message: "does not match the schema", params: {} },
    ]);
  });
});
