/**
 * The mTLS dispatcher against a real local TLS server that requires a client certificate (certificates made with
 * openssl for the test; skipped where openssl is missing).
 * @module-tag node-lines: the client's Node entry: an undici dispatcher with mutual TLS.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectionError } from "../../../runtime/errors/errors.js";
import { createMtlsDispatcher } from "../../../runtime/auth/mtls-dispatcher.js";
import { createRuntime } from "../../../runtime/client/request.js";
import { bindGroups } from "../../../runtime/client/bind.js";
import { operations, tokenOperations } from "../fixtures.js";
import { FakeServer, json } from "../fake-fetch.js";

function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function selfSigned(dir: string, name: string): { cert: string; key: string } {
  const key = join(dir, `${name}.key`);
  const cert = join(dir, `${name}.crt`);
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      `/CN=${name}`,
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
    ],
    { stdio: "ignore" },
  );
  return { cert: readFileSync(cert, "utf8"), key: readFileSync(key, "utf8") };
}

describe.skipIf(!hasOpenssl())("createMtlsDispatcher", () => {
  let dir: string;
  let server: Server;
  let authUrl: string;
  let serverCert: { cert: string; key: string };
  let clientCert: { cert: string; key: string };
  const seen: { path: string; subject: string | undefined; body: string }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "mtls-"));
    serverCert = selfSigned(dir, "localhost");
    clientCert = selfSigned(dir, "client");
    server = createServer(
      { ...serverCert, requestCert: true, rejectUnauthorized: true, ca: [clientCert.cert] },
      (request, response) => {
        let body = "";
        request.on("data", (chunk: Buffer) => (body += chunk.toString()));
        request.on("end", () => {
          const peer = (request.socket as TLSSocket).getPeerCertificate();
          const subject = peer.subject?.CN;
          seen.push({ path: request.url ?? "", subject: Array.isArray(subject) ? subject.join(",") : subject, body });
          response.setHeader("content-type", "application/json");
          response.end(
            JSON.stringify({
              access_token: "mtls-token",
              expires_in: 900,
              token_type: "Bearer",
              scope: "serviceFXAPI",
            }),
          );
        });
      },
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    authUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  function client(dispatcher: ReturnType<typeof createMtlsDispatcher>) {
    const api = new FakeServer();
    api.on("GET", "/api/v1/Accounts(1)", () => json(200, { Id: 1 }));
    // Token requests go to the real TLS server with Node's fetch; API requests to the in-process fake.
    const runtime = createRuntime(
      {
        baseUrl: "https://api.test",
        authUrl,
        credentials: { clientId: "client-1", username: "svc@example.com", password: "pw" },
        mtls: { dispatcher },
        maxRetries: 0,
        fetch: (request, init) =>
          request.url.startsWith(authUrl) ? fetch(request, init as RequestInit) : api.fetch(request, init),
      },
      { tokenOperations },
    );
    return {
      api,
      client: bindGroups<{ accounts: { getAccount(id: number): Promise<unknown> } }>(runtime, "data", {
        accounts: { getAccount: operations.getAccount },
      }),
    };
  }

  it("presents the client certificate to /connect/mtls/token", async () => {
    const dispatcher = createMtlsDispatcher({ ...clientCert, ca: serverCert.cert });
    try {
      const { api, client: accounts } = client(dispatcher);
      await expect(accounts.accounts.getAccount(1)).resolves.toEqual({ Id: 1 });
      expect(seen.at(-1)?.path).toBe("/connect/mtls/token");
      expect(seen.at(-1)?.subject).toBe("client");
      expect(new URLSearchParams(seen.at(-1)?.body).has("client_secret")).toBe(false);
      expect(api.requests[0]?.headers["authorization"]).toBe("Bearer mtls-token");
    } finally {
      await dispatcher.close();
    }
  });

  it("fails to connect without the right certificate", async () => {
    const stranger = selfSigned(dir, "stranger");
    const dispatcher = createMtlsDispatcher({ ...stranger, ca: serverCert.cert });
    try {
      await expect(client(dispatcher).client.accounts.getAccount(1)).rejects.toBeInstanceOf(ConnectionError);
    } finally {
      await dispatcher.close();
    }
  });
});
