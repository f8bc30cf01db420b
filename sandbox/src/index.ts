/** @account-funds/sandbox: start a stateful, spec-validated sandbox of the Account Funds Web API in-process. */
export { startSandbox, type Sandbox, type SandboxOptions } from "./server.js";
export {
  createClientCertificate,
  createSandboxClock,
  defaultCredentials,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  DEMO_USER,
  OTHER_USER,
  type ClientCertificate,
  type SandboxClock,
  type SandboxCredentials,
  type SandboxClient,
  type SandboxUser,
} from "./auth/index.js";
