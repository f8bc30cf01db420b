import { describe, expect, it } from "vitest";
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  DEMO_USER,
  OTHER_USER,
  authenticateClientCertificate,
  authenticateClientSecret,
  authenticateUser,
  defaultCredentials,
  secretsEqual,
} from "../../../src/endpoints/auth/credentials.js";

const THUMBPRINT = "AB".repeat(32);

describe("defaultCredentials", () => {
  it("seeds the documented client and two distinct users", () => {
    const credentials = defaultCredentials();
    expect(credentials.clients).toEqual([
      { clientId: "sandbox-client", clientSecret: "sandbox-secret", certificateThumbprints: [] },
    ]);
    expect(credentials.users).toEqual([
      { id: "demo", username: "demo@example.com", password: "demo-password", displayName: expect.any(String) },
      { id: "other", username: "other@example.com", password: "other-password", displayName: expect.any(String) },
    ]);
  });

  it("returns a fresh copy each time", () => {
    const first = defaultCredentials();
    first.users[0]!.password = "changed";
    first.clients[0]!.certificateThumbprints.push(THUMBPRINT);
    const second = defaultCredentials();
    expect(second.users[0]!.password).toBe("demo-password");
    expect(second.clients[0]!.certificateThumbprints).toEqual([]);
    expect(DEMO_USER.password).toBe("demo-password");
  });
});

describe("secretsEqual", () => {
  it("compares exactly, whatever the lengths", () => {
    expect(secretsEqual("sandbox-secret", "sandbox-secret")).toBe(true);
    expect(secretsEqual("sandbox-secreT", "sandbox-secret")).toBe(false);
    expect(secretsEqual("sandbox-secret-longer", "sandbox-secret")).toBe(false);
    expect(secretsEqual("", "sandbox-secret")).toBe(false);
  });
});

describe("authentication", () => {
  const credentials = defaultCredentials({ certificateThumbprints: [THUMBPRINT.toLowerCase()] });

  it("authenticates a client by secret", () => {
    expect(authenticateClientSecret(credentials, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET)?.clientId).toBe(
      DEFAULT_CLIENT_ID,
    );
    expect(authenticateClientSecret(credentials, DEFAULT_CLIENT_ID, "wrong")).toBeUndefined();
    expect(authenticateClientSecret(credentials, "unknown", DEFAULT_CLIENT_SECRET)).toBeUndefined();
  });

  it("authenticates a client by a registered thumbprint in any hex form", () => {
    const colons = THUMBPRINT.match(/../g)!.join(":");
    expect(authenticateClientCertificate(credentials, DEFAULT_CLIENT_ID, colons)?.clientId).toBe(DEFAULT_CLIENT_ID);
    expect(authenticateClientCertificate(credentials, DEFAULT_CLIENT_ID, "CD".repeat(32))).toBeUndefined();
    expect(authenticateClientCertificate(credentials, DEFAULT_CLIENT_ID, "garbage")).toBeUndefined();
    expect(authenticateClientCertificate(credentials, "unknown", THUMBPRINT)).toBeUndefined();
  });

  it("authenticates each user with their own password only", () => {
    expect(authenticateUser(credentials, DEMO_USER.username, DEMO_USER.password)?.id).toBe("demo");
    expect(authenticateUser(credentials, OTHER_USER.username, OTHER_USER.password)?.id).toBe("other");
    expect(authenticateUser(credentials, "Demo@Example.COM", DEMO_USER.password)?.id).toBe("demo");
    expect(authenticateUser(credentials, DEMO_USER.username, OTHER_USER.password)).toBeUndefined();
    expect(authenticateUser(credentials, "nobody@example.com", DEMO_USER.password)).toBeUndefined();
  });
});
