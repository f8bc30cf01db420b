/**
 * `account-funds-sandbox [--port 4010] [--tls-port 4443] [--host 127.0.0.1] [--data file.db] [--data-sync normal]
 * [--no-token-rate-limit] [--client-cert-thumbprint HEX]... [--certificate-out file.pem] [--validate-responses]
 * [--public-url URL] [--trust-proxy] [limits: --max-connections N ...]`:
 * starts the sandbox and prints its addresses and seeded credentials. A data file it cannot use stops the start
 * (exit 1, the file and row named). SIGINT/SIGTERM close it cleanly (exit 0): every acknowledged command is
 * already in the data file.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { defaultCredentials } from "./auth/index.js";
import { normalisePublicUrl } from "./http/public-base.js";
import { limitArgOptions, limitsOf, limitUsage } from "./limit-options.js";
import { startSandbox, type Sandbox } from "./server.js";

const usage = `Usage: account-funds-sandbox [options]

Serves the Account Funds Web API sandbox: the API and /connect/token over HTTP, /connect/mtls/token over HTTPS
(self-signed certificate made at start-up), and the sandbox control API under /_sandbox/.

Options:
  --port <n>                     HTTP port (default 4010; 0 picks a free port)
  --tls-port <n>                 HTTPS port for /connect/mtls/token (default 4443; 0 picks a free port)
  --no-tls                       serve no HTTPS
  --host <address>               address to bind (default 127.0.0.1)
  --data <file>                  keep the state in this SQLite file: loaded at start (created when missing; a
                                 version 1 JSON data file is imported once), each command stored before its answer
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

Exit status: 0 stopped by SIGINT/SIGTERM; 1 could not start; 64 wrong usage (EX_USAGE).
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

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        port: { type: "string" },
        "tls-port": { type: "string" },
        "no-tls": { type: "boolean" },
        host: { type: "string" },
        data: { type: "string" },
        "data-sync": { type: "string" },
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
  const sandbox = await startSandbox({
    port: portOf("--port", values.port, 4010),
    tlsPort: values["no-tls"] === true ? false : portOf("--tls-port", values["tls-port"], 4443),
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(values.data === undefined ? {} : { dataFile: values.data, dataSync }),
    ...(values["no-token-rate-limit"] === true ? { tokenRateLimits: false as const } : {}),
    credentials,
    validateResponses: values["validate-responses"] === true,
    maxPageSize: pageSize,
    ...(publicUrl === undefined ? {} : { publicUrl }),
    trustProxy: values["trust-proxy"] === true,
    limits,
  });
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
    `  Control API:     ${sandbox.url}/_sandbox/  (reset, clock, complete, webhooks, events)`,
    `  Client:          client_id=${client.clientId} client_secret=${client.clientSecret} scope=serviceFXAPI`,
    ...credentials.users.map((user) => `  User:            username=${user.username} password=${user.password}`),
    sandbox.dataFile === undefined
      ? `  State:           in memory`
      : `  State:           ${sandbox.dataFile.path} (SQLite via ${sandbox.dataFile.driver}, synchronous=${dataSync})` +
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
  process.stdout.write(`${lines.join("\n")}\n`);
  started = sandbox;
  if (stopRequested) stop();
}

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
