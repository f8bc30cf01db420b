/**
 * Consumer impact: BASE's client type tests and examples (test/client/type-tests.ts, examples.test.ts), written
 * against the old client, compiled against the new client's declarations, as a consumer who upgrades without
 * touching their code would. Every error is something that no longer compiles; an "Unused '@ts-expect-error'"
 * means a call the old client rejected is now accepted (looser, which a type test was there to notice).
 *
 * The tests import the client by relative path (../../generated/src/index.js); the check puts them in a
 * directory where that path leads to the revision's declarations, and maps `@account-funds/client` there too.
 */
import { access, cp, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { exec } from "./exec.js";
import { prepareSideRoot } from "./bundle.js";
import { consumerTestDirectory, consumerTestFiles, nativeTsc } from "./paths.js";

export interface ConsumerDiagnostic {
  /** Path in the repository at BASE (test/client/type-tests.ts). */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly code: string;
  readonly message: string;
  /** breaking: no longer compiles. warning: an expected error went away (the client accepts more). */
  readonly level: "breaking" | "warning";
}

export type ConsumerImpact =
  | {
      readonly status: "checked";
      readonly files: readonly string[];
      readonly diagnostics: readonly ConsumerDiagnostic[];
      readonly millis: number;
      readonly other: string;
    }
  | { readonly status: "skipped"; readonly reason: string };

/** TS2578: Unused '@ts-expect-error' directive. */
const unusedExpectError = "TS2578";

export function parseDiagnostics(output: string): ConsumerDiagnostic[] {
  const diagnostics: ConsumerDiagnostic[] = [];
  for (const line of output.split("\n")) {
    const match = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    if (match !== null) {
      const [, file = "", row = "0", column = "0", code = "", message = ""] = match;
      diagnostics.push({
        file: file.replaceAll("\\", "/"),
        line: Number(row),
        column: Number(column),
        code,
        message,
        level: code === unusedExpectError ? "warning" : "breaking",
      });
    } else if (line.startsWith("  ") && diagnostics.length > 0) {
      // tsc indents the rest of a multi-line message (e.g. "Type 'x' is not assignable ... \n  Property ... is missing").
      const last = diagnostics.pop();
      if (last !== undefined) diagnostics.push({ ...last, message: `${last.message}\n${line.trim()}` });
    }
  }
  return diagnostics;
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * @param baseTree  where BASE's files were extracted (it holds test/client/)
 * @param distDirectory  the revision's built declarations (generated/dist)
 */
export async function checkConsumerImpact(
  baseTree: string,
  distDirectory: string,
  workDirectory: string,
): Promise<ConsumerImpact> {
  const files = [];
  for (const file of consumerTestFiles) if (await exists(join(baseTree, file))) files.push(file);
  if (files.length === 0) return { status: "skipped", reason: `BASE has none of ${consumerTestFiles.join(", ")}` };

  const root = join(workDirectory, "consumer");
  await prepareSideRoot(root);
  await cp(join(baseTree, consumerTestDirectory), join(root, consumerTestDirectory), { recursive: true });
  await mkdir(join(root, "generated"), { recursive: true });
  await symlink(distDirectory, join(root, "generated", "src"), "dir");
  const tsconfig = {
    extends: "./tsconfig.json",
    compilerOptions: {
      lib: ["ES2022", "DOM", "DOM.Iterable"],
      types: ["node"],
      noEmit: true,
      paths: {
        "@account-funds/client": ["./generated/src/index.d.ts"],
        "@account-funds/client/node": ["./generated/src/node.d.ts"],
      },
    },
    files,
  };
  await writeFile(join(root, "tsconfig.consumer.json"), `${JSON.stringify(tsconfig, null, 2)}\n`);
  const result = await exec(nativeTsc(), ["-p", "tsconfig.consumer.json", "--pretty", "false"], {
    cwd: root,
    timeoutMillis: 10 * 60_000,
  });
  const diagnostics = parseDiagnostics(result.stdout);
  const inTests = diagnostics.filter((diagnostic) => diagnostic.file.startsWith(`${consumerTestDirectory}/`));
  // Anything else (a broken tsconfig, an error in the declarations) is not the consumer's code: shown apart.
  const other = result.code !== 0 && inTests.length === 0 ? (result.stdout + result.stderr).trim().slice(0, 4000) : "";
  return { status: "checked", files, diagnostics: inTests, millis: result.millis, other };
}
