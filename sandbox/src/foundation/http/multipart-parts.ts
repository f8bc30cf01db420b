/**
 * A multipart body's parts, counted as its bytes arrive, so that a body with too many parts is refused before it
 * is parsed: undici's parser spends seconds on 100,000 parts. Each part begins with the delimiter CRLF `--`
 * boundary (RFC 2046 §5.1.1; the first one may lack the CRLF); the close delimiter is one more, so a body of n
 * parts holds n + 1 delimiters. The search is `Buffer.indexOf`, carrying the last bytes of each chunk over so a
 * delimiter split between two chunks is found too.
 */

/** The `boundary` parameter of a multipart Content-Type (token or quoted-string, RFC 2045 §5.1). */
export function boundaryOf(contentType: string | null): string | undefined {
  const found = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.){1,70})"|([^;\s"]{1,70}))/i.exec(contentType ?? "");
  if (found === null) return undefined;
  return found[1]?.replace(/\\(.)/g, "$1") ?? found[2];
}

export interface PartCounter {
  /** Counts the parts begun in the next bytes; the number of parts so far. */
  push(chunk: Uint8Array): number;
}

export function createPartCounter(boundary: string): PartCounter {
  const delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  const overlap = delimiter.length - 1;
  // The body's start counts as a line break, so that a first delimiter without its CRLF is found too.
  let carried = Buffer.from("\r\n", "latin1");
  let delimiters = 0;
  return {
    push(chunk) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      // Delimiters that start in the carried bytes and end in this chunk.
      const seam = Buffer.concat([carried, bytes.subarray(0, overlap)]);
      for (let at = seam.indexOf(delimiter); at !== -1 && at < carried.length; at = seam.indexOf(delimiter, at + 1))
        delimiters += 1;
      for (let at = bytes.indexOf(delimiter); at !== -1; at = bytes.indexOf(delimiter, at + delimiter.length))
        delimiters += 1;
      const joined = bytes.length >= overlap ? bytes : Buffer.concat([carried, bytes]);
      carried = Buffer.from(joined.subarray(Math.max(0, joined.length - overlap)));
      return Math.max(0, delimiters - 1);
    },
  };
}
