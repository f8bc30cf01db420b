/**
 * `account-funds-sandbox [--port 4010] [--tls-port 4443] [--host 127.0.0.1] [--data file.db] [--data-sync normal]
 * [--from snapshot.db] [--no-token-rate-limit] [--client-cert-thumbprint HEX]... [--certificate-out file.pem]
 * [--validate-responses] [--public-url URL] [--trust-proxy] [limits: --max-connections N ...]`:
 * starts the sandbox; once it serves, prints its addresses and seeded credentials on stderr and one JSON line on
 * stdout, the ready line a script waits for (`{"status":"ready","url":...}`; a start that fails prints
 * `{"status":"failed","error":{"code","message"}}` there instead and exits 1). A data file it cannot use stops the
 * start (the file and row named). SIGINT/SIGTERM close it cleanly (exit 0): every acknowledged command is already
 * in the data file.
 * `account-funds-sandbox snapshot <file> [--url URL]`: saves a running sandbox's snapshot (`POST /_sandbox/snapshot`)
 * to a file, atomically.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { defaultCredentials } from "./endpoints/auth/index.js";
import { normalisePublicUrl } from "./foundation/http/public-base.js";
import { HEALTH_PATH } from "./foundation/http/start-gate.js";
import { limitArgOptions, limitsOf, limitUsage } from "./limit-options.js";
import { startSandbox, type Sandbox } from "./assembly/server.js";
import { DataFileError } from "./foundation/state/data-file.js";
import { writeAtomically } from "./foundation/state/snapshot-file.js";
import { SqliteUnavailableError } from "./foundation/state/sqlite-driver.js";

const usage = `Usage: account-funds-sandbox [options]
       account-funds-sandbox snapshot <file> [--url <url>]

Serves the Account Funds Web API sandbox: the API and /connect/token over HTTP, /connect/mtls/token over HTTPS
(self-signed certificate made at start-up), and the sandbox control API under /_sandbox/. Once it serves, it
prints one JSON line on stdout, {"status":"ready","url":...,"healthUrl":...} (addresses and credentials go to
stderr); a start that fails prints {"status":"failed","error":{"code":...,"message":...}} there and exits 1.
The snapshot command saves a running sandbox's state (POST /_sandbox/snapshot at --url, default
http://127.0.0.1:4010) to <file>, atomically; --data or --from starts from it.

Options:
  --port <n>                     HTTP port (default 4010; 0 picks a free port)
  --tls-port <n>                 HTTPS port for /connect/mtls/token (default 4443; 0 picks a free port)
  --no-tls                       serve no HTTPS
  --host <address>               address to bind (default 127.0.0.1)
  --data <file>                  keep the state in this SQLite file: loaded at start (created when missing; a
                                 version 1 JSON data file is imported once), each command stored before its answer;
                                 the file alone is at most a second behind the last answer (checkpoints)
  --from <file>                  start from this snapshot (never changed) instead of the seed, in memory or into a
                                 new --data file; POST /_sandbox/reset goes back to it
  --data-sync <normal|full>      normal (default): acknowledged writes survive a killed process; full: a power
                                 cut too, at one fsync per command
  --no-token-rate-limit          serve /connect/token and /connect/mtls/token without rate limits (load tests)
  --client-cert-thumbprint <hex> register a client certificate's SHA-256 thumbprint for sandbox-client (repeatable)
  --certificate-out <file>       write the HTTPS server's self-signed certificate (PEM) there, for clients to trust
  --validate-responses           answer 500 when a response does not match the spec (development)
  --page-size <n>                largest page before @odata.nextLink (default 100)
  --public-url <url>             the base URL clients reach the sandbox at, e.g. behind a reverse proxy
                                 (https://gateway.example.com/sandbox): next links, Location and webhook ApiUrls
  --trust-proxy                  take host and scheme from Forwarded / X-Forwarded-Host / X-Forwarded-Proto (only
                                 when every request comes through proxies you run)
  -h, --help                     show this help
  --version                      print the sandbox's version

Limits (a request over one is refused with the status named):
${limitUsage(30)}

Exit status: 0 stopped by SIGINT/SIGTERM (snapshot: saved); 1 could not start (snapshot: not saved);
64 wrong usage (EX_USAGE).
`;

/** sysexits(3) EX_USAGE, the wrong-usage exit status of every command line of the toolkit. */
const EX_USAGE = 64;

function fail(message: string): never {
  process.stderr.write(`account-funds-sandbox: ${message}\n\n${usage}`);
  process.exit(EX_USAGE);
}

/** The package's version: package.json is one level above this module both in src/ and in dist/. */
function version(): string {
  const manifest: { version: string } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return manifest.version;
}

function portOf(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`${name} must be a port number (0-65535), got ${JSON.stringify(text)}`);
  return port;
}

/** The one JSON line on stdout: the ready line, or why the start failed (README, "Starting it from a script"). */
function printLine(line: object): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** A machine code for a start that failed (the failure line's `error.code`). */
function failureCodeOf(error: unknown): string {
  if (error instanceof SqliteUnavailableError) return error.code;
  if (error instanceof DataFileError) return "data_file_unusable";
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE") return "address_in_use";
  if (code === "EACCES" || code === "EADDRNOTAVAIL") return "address_unavailable";
  return "start_failed";
}

/** `account-funds-sandbox snapshot <file> [--url URL]`: exit 0 saved, 1 not saved, 64 wrong usage. */
async function snapshotCommand(argv: readonly string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { url: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    fail(`snapshot: ${(error as Error).message}`);
  }
  if (parsed.values.help === true) {
    process.stdout.write(usage);
    return;
  }
  if (parsed.positionals.length !== 1) fail("snapshot takes one argument: the file to write");
  const base = parsed.values.url ?? "http://127.0.0.1:4010";
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol))
    fail(`snapshot: --url must be the sandbox's http(s) URL, got ${JSON.stringify(base)}`);
  const target = resolve(parsed.positionals[0]!);
  const from = `${base.replace(/\/+$/, "")}/_sandbox/snapshot`;
  const notSaved = (why: string): never => {
    process.stderr.write(`account-funds-sandbox snapshot: ${target} not saved: ${why}\n`);
    process.exit(1);
  };
  let response: Response;
  try {
    response = await fetch(from, { method: "POST", signal: AbortSignal.timeout(120_000) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return notSaved(`POST ${from} failed (${cause ?? (error as Error).message})`);
  }
  const body = new Uint8Array(await response.arrayBuffer());
  if (response.status !== 200 || response.headers.get("content-type") !== "application/vnd.sqlite3")
    return notSaved(`POST ${from} answered ${response.status}: ${new TextDecoder().decode(body).slice(0, 500)}`);
  try {
    writeAtomically(target, (temporary) => writeFileSync(temporary, body));
  } catch (error) {
    return notSaved((error as Error).message);
  }
  printLine({ status: "saved", snapshot: target, bytes: body.length });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === "snapshot") return snapshotCommand(argv.slice(1));
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        port: { type: "string" },
        "tls-port": { type: "string" },
        "no-tls": { type: "boolean" },
        host: { type: "string" },
        data: { type: "string" },
        "data-sync": { type: "string" },
        from: { type: "string" },
        "no-token-rate-limit": { type: "boolean" },
        "client-cert-thumbprint": { type: "string", multiple: true },
        "validate-responses": { type: "boolean" },
        "certificate-out": { type: "string" },
        "page-size": { type: "string" },
        "public-url": { type: "string" },
        "trust-proxy": { type: "boolean" },
        ...limitArgOptions,
        help: { type: "boolean", short: "h" },
        version: { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const values = parsed.values;
  if (values.help === true) {
    process.stdout.write(usage);
    return;
  }
  if (values.version === true) {
    process.stdout.write(`${version()}\n`);
    return;
  }
  const pageSize = values["page-size"] === undefined ? 100 : Number(values["page-size"]);
  if (!Number.isInteger(pageSize) || pageSize < 1) fail(`--page-size must be a positive integer`);
  const dataSync = values["data-sync"] ?? "normal";
  if (dataSync !== "normal" && dataSync !== "full") fail(`--data-sync must be normal or full`);
  if (values["data-sync"] !== undefined && values.data === undefined) fail(`--data-sync needs --data`);
  const limits = limitsOf(values);
  if (typeof limits === "string") fail(limits);
  const publicUrl = values["public-url"];
  if (publicUrl !== undefined) {
    try {
      normalisePublicUrl(publicUrl);
    } catch (error) {
      fail(`--public-url: ${(error as Error).message}`);
    }
  }
  const credentials = defaultCredentials({ certificateThumbprints: values["client-cert-thumbprint"] ?? [] });
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({
      port: portOf("--port", values.port, 4010),
      tlsPort: values["no-tls"] === true ? false : portOf("--tls-port", values["tls-port"], 4443),
      ...(values.host === undefined ? {} : { host: values.host }),
      ...(values.data === undefined ? {} : { dataFile: values.data, dataSync }),
      ...(values.from === undefined ? {} : { from: values.from }),
      ...(values["no-token-rate-limit"] === true ? { tokenRateLimits: false as const } : {}),
      credentials,
      validateResponses: values["validate-responses"] === true,
      maxPageSize: pageSize,
      ...(publicUrl === undefined ? {} : { publicUrl }),
      trustProxy: values["trust-proxy"] === true,
      limits,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    printLine({ status: "failed", error: { code: failureCodeOf(error), message } });
    process.stderr.write(`account-funds-sandbox: ${message}\n`);
    process.exit(1);
  }
  const certificateOut = values["certificate-out"];
  if (certificateOut !== undefined && sandbox.certificate !== undefined)
    writeFileSync(certificateOut, sandbox.certificate.cert);
  const client = credentials.clients[0]!;
  const lines = [
    `Account Funds sandbox`,
    `  API and token:   ${sandbox.url}/api/v1/   ${sandbox.url}/connect/token`,
    sandbox.tlsUrl === undefined
      ? `  HTTPS tokens:    (disabled)`
      : `  HTTPS tokens:    ${sandbox.tlsUrl}/connect/token   ${sandbox.tlsUrl}/connect/mtls/token (the spec's {auth_url}; self-signed, SHA-256 ${sandbox.certificate?.thumbprint})`,
    `  Control API:     ${sandbox.url}/_sandbox/  (health, reset, snapshot, clock, complete, webhooks, events)`,
    `  Client:          client_id=${client.clientId} client_secret=${client.clientSecret} scope=serviceFXAPI`,
    ...credentials.users.map((user) => `  User:            username=${user.username} password=${user.password}`),
    sandbox.dataFile === undefined
      ? `  State:           in memory${values.from === undefined ? "" : `, from the snapshot ${resolve(values.from)}`}`
      : `  State:           ${sandbox.dataFile.path} (SQLite via ${sandbox.dataFile.driver}, synchronous=${dataSync})` +
        (values.from === undefined ? "" : `, from the snapshot ${resolve(values.from)}`) +
        (sandbox.dataFile.importedFrom === undefined
          ? ""
          : `; imported the JSON data file, kept as ${sandbox.dataFile.importedFrom}`),
    values["no-token-rate-limit"] === true
      ? `  Token endpoints: no rate limits`
      : `  Token endpoints: rate-limited (--no-token-rate-limit turns it off)`,
    ...(values["public-url"] === undefined ? [] : [`  Public URL:      ${values["public-url"]} (links and ApiUrls)`]),
    ...(values["trust-proxy"] === true
      ? [`  Proxies:         Forwarded / X-Forwarded-Host / X-Forwarded-Proto trusted`]
      : []),
  ];
  process.stderr.write(`${lines.join("\n")}\n`);
  // Last, once everything above is done: the line a script waits for. Its fields are documented and stable.
  printLine({
    status: "ready",
    url: sandbox.url,
    tlsUrl: sandbox.tlsUrl ?? null,
    healthUrl: `${sandbox.url}${HEALTH_PATH}`,
    certificateSha256: sandbox.certificate?.thumbprint ?? null,
    dataFile: sandbox.dataFile?.path ?? null,
    pid: process.pid,
    version: version(),
  });
  started = sandbox;
  if (stopRequested) stop();
}

// Node's own warning lines ("(node:123) Warning: ...") become the command's: a data file found without its WAL,
// a failed checkpoint. Installed before anything starts.
process.removeAllListeners("warning");
process.on("warning", (warning) => process.stderr.write(`account-funds-sandbox: warning: ${warning.message}\n`));

// Installed before anything starts: a signal during start-up (or just after the addresses are printed) still
// closes cleanly instead of killing the process by the signal's default action.
let started: Sandbox | undefined;
let stopRequested = false;
let stopping = false;
function stop(): void {
  stopRequested = true;
  if (started === undefined || stopping) return;
  stopping = true;
  started.close().then(
    () => process.exit(0),
    (error: unknown) => {
      // Every acknowledged command is in the data file already: a failure while closing loses nothing.
      process.stderr.write(
        `account-funds-sandbox: while closing: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(0);
    },
  );
}
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

main().catch((error: unknown) => {
  process.stderr.write(`account-funds-sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
