/**
 * Every case of the stand-in (success-cases.ts, error-cases.ts), the token service beside them, and the routes the
 * stand-in serves: the tests' and test/stand-in/serve.ts's.
 */
import { errorCases } from "./error-cases.js";
import type { StandInRoute } from "./stand-in.js";
import { successCases } from "./success-cases.js";

export { errorCases } from "./error-cases.js";
export { successCases } from "./success-cases.js";
export type { StandInCase } from "./stand-in-case.js";

/** The token service (IdentityServer): a JWT for the right credentials, never cached (RFC 6749 §5.1). */
export const tokenRoute: StandInRoute = {
  method: "POST",
  path: "/connect/token",
  answer: () => ({
    status: 200,
    headers: { "content-type": "application/json; charset=UTF-8", "cache-control": "no-store", pragma: "no-cache" },
    body: JSON.stringify({
      access_token: "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzdGFuZC1pbiJ9.c2lnbmF0dXJlLW9mLXRoZS1zdGFuZC1pbg",
      expires_in: 900,
      token_type: "Bearer",
      scope: "serviceFXAPI",
    }),
  }),
};

/** Every route of the stand-in: the cases' (more specific first) and the token service. */
export const routes: readonly StandInRoute[] = [
  ...[...errorCases, ...successCases].map((testCase) => testCase.route),
  tokenRoute,
];

export const credentials = {
  clientId: "stand-in-client",
  clientSecret: "stand-in-secret-0123456789",
  username: "service-user@example.com",
  password: "stand-in-password-0123456789",
};
