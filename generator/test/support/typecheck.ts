/**
 * Type-checks emitted TypeScript the way the generated package's build would (the repository's strict
 * tsconfig, NodeNext), with the runtime contract files the emitted files import copied beside them.
 */
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import ts from "typescript";
import type { EmittedFile } from "../../src/emit/emitter.js";
import { runtimeFile } from "../../src/emit/runtime-modules.js";
import { generatorRoot, repositoryRoot } from "./fixtures.js";

const contractFiles = (["operationMetadata", "operationContract", "compiledValidator"] as const).map(runtimeFile);

/** Writes `files` (paths relative to the package) and the contract files into `directory`; returns diagnostics. */
export async function typecheckEmitted(directory: string, files: readonly EmittedFile[]): Promise<string[]> {
  for (const file of files) {
    await mkdir(dirname(join(directory, file.path)), { recursive: true });
    await writeFile(join(directory, file.path), file.contents);
  }
  for (const name of contractFiles) {
    await mkdir(dirname(join(directory, "src/runtime", name)), { recursive: true });
    await copyFile(join(generatorRoot, "runtime", name), join(directory, "src/runtime", name));
  }

  const base = ts.readConfigFile(join(repositoryRoot, "tsconfig.json"), (path) => ts.sys.readFile(path));
  const config = ts.parseJsonConfigFileContent(
    {
      ...base.config,
      compilerOptions: {
        ...base.config.compilerOptions,
        lib: ["ES2022", "DOM", "DOM.Iterable"],
        types: ["node"],
        noEmit: true,
      },
    },
    ts.sys,
    directory,
  );
  const rootNames = files.filter((file) => file.path.endsWith(".ts")).map((file) => join(directory, file.path));
  const program = ts.createProgram(rootNames, config.options);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (diagnostic) =>
        `${diagnostic.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`,
    );
}
