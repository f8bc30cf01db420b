/**
 * @account-funds/sandbox: a stateful, spec-validated sandbox of the Account Funds Web API, in-process
 * (`createSandbox(...).fetch`, no sockets) or behind HTTP and HTTPS servers (`startSandbox`).
 */
export {
  createSandbox,
  type CreateSandboxOptions,
  type InProcessSandbox,
  type SandboxRequestInit,
  type WebhookFetch,
} from "./assembly/sandbox.js";
export { startSandbox, type Sandbox, type SandboxOptions } from "./assembly/server.js";
export { DEFAULT_LIMITS, type SandboxLimits } from "./foundation/http/limits.js";
export { createSandboxClock, type SandboxClock } from "./foundation/clock.js";
export {
  createClientCertificate,
  defaultCredentials,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  DEMO_USER,
  OTHER_USER,
  type ClientCertificate,
  type SandboxCredentials,
  type SandboxClient,
  type SandboxUser,
} from "./endpoints/auth/index.js";
