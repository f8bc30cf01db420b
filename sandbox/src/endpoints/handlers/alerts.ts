/** Alerts (spec/paths/alerts.yaml): the caller's exchange-rate alerts, created and cancelled. */
import { created, entity, list, notFound, type Handler, type HandlerTable } from "../api/handler.js";
import { locationOf } from "../../foundation/http/operation-path.js";
import { alertOf, cancelAlert, createAlert } from "../../model/domain/alerts.js";
import { toAlertDto } from "../dto/alert.js";
import { commandResult } from "./command-result.js";

const listAlerts: Handler<"listAlerts"> = (context) =>
  list(context.store.alerts.filter((row) => row.tenant === context.tenant).map(toAlertDto));

const getAlert: Handler<"getAlert"> = (context) => {
  const alert = alertOf(context, context.tenant, context.path.id);
  return alert === undefined ? notFound("The alert") : entity(toAlertDto(alert));
};

const create: Handler<"createAlert"> = (context) => {
  const outcome = createAlert(context, context.tenant, context.body);
  return outcome.ok
    ? created(outcome.alert.Id, locationOf("getAlert", { id: outcome.alert.Id }))
    : commandResult(outcome);
};

export const alertHandlers = {
  listAlerts,
  getAlert,
  createAlert: create,
  cancelAlert: (context) => commandResult(cancelAlert(context, context.tenant, context.path.alertId)),
} satisfies Partial<HandlerTable>;
