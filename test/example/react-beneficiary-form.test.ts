/**
 * End-to-end test of examples/react-beneficiary-form: React, react-hook-form with the validators as its resolver,
 * and the example's server creating the beneficiary in the sandbox, driven in headless Chromium. What the page must
 * show and send is computed here by the same validators (and `messagesByField` of the server's own answer), never
 * copied: presentation forms go out as the wire form, a bad sort code is shown on its field and nothing is sent,
 * and the API's 400 comes back to the field it names. Screenshots go to test-results/example/.
 */
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { messagesByField, validateCreateWithdrawalBeneficiary } from "@account-funds/validators";
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { chromiumMissing, launchChromium } from "../support/chromium.js";
import { FormPage, WAIT } from "./support/form-page.js";
import { buildAndStartReactExample, type ServedExample } from "./support/react-example.js";

const RESULTS = fileURLToPath(new URL("../../test-results/example/", import.meta.url));
const SLOW = { timeout: 60_000 };
const CREATE = "/api/beneficiaries";

let served: ServedExample;
let browser: Browser;
let page: Page;
let form: FormPage;
let pageErrors: string[];
/** The create requests the page sent, in order. */
let sent: Request[];

beforeAll(async () => {
  const missing = chromiumMissing();
  if (missing !== undefined) throw new Error(missing);
  served = await buildAndStartReactExample();
  browser = await launchChromium();
  await mkdir(RESULTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
  pageErrors = [];
  sent = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === CREATE) sent.push(request);
  });
  await page.goto(served.url, { waitUntil: "load", timeout: WAIT.timeout });
  form = new FormPage(page);
  await form.field("Beneficiary name").waitFor({ state: "visible", timeout: WAIT.timeout });
});

afterEach(async () => {
  await page?.close();
  expect(pageErrors).toEqual([]);
});

/** What a person types for a UK individual: lower-case codes, a dashed sort code. */
async function typeUkIndividual(): Promise<Record<string, unknown>> {
  await form.type("Beneficiary name", "Ada Lovelace");
  await form.type("Currency", "gbp");
  await form.type("Sort code", "40-05-15");
  await form.type("Account number", "31926819");
  await form.type("Street", "1 High Street");
  await form.type("Town", "London");
  await form.type("Country", "gb");
  return {
    AccountId: Number(await form.field("Account").inputValue()),
    Name: "Ada Lovelace",
    CurrencyCode: "gbp",
    BeneficiaryType: "Individual",
    PaymentRouting: {
      Type: "SortCodeAccountNumber",
      CountryCode: "GB",
      SortCode: "40-05-15",
      AccountNumber: "31926819",
    },
    Address: { Street: "1 High Street", Town: "London", CountryCode: "gb" },
  };
}

/** Submits, and waits for the server's answer to the create request. */
async function submit(): Promise<{ status: number; body: unknown }> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === CREATE, WAIT);
  await form.submit().click();
  const response = await answer;
  return { status: response.status(), body: await response.json() };
}

describe("the React beneficiary form in headless Chromium", () => {
  it("accepts presentation forms and sends the wire form", SLOW, async () => {
    const typed = await typeUkIndividual();
    const expected = validateCreateWithdrawalBeneficiary(typed);
    if (!expected.ok) throw new Error(`the typed body should be valid: ${JSON.stringify(expected.issues)}`);
    const answer = await submit();
    expect(answer.status).toBe(201);
    expect(sent.map((request) => request.postDataJSON())).toEqual([expected.value]);
    expect(expected.value).toMatchObject({
      CurrencyCode: "GBP",
      PaymentRouting: { SortCode: "400515" },
      Address: { CountryCode: "GB" },
    });
    await vi.waitFor(async () => expect(await form.status().innerText()).toMatch(/^Beneficiary \d+ created\.$/), WAIT);
    expect(await form.sentBody()).toEqual(expected.value);
    await page.screenshot({ path: `${RESULTS}react-created.png`, fullPage: true });

    // A grouped IBAN and a lower-case bank country, on another routing type.
    await form.choose("Routing type", "BicIban");
    await form.type("Bank country", "de");
    await form.type("IBAN", "de89 3704 0044 0532 0130 00");
    await form.type("BIC", "deutdeff");
    expect((await submit()).status).toBe(201);
    expect(sent.at(-1)?.postDataJSON()).toMatchObject({
      PaymentRouting: { Type: "BicIban", CountryCode: "DE", Iban: "DE89370400440532013000", Bic: "DEUTDEFF" },
    });
  });

  it("shows a bad sort code on its field and sends nothing", SLOW, async () => {
    const typed = await typeUkIndividual();
    const routing = { ...(typed["PaymentRouting"] as object), SortCode: "40-05-1" };
    const result = validateCreateWithdrawalBeneficiary({ ...typed, PaymentRouting: routing });
    const message = messagesByField(result)["PaymentRouting.SortCode"] ?? "";
    expect(message).not.toBe("");

    await form.type("Sort code", "40-05-1");
    await form.expectError("Sort code", message);
    await form.submit().click();
    await form.expectError("Sort code", message);
    await page.screenshot({ path: `${RESULTS}react-bad-sort-code.png`, fullPage: true });
    expect(sent).toEqual([]);

    await form.type("Sort code", "40 05 15");
    await form.expectError("Sort code", "");
  });

  it("shows the API's 400 on the field it names", SLOW, async () => {
    await typeUkIndividual();
    // A currency the validators accept (3 letters) and the sandbox does not know: only the API can refuse it.
    await form.type("Currency", "xyz");
    const unknownCurrency = await submit();
    expect(unknownCurrency.status).toBe(400);
    const currencyMessage = messagesByField(unknownCurrency.body)["CurrencyCode"] ?? "";
    expect(currencyMessage).toMatch(/XYZ/);
    await form.expectError("Currency", currencyMessage);
    await page.screenshot({ path: `${RESULTS}react-server-error.png`, fullPage: true });

    // A company held by the customer account needs an industry: a rule the form cannot check without that fact.
    await form.type("Currency", "gbp");
    await form.expectError("Currency", "");
    await form.choose("Beneficiary type", "Company");
    const noIndustry = await submit();
    expect(noIndustry.status).toBe(400);
    const industryMessage = messagesByField(noIndustry.body)["IndustryId"] ?? "";
    expect(industryMessage).not.toBe("");
    await form.expectError("Industry", industryMessage);
  });
});
