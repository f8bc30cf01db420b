/** `make assumptions`: prints every x-assumption of the bundled spec (Markdown table, or JSON with --json). */
import { readFileSync } from "node:fs";
import { collectAssumptions } from "./assumptions.js";

const args = process.argv.slice(2);
const asJson = args.includes("--json");
const file = args.find((arg) => !arg.startsWith("--")) ?? "generated/openapi.json";
const assumptions = collectAssumptions(JSON.parse(readFileSync(file, "utf8")));

if (asJson) {
  console.log(JSON.stringify(assumptions, null, 2));
} else {
  console.log(`| # | JSON pointer | assumption |\n|---|---|---|`);
  assumptions.forEach(({ pointer, text }, index) => {
    console.log(`| ${index + 1} | \`${pointer}\` | ${text.replaceAll("|", "\\|")} |`);
  });
  console.log(`\n${assumptions.length} assumptions in ${file}`);
}
