/** Alerts (spec/paths/alerts.yaml): the caller's exchange-rate alerts, created and cancelled. */
import { created, entity, list, notFound, type ApiOperationId, type Handler } from "../api/handler.js";
import { alertOf, cancelAlert, createAlert } from "../domain/alerts.js";
import { toAlertDto } from "../dto/alert.js";
import { commandResult } from "./command-result.js";

const listAlerts: Handler = (context) =>
  list(context.store.alerts.filter((row) => row.tenant === context.tenant).map(toAlertDto));

const getAlert: Handler = (context) => {
  const alert = alertOf(context, context.tenant, Number(context.path["id"]));
  return alert === undefined ? notFound("The alert") : entity(toAlertDto(alert));
};

const create: Handler = (context) => {
  const outcome = createAlert(context, context.tenant, context.body);
  return outcome.ok ? created(outcome.alert.Id, `/api/v1/Alerts(${outcome.alert.Id})`) : commandResult(outcome);
};

export const alertHandlers = {
  listAlerts,
  getAlert,
  createAlert: create,
  cancelAlert: (context) => commandResult(cancelAlert(context, context.tenant, Number(context.path["alertId"]))),
} satisfies Partial<Record<ApiOperationId, Handler>>;
