/** AlertDto from an alert record; the never-set dates are shown as null. */
import type { AlertRecord } from "../state/records.js";

export interface AlertDto {
  readonly Id: number;
  readonly SourceCurrencyCode: string;
  readonly TargetCurrencyCode: string;
  readonly Limit: number;
  readonly CreatedDate: string;
  readonly Rate: number;
  readonly ValueDate: string;
  readonly NotifiedDate: string | null;
  readonly CancelledDate: string | null;
  readonly Active: boolean;
}

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
