import { describe, expect, it } from "vitest";
import { Problems } from "../../src/model/document.js";
import { multipartParts } from "../../src/model/multipart.js";

const binary = { type: "string", contentMediaType: "application/octet-stream" };
const document = {
  paths: {
    "/upload": {
      post: {
        requestBody: {
          content: {
            "multipart/form-data": {
              schema: { $ref: "#/components/schemas/Upload" },
              encoding: { Documents: { contentType: "application/pdf, image/*" }, Any: { contentType: "*/*" } },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Payload: { type: "object", properties: { Id: { type: "integer" } } },
      Binary: binary,
      Upload: {
        type: "object",
        required: ["Request", "Cover"],
        properties: {
          Request: { $ref: "#/components/schemas/Payload", description: "A sibling annotation keeps the component." },
          Note: { type: "string", maxLength: 20 },
          Encoded: { type: "string", contentMediaType: "image/png", contentEncoding: "base64" },
          Cover: { type: "string", format: "binary" },
          Documents: { type: "array", items: binary },
          Any: { type: "array", items: { $ref: "#/components/schemas/Binary" } },
        },
      },
    },
  },
};
const media = {
  mediaType: "multipart/form-data",
  schemaName: "Upload",
  schemaPointer: "/paths/~1upload/post/requestBody/content/multipart~1form-data/schema",
};

describe("multipart parts", () => {
  it("splits the schema into value parts (validated by schema) and file parts (checked by shape)", () => {
    const problems = new Problems();
    expect(multipartParts(document, media, problems)).toEqual({
      required: ["Request", "Cover"],
      values: [
        {
          name: "Request",
          schema: { schemaName: "Payload", schemaPointer: "/components/schemas/Upload/properties/Request" },
        },
        { name: "Note", schema: { schemaPointer: "/components/schemas/Upload/properties/Note" } },
        // base64 text is a value, not bytes.
        { name: "Encoded", schema: { schemaPointer: "/components/schemas/Upload/properties/Encoded" } },
      ],
      files: [
        { name: "Cover", multiple: false },
        { name: "Documents", multiple: true, contentTypes: ["application/pdf", "image/*"] },
        { name: "Any", multiple: true },
      ],
    });
    expect(problems.list).toEqual([]);
  });

  it("has nothing to say about a media type without a schema", () => {
    expect(multipartParts(document, {}, new Problems())).toBeUndefined();
  });

  it("reports a part whose $ref does not resolve, and keeps the others", () => {
    const broken = {
      ...document,
      components: {
        schemas: {
          ...document.components.schemas,
          Payload: undefined,
          Upload: {
            ...document.components.schemas.Upload,
            properties: { Request: { $ref: "#/components/schemas/Gone" }, Cover: { type: "string", format: "binary" } },
          },
        },
      },
    };
    const problems = new Problems();
    expect(multipartParts(broken, media, problems)).toEqual({
      required: ["Request", "Cover"],
      values: [],
      files: [{ name: "Cover", multiple: false }],
    });
    expect(problems.list).toEqual([
      {
        pointer: "/components/schemas/Upload/properties/Request",
        reason: "a multipart/form-data schema or part is not a schema object (or its $ref does not resolve)",
      },
    ]);
  });
});
