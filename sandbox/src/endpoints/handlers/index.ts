/**
 * Every operation of the spec and its handler, one module per resource group (as the spec's `paths/` files).
 * The token endpoints are served by `auth/`, not here. `HandlerTable`'s type makes a missing handler a compile error.
 */
import type { HandlerTable } from "../api/handler.js";
import { accountHandlers } from "./accounts.js";
import { balanceHandlers } from "./balances-and-statements.js";
import { transferHandlers } from "./transfers.js";
import { withdrawalHandlers } from "./withdrawals.js";
import { beneficiaryHandlers } from "./beneficiaries.js";
import { exchangeHandlers } from "./exchanges.js";
import { depositHandlers } from "./deposits.js";
import { alertHandlers } from "./alerts.js";
import { referenceDataHandlers } from "./reference-data.js";
import { jobHandlers } from "./jobs.js";

export const handlers: HandlerTable = {
  ...accountHandlers,
  ...balanceHandlers,
  ...transferHandlers,
  ...withdrawalHandlers,
  ...beneficiaryHandlers,
  ...exchangeHandlers,
  ...depositHandlers,
  ...alertHandlers,
  ...referenceDataHandlers,
  ...jobHandlers,
};
