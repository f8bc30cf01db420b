/** Public API of the sandbox's authentication: credentials, tokens, token endpoint, TLS certificates. */
export {
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  DEMO_USER,
  OTHER_USER,
  authenticateClientCertificate,
  authenticateClientSecret,
  authenticateUser,
  defaultCredentials,
  findClient,
  secretsEqual,
  type SandboxClient,
  type SandboxCredentials,
  type SandboxUser,
} from "./credentials.js";
export {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  ISSUED_AT_SKEW_SECONDS,
  bearerChallenge,
  createTokenIssuer,
  type IssuedToken,
  type TokenFailureReason,
  type TokenIssuer,
  type TokenIssuerOptions,
  type TokenVerification,
} from "./tokens.js";
export {
  SERVICE_SCOPE,
  TOKEN_RESPONSE_HEADERS,
  handleTokenRequest,
  type TokenEndpoint,
  type TokenEndpointDeps,
  type TokenEndpointResult,
  type TokenErrorBody,
  type TokenErrorCode,
  type TokenRequest,
} from "./token-endpoint.js";
export {
  createClientCertificate,
  createServerCertificate,
  type CertificateValidity,
  type ClientCertificate,
  type ServerCertificate,
  type ServerCertificateOptions,
} from "./tls.js";
export { normaliseThumbprint, thumbprintOf, validityOf } from "./thumbprint.js";
export {
  createTokenRateLimiter,
  defaultTokenRateLimits,
  type RateLimit,
  type TokenRateLimiter,
  type TokenRateLimits,
} from "./rate-limit.js";
