// @module-tag node-lines: multipart bodies as FormData and Blob (undici).
import { describe, expect, it } from "vitest";
import { MultipartBody, encodeMultipart, isFilePart, multipart } from "../../../runtime/bodies/multipart.js";

async function text(blob: Blob): Promise<string> {
  return new TextDecoder().decode(await blob.arrayBuffer());
}

describe("multipart encoding", () => {
  it("writes the exact RFC 7578 body", async () => {
    const { body, contentType } = encodeMultipart(
      {
        Request: { AccountId: 1 },
        SupportingDocuments: [{ data: "PDF", filename: "a.pdf", contentType: "application/pdf" }, new Blob(["raw"])],
        Note: "hi",
        Skipped: undefined,
      },
      "BOUNDARY",
    );
    expect(contentType).toBe("multipart/form-data; boundary=BOUNDARY");
    expect(await text(body)).toBe(
      [
        "--BOUNDARY",
        'Content-Disposition: form-data; name="Request"',
        "Content-Type: application/json",
        "",
        '{"AccountId":1}',
        "--BOUNDARY",
        'Content-Disposition: form-data; name="SupportingDocuments"; filename="a.pdf"',
        "Content-Type: application/pdf",
        "",
        "PDF",
        "--BOUNDARY",
        'Content-Disposition: form-data; name="SupportingDocuments"; filename="document-2"',
        "Content-Type: application/octet-stream",
        "",
        "raw",
        "--BOUNDARY",
        'Content-Disposition: form-data; name="Note"',
        "Content-Type: text/plain; charset=utf-8",
        "",
        "hi",
        "--BOUNDARY--",
        "",
      ].join("\r\n"),
    );
  });

  it("parses back with a standard multipart parser, bytes intact", async () => {
    const bytes = new Uint8Array(256).map((_, index) => index);
    const { body, contentType } = encodeMultipart({
      Request: { Reference: 'é\r\n"' },
      SupportingDocuments: [new File([bytes], 'bin\r\n".dat', { type: "application/x-bin" })],
    });
    const form = await new Response(body, { headers: { "content-type": contentType } }).formData();
    expect(JSON.parse(form.get("Request") as string)).toEqual({ Reference: 'é\r\n"' });
    const file = form.get("SupportingDocuments") as File;
    expect(file.type).toBe("application/x-bin");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it("brands multipart bodies and recognises file parts", () => {
    expect(multipart({ a: 1 })).toBeInstanceOf(MultipartBody);
    expect(isFilePart(new Blob([]))).toBe(true);
    expect(isFilePart({ data: "x", filename: "x.txt" })).toBe(true);
    expect(isFilePart({ data: "x" })).toBe(false);
    expect(isFilePart("x")).toBe(false);
  });

  it("uses a fresh random boundary per body", () => {
    expect(encodeMultipart({}).contentType).not.toBe(encodeMultipart({}).contentType);
  });
});
