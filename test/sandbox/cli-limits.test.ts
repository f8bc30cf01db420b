/**
 * The command line's limit switches: each one sets its limit; a value that is not a positive integer is a usage error.
 * @module-tag node-lines: node:http's limits, set from the command line.
 */
import { describe, expect, it } from "vitest";
import { DEMO_USER } from "./support/sandbox-fixture.js";
import {
  call,
  passwordToken,
  runSandboxProcess,
  startSandboxProcess,
  stopSandboxProcess,
} from "./support/sandbox-process.js";

describe("the limit switches of account-funds-sandbox", () => {
  it("lists every limit with its default in --help", async () => {
    const { code, stdout } = await runSandboxProcess(["--help"]);
    expect(code).toBe(0);
    for (const line of [
      "--max-connections <n>",
      "(default 1000)",
      "--max-json-depth <n>",
      "--body-idle-timeout <ms>",
      "--max-body-size <bytes>",
    ])
      expect(stdout).toContain(line);
  });

  it("refuses a limit that is not a positive integer, naming it", async () => {
    for (const value of ["0", "-5", "ten", "1.5"]) {
      const { code, stderr } = await runSandboxProcess([`--max-connections=${value}`]);
      expect(code, value).toBe(64);
      expect(stderr).toContain(`--max-connections must be a positive integer, got ${JSON.stringify(value)}`);
    }
  });

  it("applies the limits it is given: --max-json-depth and --max-body-size", async () => {
    const sandbox = await startSandboxProcess(["--max-json-depth", "2", "--max-body-size", "200"]);
    const token = await passwordToken(sandbox.url, DEMO_USER.username, DEMO_USER.password);
    const alert = { SourceCurrencyCode: "GBP", TargetCurrencyCode: "EUR", Limit: 1.1 };
    expect(
      (await call(sandbox.url, token, "POST", "/api/v1/Alerts/Create", { ...alert, Note: [[1]] })).body,
    ).toMatchObject({
      error: { code: "json_too_deep" },
    });
    expect(
      (await call(sandbox.url, token, "POST", "/api/v1/Alerts/Create", { ...alert, Note: "n".repeat(200) })).status,
    ).toBe(413);
    expect((await call(sandbox.url, token, "POST", "/api/v1/Alerts/Create", { ...alert, Note: [1] })).status).toBe(201);
    expect((await stopSandboxProcess(sandbox)).code).toBe(0);
  });
});
