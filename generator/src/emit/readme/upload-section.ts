/** The README's section on multipart uploads: `multipart(...)` with the spec's value part and a file part. */
import type { OperationModel } from "../../model/model.js";
import { codeBlock } from "../../print/markdown.js";
import { propertyName } from "../../print/names.js";
import { isJsonObject } from "../../json-pointer/json-pointer.js";
import { literal, methodPath, packageName, requestExample, withSandboxIds } from "./snippets.js";

export function uploadSection(upload: OperationModel): string[] {
  const media = upload.requestBody?.contents.find((candidate) => candidate.mediaType === "multipart/form-data");
  const parts = media?.multipart;
  const valuePart = parts?.values[0];
  const filePart = parts?.files[0];
  if (media === undefined || valuePart === undefined || filePart === undefined) return [];
  const example = media.example;
  const value = withSandboxIds(
    upload,
    isJsonObject(example) && example[valuePart.name] !== undefined
      ? example[valuePart.name]
      : requestExample(upload, "application/json"),
  );
  const file = '{ data: await readFile("proforma.pdf"), filename: "proforma.pdf", contentType: "application/pdf" }';
  return [
    "### Upload files: multipart",
    "",
    ...codeBlock([
      'import { readFile } from "node:fs/promises";',
      `import { multipart } from "${packageName}";`,
      "",
      `const created = await ${methodPath(upload)}(`,
      "  multipart({",
      `    ${propertyName(valuePart.name)}: ${literal(value, 4)},`,
      `    ${propertyName(filePart.name)}: ${filePart.multiple ? `[${file}]` : file},`,
      "  }),",
      ");",
    ]),
    `\`${methodPath(upload)}\` takes the JSON body as it is, or \`multipart(...)\` of the \`multipart/form-data\` form: value parts`,
    "are sent as JSON, each file as a part with its file name and content type. A file is a `File` or `Blob` (from an",
    '`<input type="file">`, say), or `{ data, filename, contentType }` with bytes or a Blob as `data`.',
    "",
  ];
}
