/**
 * One case of the stand-in tests, and what the cases share: the bodies the client sends, and the answers an ASP.NET
 * Core OData API and the gateway before it write (a 201 with a Location, a ProblemDetails, an HTTP-date). A case is
 * one call of the generated client (with `validateResponses: true`), the stand-in's route that answers it, and the
 * outcome — a success that stays a success, or the typed error. `needsSpec` marks a case the API document must admit
 * first (the i20-spec change: open 201 and error bodies, ISO 8601 date-times in every form, `default`/`4XX`/`5XX`
 * responses, `Retry-After` as an HTTP-date).
 */
import type { AccountFundsClient, AccountFundsError } from "../../../generated/src/index.js";
import type { StandIn, StandInAnswer, StandInRequest, StandInRoute } from "./stand-in.js";

export type ErrorClass = abstract new (...args: never[]) => AccountFundsError;

export interface StandInCase {
  readonly name: string;
  /** The route the stand-in answers the call on. */
  readonly route: StandInRoute;
  /** The client to call with: the one with the right credentials, or the one whose client secret is refused. */
  readonly client?: "refused-credentials";
  readonly call: (client: AccountFundsClient) => Promise<unknown>;
  /** A success: what it resolves to. */
  readonly success?: (result: unknown, standIn: StandIn) => void;
  /** An error: its class, and what else must hold. */
  readonly error?: {
    readonly class: ErrorClass;
    readonly check?: (error: AccountFundsError, standIn: StandIn) => void;
  };
  /** What the API document must say first, when the current one does not. */
  readonly needsSpec?: string;
}

export const TRANSFER = {
  AccountId: 2001,
  CurrencyCode: "EUR",
  Amount: 125,
  BeneficiaryId: 3001,
  Reference: "INV-2025-0142",
};
export const WITHDRAWAL = {
  AccountId: 2001,
  CurrencyCode: "EUR",
  Amount: 80,
  BeneficiaryId: 4001,
  Reference: "PO-88251",
};
export const BENEFICIARY = {
  AccountId: 2001,
  Name: "Atelier Lumière",
  CurrencyCode: "EUR",
  PaymentRouting: { Type: "BicIban", CountryCode: "FR", Bic: "PSSTFRPP", Iban: "FR1420041010050500013M02606" },
  BeneficiaryType: "Company",
  Address: { Street: "Rue du Faubourg Saint-Antoine", Town: "Paris", PostCode: "75012", CountryCode: "FR" },
} as const;
export const EXCHANGE = {
  AccountId: 2001,
  SourceCurrencyCode: "GBP",
  TargetCurrencyCode: "EUR",
  Goal: 1000,
  GoalType: "Buy",
} as const;
export const ALERT = { SourceCurrencyCode: "GBP", TargetCurrencyCode: "USD", Limit: 1.3 };

/** A route matched by the request body's `field` (so one operation serves a success and an error). */
export function byBody(field: string, value: unknown): (request: StandInRequest) => boolean {
  return (request) => {
    try {
      return (JSON.parse(request.body) as Record<string, unknown>)[field] === value;
    } catch {
      return false;
    }
  };
}

export const created = (location: string, extra: Partial<StandInAnswer> = {}): StandInAnswer => ({
  status: 201,
  ...extra,
  headers: { location, ...extra.headers },
});

export const alert = (id: number, dates: Readonly<Record<string, string | null>>) => ({
  Id: id,
  SourceCurrencyCode: "GBP",
  TargetCurrencyCode: "USD",
  Limit: 1.3,
  Rate: 1.2874,
  Active: true,
  ...dates,
});

export const EXTENDED_FORMS = [
  "2024-01-01T09:30:00Z",
  "2024-01-01T09:30:00.1234567",
  "2024-01-01T09:30:00+01:00",
  "2024-01-01T09:30",
  "2024-01-01t09:30:00,5z",
];
export const OTHER_FORMS = {
  CreatedDate: "20240101T093000Z",
  ValueDate: "2024-001T00:00:00Z",
  NotifiedDate: "2024-W01-1T09:30:00.5+01:00",
  CancelledDate: "20240101T093000,1234567+0100",
};

/** An HTTP-date `ms` from now (RFC 9110 §5.6.7, IMF-fixdate). */
export const httpDate = (ms: number): string => new Date(Date.now() + ms).toUTCString();

export const problem = (status: number, title: string, extra: Record<string, unknown> = {}): StandInAnswer => ({
  status,
  headers: { "content-type": "application/problem+json; charset=utf-8" },
  body: JSON.stringify({
    type: "https://tools.ietf.org/html/rfc9110#section-15.5.1",
    title,
    status,
    traceId: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00",
    ...extra,
  }),
});
