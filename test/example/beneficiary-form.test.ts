/**
 * End-to-end test of examples/beneficiary-form: the page is built with Vite, served on 127.0.0.1 and driven in
 * headless Chromium (Debian's package, through playwright-core). Every message and normalised value the test
 * expects is computed here, in Node, by the same validators, so the test checks that the page shows the
 * validators' verdicts at the right fields, not a copy of their wording. Screenshots go to
 * test-results/example/ (gitignored).
 */
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import {
  formatIban,
  formatSortCode,
  validateCreateWithdrawalBeneficiary,
  validatePaymentRouting,
  type PathSegment,
} from "@account-funds/validators";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  sampleAccountId,
  sampleOptions,
  sampleRequiredAdditionalInformation,
} from "../../examples/beneficiary-form/src/sample-context.js";
import { chromiumMissing, launchChromium } from "../support/chromium.js";
import { FormPage, WAIT } from "./support/form-page.js";
import { buildAndServe, type ServedPage } from "./support/serve-page.js";

const RESULTS = fileURLToPath(new URL("../../test-results/example/", import.meta.url));
const SLOW = { timeout: 60_000 };

/** The validators' messages for one property of a routing: what the page must show beside its field. */
function routingMessage(routing: Readonly<Record<string, string>>, property: string): string {
  const result = validatePaymentRouting(routing);
  return result.ok
    ? ""
    : result.issues
        .filter((issue) => issue.path[0] === property)
        .map((issue) => issue.message)
        .join(" ");
}

/** The validators' warnings for one property of a routing: valid values, sent, with a message beside the field. */
function routingWarning(routing: Readonly<Record<string, string>>, property: string): string {
  return validatePaymentRouting(routing)
    .warnings.filter((issue) => issue.path[0] === property)
    .map((issue) => issue.message)
    .join(" ");
}

/** The validators' messages at `path` of a (partial) body, with the page's sample context. */
function bodyMessage(body: Readonly<Record<string, unknown>>, path: readonly PathSegment[]): string {
  const rules = sampleRequiredAdditionalInformation({
    currencyCode: String(body.CurrencyCode ?? ""),
    beneficiaryCountryCode: "",
    beneficiaryBankCountry: "",
    beneficiaryType: String(body.BeneficiaryType ?? ""),
  });
  const result = validateCreateWithdrawalBeneficiary(body, sampleOptions(rules));
  if (result.ok) return "";
  return result.issues
    .filter(
      (issue) => issue.path.length === path.length && issue.path.every((segment, index) => segment === path[index]),
    )
    .map((issue) => issue.message)
    .join(" ");
}

/** An invalid value's message, which must exist, or the test would pass on a blank error. */
function invalid(message: string): string {
  expect(message).not.toBe("");
  return message;
}

let served: ServedPage;
let browser: Browser;
let page: Page;
let form: FormPage;

beforeAll(async () => {
  const missing = chromiumMissing();
  if (missing !== undefined) throw new Error(missing);
  served = await buildAndServe();
  browser = await launchChromium();
  await mkdir(RESULTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** Uncaught errors of the page under test: there must be none. */
let pageErrors: string[] = [];

beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  pageErrors = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(served.url, { waitUntil: "load", timeout: WAIT.timeout });
  form = new FormPage(page);
  // The page has run its first validation when the status line speaks.
  await vi.waitFor(async () => expect(await form.status().innerText()).not.toBe(""), WAIT);
});

afterEach(async () => {
  await page?.close();
  expect(pageErrors).toEqual([]);
});

describe("beneficiary form in headless Chromium", () => {
  it(
    "starts with submit disabled, names the fields to fix, and shows a field's error once it is visited",
    SLOW,
    async () => {
      await form.expectSubmitEnabled(false);
      expect(await form.status().innerText()).toContain("Beneficiary name");
      await form.expectError("Beneficiary name", "");

      await form.visit("Beneficiary name");
      await form.expectError("Beneficiary name", invalid(bodyMessage({}, ["Name"])));
      await form.type("Beneficiary name", "Müller Maschinenbau");
      await form.expectError("Beneficiary name", "");

      const tooLong = "Invoice 2026-11-21 for machine parts and service";
      await form.type("Reference", tooLong);
      await form.expectError("Reference", invalid(bodyMessage({ Reference: tooLong }, ["Reference"])));
    },
  );

  it(
    "BicIban: errors while typing and on leaving, then the IBAN in print form and the BIC in upper case",
    SLOW,
    async () => {
      expect(await form.field("Routing type").inputValue()).toBe("BicIban");
      expect(await form.field("Bank country").isEditable()).toBe(true);
      const routing = { Type: "BicIban", CountryCode: "DE" };

      await form.type("Bank country", "de");
      await form.expectNormalised("Bank country", "DE");

      // While typing, before the field is left.
      await form.field("IBAN").pressSequentially("DE89");
      await form.expectError("IBAN", invalid(routingMessage({ ...routing, Iban: "DE89" }, "Iban")));

      const typo = "DE89 3704 0044 0532 0130 01";
      await form.type("IBAN", typo);
      await form.expectError("IBAN", invalid(routingMessage({ ...routing, Iban: typo }, "Iban")));
      await form.expectNormalised("IBAN", "");

      await form.type("IBAN", "de89 3704 0044 0532 0130 00");
      await form.expectError("IBAN", "");
      await form.expectNormalised("IBAN", formatIban("DE89370400440532013000"));

      await form.type("BIC", "DEUTDEF");
      await form.expectError(
        "BIC",
        invalid(routingMessage({ ...routing, Iban: "DE89370400440532013000", Bic: "DEUTDEF" }, "Bic")),
      );
      await form.type("BIC", "deutdeff");
      await form.expectError("BIC", "");
      await form.expectNormalised("BIC", "DEUTDEFF");
    },
  );

  it("switching the routing type swaps the fields and fixes the country; SortCodeAccountNumber", SLOW, async () => {
    await form.type("IBAN", "DE89370400440532013000");
    await form.choose("Routing type", "SortCodeAccountNumber");
    await vi.waitFor(async () => expect(await form.field("IBAN").count()).toBe(0), WAIT);
    expect(await form.field("BIC").count()).toBe(0);
    expect(await form.field("Sort code").isVisible()).toBe(true);
    expect(await form.field("Account number").isVisible()).toBe(true);
    expect(await form.field("Bank country").inputValue()).toBe("GB");
    expect(await form.field("Bank country").isEditable()).toBe(false);

    const routing = { Type: "SortCodeAccountNumber", CountryCode: "GB" };
    await form.type("Sort code", "12345");
    await form.expectError("Sort code", invalid(routingMessage({ ...routing, SortCode: "12345" }, "SortCode")));
    await form.type("Sort code", "12 34 56");
    await form.expectError("Sort code", "");
    await form.expectNormalised("Sort code", formatSortCode("123456"));

    await form.type("Account number", "1234567a");
    await form.expectError(
      "Account number",
      invalid(routingMessage({ ...routing, AccountNumber: "1234567a" }, "AccountNumber")),
    );
    await form.type("Account number", "12345678");
    await form.expectError("Account number", "");
    await form.expectNormalised("Account number", "12345678");

    // Back to BicIban: its fields return with what was typed in them; the country is editable again.
    await form.choose("Routing type", "BicIban");
    await vi.waitFor(async () => expect(await form.field("Sort code").count()).toBe(0), WAIT);
    expect(await form.field("IBAN").inputValue()).toBe("DE89370400440532013000");
    expect(await form.field("Bank country").isEditable()).toBe(true);
  });

  it(
    "RoutingTransitNumberAccountNumber: the account number's length, 'Bic or RoutingTransitNumber', the ABA checksum",
    SLOW,
    async () => {
      await form.choose("Routing type", "RoutingTransitNumberAccountNumber");
      await vi.waitFor(async () => expect(await form.field("Routing number (ABA)").isVisible()).toBe(true), WAIT);
      expect(await form.field("Bank country").inputValue()).toBe("US");
      const routing = { Type: "RoutingTransitNumberAccountNumber", CountryCode: "US" };

      await form.type("Account number", "12");
      await form.expectError(
        "Account number",
        invalid(routingMessage({ ...routing, AccountNumber: "12" }, "AccountNumber")),
      );
      await form.visit("Routing number (ABA)");
      await form.expectError(
        "Routing number (ABA)",
        invalid(routingMessage({ ...routing, AccountNumber: "12" }, "RoutingTransitNumber")),
      );

      await form.type("Routing number (ABA)", "021000022");
      await form.expectError(
        "Routing number (ABA)",
        invalid(routingMessage({ ...routing, RoutingTransitNumber: "021000022" }, "RoutingTransitNumber")),
      );
      await form.type("Routing number (ABA)", "021000021");
      await form.expectError("Routing number (ABA)", "");
      await form.expectNormalised("Routing number (ABA)", "021000021");
      await form.type("Account number", "123456789");
      await form.expectError("Account number", "");
    },
  );

  it(
    "BicClabe and IndianFinancialSystemCodeAccountNumber: the CLABE check digit a warning, BIC and IFSC both required",
    SLOW,
    async () => {
      await form.choose("Routing type", "BicClabe");
      await vi.waitFor(async () => expect(await form.field("CLABE").isVisible()).toBe(true), WAIT);
      const clabe = { Type: "BicClabe", CountryCode: "MX" };
      await form.type("CLABE", "00201007777777777");
      await form.expectError(
        "CLABE",
        invalid(routingMessage({ ...clabe, AccountNumber: "00201007777777777" }, "AccountNumber")),
      );
      // The reference asks for 18 digits; Banxico's check digit is beyond it: a warning, and the value is sent.
      await form.type("CLABE", "002010077777777772");
      await form.expectError("CLABE", "");
      await form.expectWarning(
        "CLABE",
        invalid(routingWarning({ ...clabe, AccountNumber: "002010077777777772" }, "AccountNumber")),
      );
      await form.type("CLABE", "002010077777777771");
      await form.expectError("CLABE", "");
      await form.expectWarning("CLABE", "");
      await form.expectNormalised("CLABE", "002010077777777771");

      await form.choose("Routing type", "IndianFinancialSystemCodeAccountNumber");
      await vi.waitFor(async () => expect(await form.field("IFSC").isVisible()).toBe(true), WAIT);
      expect(await form.field("CLABE").count()).toBe(0);
      expect(await form.field("Bank country").inputValue()).toBe("IN");
      const india = { Type: "IndianFinancialSystemCodeAccountNumber", CountryCode: "IN" };
      await form.visit("BIC");
      await form.expectError("BIC", invalid(routingMessage(india, "Bic")));
      await form.type("IFSC", "SBIN000001");
      await form.expectError(
        "IFSC",
        invalid(routingMessage({ ...india, IndianFinancialSystemCode: "SBIN000001" }, "IndianFinancialSystemCode")),
      );
      await form.type("IFSC", "sbin0000001");
      await form.expectError("IFSC", "");
      await form.expectNormalised("IFSC", "SBIN0000001");
    },
  );

  it(
    "context rules with the sample data: additional information for INR, ReceiverLei, IndustryId, IndustryDetails",
    SLOW,
    async () => {
      const additional = page.getByRole("group", { name: "Additional information" });
      expect(await additional.isVisible()).toBe(false);
      await form.type("Currency", "inr");
      await vi.waitFor(async () => expect(await form.field("PurposeCode").isVisible()).toBe(true), WAIT);
      const inr = { CurrencyCode: "INR", AdditionalInformation: { PurposeCode: "X1" } };
      await form.type("PurposeCode", "X1");
      await form.expectError("PurposeCode", invalid(bodyMessage(inr, ["AdditionalInformation", "PurposeCode"])));
      await form.type("PurposeCode", "P1006");
      await form.expectError("PurposeCode", "");
      await form.type("Currency", "EUR");
      await vi.waitFor(async () => expect(await form.field("PurposeCode").count()).toBe(0), WAIT);

      // A GBP company in Banks needs a ReceiverLei (vertical FI in the sample context); a company needs an industry.
      await form.type("Currency", "GBP");
      await form.choose("Beneficiary type", "Company");
      await form.visit("Industry");
      await form.expectError(
        "Industry",
        invalid(bodyMessage({ CurrencyCode: "GBP", BeneficiaryType: "Company" }, ["IndustryId"])),
      );
      await form.choose("Industry", "1");
      await form.expectError("Industry", "");
      await form.visit("Receiver LEI");
      const bank = { CurrencyCode: "GBP", BeneficiaryType: "Company", IndustryId: 1 };
      await form.expectError("Receiver LEI", invalid(bodyMessage(bank, ["ReceiverLei"])));
      await form.type("Receiver LEI", "5493001kjtiigc8y1r12");
      await form.expectError("Receiver LEI", "");
      await form.expectNormalised("Receiver LEI", "5493001KJTIIGC8Y1R12");

      await form.choose("Industry", "99");
      await form.visit("Industry details");
      await form.expectError(
        "Industry details",
        invalid(bodyMessage({ ...bank, IndustryId: 99 }, ["IndustryDetails"])),
      );
    },
  );

  it(
    "a complete form: submit enabled, the body built, validated whole and shown; the validators accept it again",
    SLOW,
    async () => {
      await form.type("Beneficiary name", "Müller Maschinenbau");
      await form.type("Account holder name", "Müller Maschinenbau GmbH");
      await form.type("Currency", "eur");
      await form.choose("Beneficiary type", "Company");
      await form.type("Street", "Hauptstraße");
      await form.type("House number", "12");
      await form.type("Town", "Berlin");
      await form.type("Post code", "10115");
      await form.type("Country", "de");
      await form.type("Bank country", "de");
      await form.type("BIC", "deutdeff");
      await form.type("IBAN", "DE89 3704 0044 0532 0130 01");
      await form.type("Intermediary bank BIC", "cobadeff");
      await form.choose("Industry", "3");
      await form.type("Reference", "Invoice 2026-11-21 for machine parts and service");
      await form.expectError(
        "IBAN",
        invalid(routingMessage({ Type: "BicIban", CountryCode: "DE", Iban: "DE89 3704 0044 0532 0130 01" }, "Iban")),
      );
      await form.expectSubmitEnabled(false);
      await vi.waitFor(
        async () => expect(await form.status().innerText()).toBe("2 fields need attention: IBAN, Reference."),
        WAIT,
      );
      await page.evaluate("window.scrollTo(0, 0)"); // the request panel is sticky
      await page.screenshot({ path: `${RESULTS}beneficiary-form.png`, fullPage: true });

      await form.type("IBAN", "de89 3704 0044 0532 0130 00");
      await form.type("Reference", "Invoice 2026-11-21");
      await form.expectSubmitEnabled(true);
      await vi.waitFor(async () => expect(await form.status().innerText()).toBe("Ready to send."), WAIT);
      await form.submit().click();
      const body = await form.sentBody();
      await page.evaluate("window.scrollTo(0, 0)"); // the request panel is sticky
      await page.screenshot({ path: `${RESULTS}beneficiary-form-sent.png`, fullPage: true });

      expect(body).toEqual({
        AccountId: sampleAccountId,
        Name: "Müller Maschinenbau",
        AccountHolderName: "Müller Maschinenbau GmbH",
        CurrencyCode: "EUR",
        PaymentRouting: { Type: "BicIban", CountryCode: "DE", Bic: "DEUTDEFF", Iban: "DE89370400440532013000" },
        IntermediaryPaymentRouting: [{ Type: "Bic", Bic: "COBADEFF" }],
        BeneficiaryType: "Company",
        Address: { Street: "Hauptstraße", HouseNumber: "12", Town: "Berlin", PostCode: "10115", CountryCode: "DE" },
        IndustryId: 3,
        Reference: "Invoice 2026-11-21",
      });
      const rules = sampleRequiredAdditionalInformation({
        currencyCode: "EUR",
        beneficiaryCountryCode: "DE",
        beneficiaryBankCountry: "DE",
        beneficiaryType: "Company",
      });
      const again = validateCreateWithdrawalBeneficiary(body, sampleOptions(rules));
      expect(again).toMatchObject({ ok: true, value: body, uncheckedRules: [] });

      // Any change makes the sent body stale: invalid again, submit is disabled and the body is gone.
      await form.type("BIC", "DEUTDEF");
      await form.expectSubmitEnabled(false);
      expect(await form.requestPanel().locator("pre").isVisible()).toBe(false);
    },
  );
});
