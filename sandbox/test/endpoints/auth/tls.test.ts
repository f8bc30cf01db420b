// @module-tag node-lines: TLS and certificates (node:https, node:crypto: each Node's OpenSSL).
import { X509Certificate, createPrivateKey } from "node:crypto";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createClientCertificate,
  createServerCertificate,
  thumbprintOf,
  type ClientCertificate,
  type ServerCertificate,
} from "../../../src/endpoints/auth/tls.js";

let server: ServerCertificate;
let client: ClientCertificate;

beforeAll(async () => {
  [server, client] = await Promise.all([createServerCertificate(), createClientCertificate("demo-integration")]);
});

describe("createServerCertificate", () => {
  it("covers 127.0.0.1 and localhost with a currently valid certificate", () => {
    const x509 = new X509Certificate(server.cert);
    expect(x509.checkIP("127.0.0.1")).toBe("127.0.0.1");
    expect(x509.checkHost("localhost")).toBe("localhost");
    expect(x509.checkHost("example.com")).toBeUndefined();
    expect(x509.checkPrivateKey(createPrivateKey(server.key))).toBe(true);
    const now = Date.now();
    expect(Date.parse(x509.validFrom)).toBeLessThanOrEqual(now);
    expect(Date.parse(x509.validTo)).toBeGreaterThan(now + 300 * 24 * 3600 * 1000);
  });

  it("reports its fingerprint in Node's form and normalised", () => {
    const x509 = new X509Certificate(server.cert);
    expect(server.fingerprint256).toBe(x509.fingerprint256);
    expect(server.thumbprint).toBe(x509.fingerprint256.replaceAll(":", ""));
    expect(server.thumbprint).toMatch(/^[0-9A-F]{64}$/);
  });

  it("uses the host names it is given", async () => {
    const custom = await createServerCertificate({ hostnames: ["sandbox.test", "::1"] });
    const x509 = new X509Certificate(custom.cert);
    expect(x509.checkHost("sandbox.test")).toBe("sandbox.test");
    expect(x509.checkIP("::1")).toBe("::1");
    expect(x509.checkIP("127.0.0.1")).toBeUndefined();
  });
});

describe("createClientCertificate", () => {
  it("is self-signed, names the given common name, and reports its thumbprint", () => {
    const x509 = new X509Certificate(client.cert);
    expect(x509.subject).toContain("CN=demo-integration");
    expect(x509.issuer).toBe(x509.subject);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.checkPrivateKey(createPrivateKey(client.key))).toBe(true);
    expect(client.thumbprint).toBe(thumbprintOf({ raw: x509.raw }));
    expect(client.thumbprint).not.toBe(server.thumbprint);
  });
});

describe("mutual TLS handshake", () => {
  let https: Server;
  let origin: string;

  beforeAll(async () => {
    https = createServer(
      // As the sandbox's server does: ask for a certificate, accept self-signed ones, check the thumbprint later.
      { key: server.key, cert: server.cert, requestCert: true, rejectUnauthorized: false },
      (req, res) => {
        const socket = req.socket as TLSSocket;
        const seen = thumbprintOf(socket.getPeerCertificate());
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            thumbprint: seen ?? null,
            fingerprint256: socket.getPeerCertificate().fingerprint256 ?? null,
          }),
        );
      },
    );
    await new Promise<void>((resolve) => https.listen(0, "127.0.0.1", resolve));
    origin = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    https.closeAllConnections();
    await new Promise<void>((resolve, reject) => https.close((error) => (error ? reject(error) : resolve())));
  });

  async function call(
    connect: ConstructorParameters<typeof Agent>[0],
  ): Promise<{ thumbprint: string | null; fingerprint256: string | null }> {
    const agent = new Agent(connect);
    try {
      const response = await request(`${origin}/`, { dispatcher: agent });
      expect(response.statusCode).toBe(200);
      return (await response.body.json()) as { thumbprint: string | null; fingerprint256: string | null };
    } finally {
      await agent.close();
    }
  }

  it("lets the server see the client certificate's thumbprint", async () => {
    const seen = await call({ connect: { ca: server.cert, cert: client.cert, key: client.key } });
    expect(seen.thumbprint).toBe(client.thumbprint);
    expect(seen.thumbprint).toBe(thumbprintOf({ raw: new X509Certificate(client.cert).raw }));
    // Node's fingerprint256 of the same certificate normalises to the same thumbprint.
    expect(thumbprintOf({ fingerprint256: seen.fingerprint256 ?? undefined })).toBe(client.thumbprint);
  });

  it("sees no thumbprint when the client presents no certificate", async () => {
    const seen = await call({ connect: { ca: server.cert } });
    expect(seen.thumbprint).toBeNull();
  });

  it("is not trusted by a client that pins another certificate as its CA", async () => {
    const stranger = await createServerCertificate();
    await expect(call({ connect: { ca: stranger.cert } })).rejects.toMatchObject({
      code: "DEPTH_ZERO_SELF_SIGNED_CERT",
    });
  });
});
