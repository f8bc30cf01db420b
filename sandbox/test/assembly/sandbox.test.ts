/**
 * `createSandbox`: the sandbox in-process, as a `fetch`. Each one has its own state; the request's signal aborts
 * the call; the mutual-TLS token endpoint judges the certificate an in-process request presents; a path nothing
 * serves is a 404 saying what is served; `Symbol.asyncDispose` closes it.
 * @module-tag node-lines: data files (the SQLite driver) and client certificates (node:crypto).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createClientCertificate, defaultCredentials } from "../../src/endpoints/auth/index.js";
import { createSandbox } from "../../src/assembly/sandbox.js";

const BASE = "http://sandbox.test";

const form = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
const user = {
  grant_type: "password",
  scope: "serviceFXAPI",
  client_id: "sandbox-client",
  username: "demo@example.com",
  password: "demo-password",
};

describe("the sandbox in-process", () => {
  it("gives each sandbox a state of its own", async () => {
    const [one, two] = await Promise.all([createSandbox(), createSandbox()]);
    try {
      const token = async (sandbox: typeof one) =>
        (
          (await (
            await sandbox.fetch(`${BASE}/connect/token`, form({ ...user, client_secret: "sandbox-secret" }))
          ).json()) as { access_token: string }
        ).access_token;
      const alerts = async (sandbox: typeof one) =>
        (
          (await (
            await sandbox.fetch(`${BASE}/api/v1/Alerts`, {
              headers: { authorization: `Bearer ${await token(sandbox)}` },
            })
          ).json()) as { value: unknown[] }
        ).value.length;
      const before = await alerts(two);
      const created = await one.fetch(`${BASE}/api/v1/Alerts/Create`, {
        method: "POST",
        headers: { authorization: `Bearer ${await token(one)}`, "content-type": "application/json" },
        body: JSON.stringify({ SourceCurrencyCode: "GBP", TargetCurrencyCode: "EUR", Limit: 1.3 }),
      });
      expect(created.status).toBe(201);
      expect(created.headers.get("location")).toMatch(/^http:\/\/sandbox\.test\/api\/v1\/Alerts\(\d+\)$/);
      expect(await alerts(one)).toBe(before + 1);
      expect(await alerts(two)).toBe(before);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it("rejects the call when the request's signal aborts, as fetch does", async () => {
    await using sandbox = await createSandbox();
    const aborted = AbortSignal.abort(new DOMException("stop", "AbortError"));
    await expect(sandbox.fetch(`${BASE}/_sandbox/clock`, { signal: aborted })).rejects.toMatchObject({
      name: "AbortError",
    });
    const controller = new AbortController();
    const slow = sandbox.fetch(`${BASE}/connect/token`, {
      ...form({ ...user, client_secret: "sandbox-secret" }),
      body: new ReadableStream({ pull: () => new Promise(() => undefined) }),
      duplex: "half",
      signal: controller.signal,
    } as RequestInit);
    controller.abort(new DOMException("gave up", "AbortError"));
    await expect(slow).rejects.toMatchObject({ name: "AbortError" });
  });

  it("judges the client certificate an in-process request presents at /connect/mtls/token", async () => {
    const registered = await createClientCertificate("registered");
    const stranger = await createClientCertificate("stranger");
    const expired = await createClientCertificate("expired", {
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2021-01-01T00:00:00Z"),
    });
    await using sandbox = await createSandbox({
      credentials: defaultCredentials({ certificateThumbprints: [registered.thumbprint, expired.thumbprint] }),
    });
    const tokenWith = async (clientCertificate?: string) => {
      const response = await sandbox.fetch(`${BASE}/connect/mtls/token`, {
        ...form(user),
        ...(clientCertificate === undefined ? {} : { clientCertificate }),
      });
      return {
        status: response.status,
        body: (await response.json()) as { access_token?: string; error?: string; error_description?: string },
      };
    };
    const granted = await tokenWith(registered.cert);
    expect(granted.status).toBe(200);
    expect(typeof granted.body.access_token).toBe("string");
    expect(await tokenWith()).toMatchObject({ status: 400, body: { error: "invalid_client" } });
    expect(await tokenWith(stranger.cert)).toMatchObject({ status: 400, body: { error: "invalid_client" } });
    const outOfDate = await tokenWith(expired.cert);
    expect(outOfDate).toMatchObject({ status: 400, body: { error: "invalid_client" } });
    expect(outOfDate.body.error_description).toMatch(/validity period/);
    await expect(
      sandbox.fetch(`${BASE}/connect/mtls/token`, { ...form(user), clientCertificate: "not a certificate" }),
    ).rejects.toThrow(TypeError);
  });

  it("answers a path nothing serves with 404, naming what is served", async () => {
    await using sandbox = await createSandbox();
    const response = await sandbox.fetch(`${BASE}/nothing/here`);
    expect(response.status).toBe(404);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("not_found");
    expect(error.message).toContain("/api/, /connect/token, /connect/mtls/token, /_sandbox/");
  });

  it("closes with Symbol.asyncDispose (once, however often it is asked): the data file is free for another sandbox", async () => {
    const directory = mkdtempSync(join(tmpdir(), "sandbox-dispose-"));
    try {
      const file = join(directory, "state.db");
      const first = await createSandbox({ dataFile: file });
      // Opened in exclusive locking mode: a second sandbox on the same file is refused while the first has it.
      await expect(createSandbox({ dataFile: file })).rejects.toThrow();
      await Promise.all([first[Symbol.asyncDispose](), first.close()]);
      await using second = await createSandbox({ dataFile: file });
      expect(second.dataFile?.path).toBe(file);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
