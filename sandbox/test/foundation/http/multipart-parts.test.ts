import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundaryOf, createPartCounter } from "../../../src/foundation/http/multipart-parts.js";

const BOUNDARY = "----sandbox7MA4YWxkTrZu0gW";

function multipart(parts: readonly string[]): Buffer {
  const body = parts.map(
    (content, index) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="p${index}"\r\n\r\n${content}\r\n`,
  );
  return Buffer.from(`${body.join("")}--${BOUNDARY}--\r\n`, "latin1");
}

// Contents that look like delimiters without being one: line breaks, dashes, the boundary's own letters.
const content = fc
  .string({ unit: fc.constantFrom("\r", "\n", "-", "a", "W", BOUNDARY.slice(0, 10), `--${BOUNDARY.slice(0, -1)}`) })
  .filter((text) => !`\r\n${text}\r\n`.includes(`\r\n--${BOUNDARY}`));

describe("counting multipart parts as the body arrives", () => {
  it("counts every part once, however the body is cut into chunks", () => {
    fc.assert(
      fc.property(
        fc.array(content, { maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1 }),
        (parts, sizes) => {
          const body = multipart(parts);
          const counter = createPartCounter(BOUNDARY);
          let counted = 0;
          for (let at = 0, index = 0; at < body.length; index += 1) {
            const size = sizes[index % sizes.length]!;
            counted = counter.push(body.subarray(at, at + size));
            at += size;
          }
          expect(counted).toBe(parts.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads the boundary parameter, quoted or not, in any case", () => {
    expect(boundaryOf(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(boundaryOf('multipart/form-data; charset=utf-8; BOUNDARY="a b\\"c"')).toBe('a b"c');
    expect(boundaryOf("multipart/form-data")).toBeUndefined();
    expect(boundaryOf(null)).toBeUndefined();
  });
});
