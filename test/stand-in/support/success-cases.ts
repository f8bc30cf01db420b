/**
 * Successes the real API plausibly sends where the reference says "not shown" — 201s with no body, `{}`, an entity or
 * text, command 200s with or without a body, ISO 8601 date-times in every form, server-driven paging, an HTML 503
 * whose HTTP-date `Retry-After` the client waits for — each of which the client must keep a success.
 */
import { expect } from "vitest";
import { html, odataJson } from "./stand-in.js";
import {
  ALERT,
  BENEFICIARY,
  EXCHANGE,
  EXTENDED_FORMS,
  OTHER_FORMS,
  TRANSFER,
  WITHDRAWAL,
  alert,
  byBody,
  created,
  httpDate,
  type StandInCase,
} from "./stand-in-case.js";

export const successCases: readonly StandInCase[] = [
  {
    name: "201 with a Location and no body",
    route: {
      method: "POST",
      path: "/api/v1/Transfers/CreateAccountTransfer",
      matches: byBody("BeneficiaryId", TRANSFER.BeneficiaryId),
      answer: (request) => created(`${request.origin}/api/v1/Transfers(5003)`),
    },
    call: (client) => client.transfers.createAccountTransfer(TRANSFER),
    success: (result) => expect(result).toMatchObject({ id: 5003, body: undefined }),
    needsSpec: "201 bodies optional and open (Prism: no media type, and the CreateResultDto body is required)",
  },
  {
    name: "201 with a relative Location and {}",
    route: {
      method: "POST",
      path: "/api/v1/Withdrawals/CreateAccountWithdrawal",
      matches: byBody("BeneficiaryId", WITHDRAWAL.BeneficiaryId),
      answer: () => created("/api/v1/Withdrawals(7001)", odataJson(201, {})),
    },
    call: (client) => client.withdrawals.createAccountWithdrawal(WITHDRAWAL),
    success: (result) =>
      expect(result).toEqual({
        id: 7001,
        location: expect.stringMatching(/\/api\/v1\/Withdrawals\(7001\)$/),
        body: {},
      }),
    needsSpec: "201 bodies open (Prism: `{}` has no Id)",
  },
  {
    name: "201 with a lower-case Location on another host and the created entity",
    route: {
      method: "POST",
      path: "/api/v1/Beneficiaries/CreateWithdrawalBeneficiary",
      answer: () =>
        created(
          "https://api-eu.example.test/api/v1/beneficiaries(8001)",
          odataJson(201, {
            "@odata.context": "https://api-eu.example.test/api/v1/$metadata#Beneficiaries/$entity",
            Id: 8001,
            AccountId: 2001,
            Name: "Atelier Lumière",
            CurrencyCode: "EUR",
            StatusCode: "P",
            Status: "Pending",
          }),
        ),
    },
    call: (client) => client.beneficiaries.createWithdrawalBeneficiary(BENEFICIARY),
    success: (result) => expect(result).toMatchObject({ id: 8001, body: { Id: 8001, Status: "Pending" } }),
  },
  {
    name: "201 with a text body and a Location keyed Id=",
    route: {
      method: "POST",
      path: "/api/v1/Alerts/Create",
      matches: byBody("Limit", ALERT.Limit),
      answer: (request) =>
        created(`${request.origin}/api/v1/Alerts(Id=9001)`, {
          headers: { "content-type": "text/plain; charset=utf-8" },
          body: "Created",
        }),
    },
    call: (client) => client.alerts.createAlert(ALERT),
    success: (result) => expect(result).toMatchObject({ id: 9001, body: "Created" }),
    needsSpec: "201 bodies open, any media type (Prism: text/plain is not application/json)",
  },
  {
    name: "201 with a CreateResultDto as OData JSON",
    route: {
      method: "POST",
      path: "/api/v1/Exchanges/Create",
      matches: byBody("Goal", EXCHANGE.Goal),
      answer: (request) => created(`${request.origin}/api/v1/Exchanges(12)`, odataJson(201, { Id: 12 })),
    },
    call: (client) => client.exchanges.createExchange(EXCHANGE),
    success: (result) => expect(result).toMatchObject({ id: 12, body: { Id: 12 } }),
  },
  {
    name: "200 without a body for a command",
    route: { method: "POST", path: "/api/v1/Transfers/11/Approve", answer: () => ({ status: 200 }) },
    call: (client) => client.transfers.approveTransfer(11),
    success: (result) => expect(result).toBeUndefined(),
  },
  {
    name: "200 with a JSON body for a command the reference shows none of",
    route: {
      method: "POST",
      path: "/api/v1/Withdrawals/11/Approve",
      answer: () => odataJson(200, { Id: 11, StatusCode: "A", Status: "Approved" }),
    },
    call: (client) => client.withdrawals.approveWithdrawal(11),
    success: (result) => expect(result).toEqual({ Id: 11, StatusCode: "A", Status: "Approved" }),
  },
  {
    name: "ISO 8601 date-times in the extended forms .NET and others write",
    route: {
      method: "GET",
      path: "/api/v1/Alerts",
      answer: (request) =>
        odataJson(200, {
          "@odata.context": `${request.origin}/api/v1/$metadata#Alerts`,
          value: EXTENDED_FORMS.map((form, index) => alert(index + 1, { CreatedDate: form, ValueDate: form })),
        }),
    },
    call: (client) => client.alerts.listAlerts(),
    success: (result) =>
      expect((result as { value: { CreatedDate: string }[] }).value.map((entity) => entity.CreatedDate)).toEqual(
        EXTENDED_FORMS,
      ),
  },
  {
    name: "ISO 8601 date-times in the basic format, as ordinal and as week dates",
    route: {
      method: "GET",
      path: "/api/v1/Alerts(20240101)",
      answer: (request) =>
        odataJson(200, {
          "@odata.context": `${request.origin}/api/v1/$metadata#Alerts/$entity`,
          ...alert(20240101, OTHER_FORMS),
        }),
    },
    call: (client) => client.alerts.getAlert(20240101),
    success: (result) => expect(result).toMatchObject(OTHER_FORMS),
    needsSpec:
      "the DateTime pattern admits the basic format, ordinal and week dates (format iso8601-date-time already does; client and Prism)",
  },
  {
    name: "OData server-driven paging with @odata.count and a same-origin next link",
    route: {
      method: "GET",
      path: "/api/v1/Accounts",
      answer: (request) => {
        const second = request.query.get("$skiptoken") === "2";
        const accounts = (second ? [3, 4] : [1, 2]).map((id) => ({
          Id: 2000 + id,
          EntityId: 1001,
          Name: `Account ${id}`,
          AccountNumber: `1000200${id}`,
          StatusCode: "A",
          Status: "Active",
        }));
        return odataJson(200, {
          "@odata.context": `${request.origin}/api/v1/$metadata#Accounts`,
          "@odata.count": 4,
          value: accounts,
          ...(second ? {} : { "@odata.nextLink": `${request.origin}/api/v1/Accounts?$count=true&$skiptoken=2` }),
        });
      },
    },
    call: async (client) => {
      const ids: unknown[] = [];
      for await (const account of client.accounts.listAccounts.paginate({ $count: true })) ids.push(account.Id);
      return ids;
    },
    success: (result) => expect(result).toEqual([2001, 2002, 2003, 2004]),
  },
  {
    name: "text/plain MT103 confirmation",
    route: {
      method: "GET",
      path: "/api/v1/Withdrawals/3/ConfirmationMT103",
      answer: () => ({
        status: 200,
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: "{1:F01PSSTFRPPAXXX0000000000}{2:I103DEUTDEFFXXXXN}{4:\r\n:20:PO-88251\r\n:32A:250311EUR80,00\r\n-}",
      }),
    },
    call: (client) => client.withdrawals.getWithdrawalConfirmationMt103(3),
    success: (result) => expect(result).toMatch(/^\{1:F01PSSTFRPPAXXX/),
  },
  {
    name: "HTML 503 with an HTTP-date Retry-After a second ahead, then 200: waited for and retried",
    route: {
      method: "GET",
      path: "/api/v1/Transfers(5001)",
      answer: (request) =>
        request.seen % 2 === 0
          ? html(503, "503 Service Unavailable", { "retry-after": httpDate(1_000) })
          : odataJson(200, {
              "@odata.context": `${request.origin}/api/v1/$metadata#Transfers/$entity`,
              Id: 5001,
              AccountId: 2001,
              CurrencyCode: "EUR",
              Amount: 12500,
              CreatedDate: "2025-03-11T10:04:12.1234567",
              StatusCode: "C",
              Status: "Completed",
            }),
    },
    call: (client) => client.transfers.getTransfer(5001),
    needsSpec: "503 with an open body (HTML) and Retry-After as an HTTP-date (Prism)",
    success: (result, standIn) => {
      expect(result).toMatchObject({ Id: 5001, Status: "Completed" });
      expect(standIn.to("GET", "/api/v1/Transfers(5001)").length % 2).toBe(0);
    },
  },
];
