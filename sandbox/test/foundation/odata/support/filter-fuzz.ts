// Parses $filter inputs in a child process (see filter-robustness.test.ts): each input is printed on its own line
// before it is parsed, so a parser that never returns is named by the last line the parent read.
//   filter-fuzz.ts fuzz <seed>      the random properties (arbitrary strings, sequences of OData fragments)
//   filter-fuzz.ts inputs <file>    the inputs of a JSON array in <file>
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { parseFilter } from "../../../../src/foundation/odata/index.js";
import { fragment } from "./filter-fragments.js";
import { shape } from "../fixtures.js";

function parse(text: string): void {
  process.stdout.write(`${JSON.stringify(text)}\n`); // synchronous on a pipe (Linux), so it is read before a hang
  parseFilter(text, shape);
}

const [mode, argument = ""] = process.argv.slice(2);
if (mode === "fuzz") {
  const seed = Number(argument);
  fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 300 }), parse), { numRuns: 500, seed });
  fc.assert(
    fc.property(fc.array(fragment, { maxLength: 120 }), (parts) => parse(parts.join(""))),
    { numRuns: 500, seed },
  );
} else {
  for (const text of JSON.parse(readFileSync(argument, "utf8")) as string[]) parse(text);
}
process.stdout.write("done\n");
