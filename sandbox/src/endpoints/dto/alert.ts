/** AlertDto from an alert record; the never-set dates are shown as null. */
import type { AlertDto } from "@account-funds/client";
import type { AlertRecord } from "../../foundation/state/records.js";

export function toAlertDto(alert: AlertRecord): AlertDto {
  return {
    Id: alert.Id,
    SourceCurrencyCode: alert.SourceCurrencyCode,
    TargetCurrencyCode: alert.TargetCurrencyCode,
    Limit: alert.Limit,
    CreatedDate: alert.CreatedDate,
    Rate: alert.Rate,
    ValueDate: alert.ValueDate,
    NotifiedDate: alert.NotifiedDate ?? null,
    CancelledDate: alert.CancelledDate ?? null,
    Active: alert.Active,
  };
}
