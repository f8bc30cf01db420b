/**
 * The example's server, a backend for the page: it holds the API credentials (a browser must never hold a client
 * secret) and calls the API with @account-funds/client, here against the sandbox in-process
 * (`createSandbox().fetch`, no port of its own). It serves:
 *
 * - `GET /api/context`: what the form needs, the user's accounts and the sectors;
 * - `POST /api/beneficiaries`: checks the body again with the validators (a server never trusts a browser) and
 *   sends their value; answers 201 `{ Id }`, or the API's own error body with its status, which the page maps onto
 *   its fields with `fieldErrorsOf`;
 * - the page: the files of a Vite build (`staticDir`), or Vite itself as middleware in development.
 */
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";
import { AccountFundsError, ApiStatusError, createAccountFundsClient } from "@account-funds/client";
import { createSandbox, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEMO_USER } from "@account-funds/sandbox";
import { validateCreateWithdrawalBeneficiary } from "@account-funds/validators";

export interface ExampleServerOptions {
  readonly port?: number;
  readonly host?: string;
  /** A Vite build of the page to serve; without it, Vite serves the sources (development). */
  readonly staticDir?: string;
}

export interface ExampleServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Bodies the page sends are small; anything larger is refused before it is read whole. */
const MAX_BODY_BYTES = 64 * 1024;
const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new RangeError("The body is too large.");
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

/** An error of the client as the page gets it: the API's answer as it is, else what went wrong. */
function relay(response: ServerResponse, error: unknown): void {
  if (error instanceof ApiStatusError && error.body !== undefined) send(response, error.status, error.body);
  else if (error instanceof AccountFundsError)
    send(response, 502, { error: { code: error.code, message: error.message } });
  else throw error;
}

export async function startExampleServer(options: ExampleServerOptions = {}): Promise<ExampleServer> {
  const sandbox = await createSandbox();
  const client = createAccountFundsClient({
    baseUrl: "http://sandbox.test",
    authUrl: "http://sandbox.test",
    fetch: sandbox.fetch,
    credentials: {
      clientId: DEFAULT_CLIENT_ID,
      clientSecret: DEFAULT_CLIENT_SECRET,
      username: DEMO_USER.username,
      password: DEMO_USER.password,
    },
  });

  async function api(request: IncomingMessage, response: ServerResponse, path: string): Promise<boolean> {
    if (request.method === "GET" && path === "/api/context") {
      const [accounts, sectors] = await Promise.all([client.accounts.listAccounts(), client.sectors.listSectors()]);
      send(response, 200, {
        accounts: accounts.value.map(({ Id, Name }) => ({ Id, Name })),
        sectors: sectors.value.map(({ Id, Name }) => ({ Id, Name })),
      });
      return true;
    }
    if (request.method === "POST" && path === "/api/beneficiaries") {
      let body: unknown;
      try {
        body = await readJson(request);
      } catch (error) {
        send(response, 400, { error: { code: "invalid_body", message: (error as Error).message } });
        return true;
      }
      const checked = validateCreateWithdrawalBeneficiary(body);
      if (!checked.ok) {
        send(response, 400, { issues: checked.issues });
        return true;
      }
      try {
        const created = await client.beneficiaries.createWithdrawalBeneficiary(checked.value);
        send(response, 201, { Id: created.id });
      } catch (error) {
        relay(response, error);
      }
      return true;
    }
    return false;
  }

  const vite =
    options.staticDir === undefined
      ? await (
          await import("vite")
        ).createServer({
          configFile: new URL("../vite.config.ts", import.meta.url).pathname,
          server: { middlewareMode: true },
          appType: "spa",
        })
      : undefined;

  async function page(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    if (vite !== undefined) {
      vite.middlewares(request, response);
      return;
    }
    const root = options.staticDir ?? "";
    const file = normalize(join(root, path === "/" ? "index.html" : path));
    if (!file.startsWith(root + sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  }

  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    api(request, response, path)
      .then((handled) => (handled ? undefined : page(request, response, path)))
      .catch((error: unknown) => {
        if (!response.headersSent) send(response, 500, { error: { code: "example_server", message: String(error) } });
        else response.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}/`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await vite?.close();
      await sandbox.close();
    },
  };
}
