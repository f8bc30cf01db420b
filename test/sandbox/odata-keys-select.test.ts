/**
 * OData addressing and projection, as the sandbox answers a standard OData client:
 * - a string key or function parameter quoted, as OData 4.01 writes a string literal (`Balances('GBP')`,
 *   `Countries(FilterType='All')`, percent-encoded or not), addresses what the reference's unquoted form does;
 * - a `$select` projection of every OData operation, as the sandbox returns it, validates against the operation's
 *   response schema (the client's compiled validator); it holds the selected properties only, and an entity whose
 *   key it leaves out carries `@odata.id`, its canonical URL, which resolves to the entity (OData 4.01 JSON §4.5.8).
 * The OData requests are the ones the operation table (support/operation-calls.ts) makes, recorded, so every OData
 * operation is projected with realistic keys.
 */
import {
  createAccountFundsClient,
  loadOperationValidators,
  operationMetadata,
  type OperationMetadata,
} from "@account-funds/client";
import {
  entityShapes,
  operationContracts,
  type EntityShape,
  type OperationContractMetadata,
} from "@account-funds/client/contract";
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEMO_USER, type Sandbox } from "@account-funds/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callOf, type OperationCallContext } from "./support/operation-calls.js";
import { controlOf } from "./support/operation-calls-control.js";
import { startTestSandbox, tokenFor } from "./support/sandbox-fixture.js";

const HOOK_TIMEOUT_MS = 120_000;

let sandbox: Sandbox;
let token: string;
/** The demo user's first account. */
let accountId: number;
/** The first successful GET URL of each OData operation, from the operation table's calls. */
const odataUrls = new Map<string, URL>();

const operations: readonly OperationMetadata[] = Object.values(operationMetadata);
const contracts: Readonly<Partial<Record<string, OperationContractMetadata>>> = operationContracts;
const odataOperations = operations.filter((operation) => operation.odata !== undefined);

beforeAll(async () => {
  sandbox = await startTestSandbox();
  token = await tokenFor(sandbox);
  const accounts = (await get(`${sandbox.url}/api/v1/Accounts?$orderby=Id&$top=1`)).body as {
    readonly value: readonly { readonly Id: number }[];
  };
  accountId = accounts.value[0]?.Id ?? -1;
  let current = "";
  const client = createAccountFundsClient({
    baseUrl: sandbox.url,
    authUrl: sandbox.url,
    credentials: {
      clientId: DEFAULT_CLIENT_ID,
      clientSecret: DEFAULT_CLIENT_SECRET,
      username: DEMO_USER.username,
      password: DEMO_USER.password,
    },
    maxRetries: 0,
    hooks: { onRequest: ({ operationId }) => (current = operationId) },
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const url = new URL(input instanceof Request ? input.url : input);
      if (
        response.status === 200 &&
        !odataUrls.has(current) &&
        odataOperations.some((operation) => operation.operationId === current)
      )
        odataUrls.set(current, url);
      return response;
    },
  });
  const context: OperationCallContext = { sandbox, client, mtlsClient: client, control: controlOf(sandbox) };
  for (const operation of odataOperations) await callOf(operation.operationId)?.(context);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await sandbox?.close();
}, HOOK_TIMEOUT_MS);

async function get(url: string | URL): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: response.status === 204 ? undefined : ((await response.json()) as unknown) };
}

function valueOf(body: unknown): unknown {
  return typeof body === "object" && body !== null && "value" in body ? body.value : body;
}

describe("quoted string keys and function parameters", () => {
  // `{account}` is the demo user's first account.
  it.each([
    [
      "/api/v1/Accounts({account})/Balances(GBP)",
      ["/api/v1/Accounts({account})/Balances('GBP')", "/api/v1/Accounts({account})/Balances(%27GBP%27)"],
    ],
    ["/api/v1/Accounts({account})/Balances(GBP)/Statement", ["/api/v1/Accounts({account})/Balances('GBP')/Statement"]],
    ["/api/v1/Currencies(EUR)", ["/api/v1/Currencies('EUR')"]],
    [
      "/api/v1/Accounts({account})/Countries(FilterType%20=%20All)",
      [
        "/api/v1/Accounts({account})/Countries(FilterType='All')",
        "/api/v1/Accounts({account})/Countries(FilterType%20=%20%27All%27)",
        "/api/v1/Accounts({account})/Countries(FilterType=All)",
      ],
    ],
  ])("%s answers as its quoted forms do", async (unquoted, quoted) => {
    const at = (path: string): string => `${sandbox.url}${path.replace("{account}", String(accountId))}`;
    const expected = await get(at(unquoted));
    expect(expected.status).toBe(200);
    expect(valueOf(expected.body)).not.toEqual([]);
    for (const path of quoted) {
      const answer = await get(at(path));
      expect(answer.status, path).toBe(200);
      expect(valueOf(answer.body), path).toEqual(valueOf(expected.body));
    }
  });

  it("keeps integer keys unquoted, and refuses a quote left open", async () => {
    expect((await get(`${sandbox.url}/api/v1/Accounts('${accountId}')`)).status).toBe(404);
    expect((await get(`${sandbox.url}/api/v1/Accounts(${accountId})/Balances('GBP)`)).status).toBe(404);
  });
});

/** A property of the entity other than its key, to select alone; and the key. */
function selectable(shape: EntityShape): { other?: string; key: readonly string[] } {
  const key = shape.key ?? [];
  const other = Object.keys(shape.properties).find((name) => !key.includes(name));
  return other === undefined ? { key } : { other, key };
}

describe("$select projections, as the sandbox returns them", () => {
  it("covers every OData operation", () => {
    expect(odataOperations.length).toBeGreaterThan(40);
    expect(
      odataOperations
        .filter((operation) => !odataUrls.has(operation.operationId))
        .map((operation) => operation.operationId),
    ).toEqual([]);
  });

  it.each(odataOperations.map((operation) => [operation.operationId, operation] as const))(
    "%s",
    async (operationId, operation) => {
      const validators = await loadOperationValidators();
      const validate = validators[operationId]?.responses?.["200"]?.["application/json"];
      if (validate === undefined) throw new Error(`no 200 validator for ${operationId}`);
      const entitySchema = contracts[operationId]?.entitySchema;
      const shape = entitySchema === undefined ? undefined : entityShapes[entitySchema];
      if (shape === undefined) throw new Error(`no entity shape for ${operationId}`);
      const { other, key } = selectable(shape);
      // An open entity (CountryDto: fields not shown) declares nothing to select: `*` then, which projects nothing away.
      const selections = [...(other === undefined ? [] : [[other]]), ...(key.length > 0 ? [[...key]] : [])];
      if (selections.length === 0) {
        const url = new URL(odataUrls.get(operationId)!);
        url.searchParams.set("$select", "*");
        const { status, body } = await get(url);
        expect(status).toBe(200);
        expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
      }
      for (const selected of selections) {
        const url = new URL(odataUrls.get(operationId)!);
        url.searchParams.set("$select", selected.join(","));
        const { status, body } = await get(url);
        expect(status, `${url.pathname}${url.search}: ${JSON.stringify(body)}`).toBe(200);
        expect(validate(body), `${operationId} ${selected.join(",")}: ${JSON.stringify(validate.errors)}`).toBe(true);
        const entities = (operation.odata === "list" ? (valueOf(body) as object[]) : [body as object]).map((entity) =>
          Object.fromEntries(Object.entries(entity).filter(([name]) => name !== "@odata.context")),
        );
        const keyLeftOut = key.some((name) => !selected.includes(name));
        for (const entity of entities) {
          expect(Object.keys(entity).sort()).toEqual([...selected, ...(keyLeftOut ? ["@odata.id"] : [])].sort());
          if (keyLeftOut) await expectResolvableId(entity, operation, key);
        }
      }
    },
  );
});

/** `@odata.id` is an absolute URL of the sandbox whose last key is the entity's; an entity set's GET finds it. */
async function expectResolvableId(
  entity: { readonly [name: string]: unknown },
  operation: OperationMetadata,
  key: readonly string[],
): Promise<void> {
  const id = entity["@odata.id"];
  expect(typeof id).toBe("string");
  const url = new URL(String(id));
  expect(url.origin).toBe(new URL(sandbox.url).origin);
  expect(url.pathname).toMatch(/\([^()]+\)$/);
  const answer = await get(url);
  // Entities of a collection that has no keyed GET of its own (fees, allocations, ...) are identified, not served.
  if (operations.some((candidate) => candidate.odata === "entity" && routeMatches(candidate.path, url.pathname))) {
    expect(answer.status, String(id)).toBe(200);
    const [name = "Id"] = key;
    expect(
      String((answer.body as { readonly [name: string]: unknown })[name]),
      `${operation.operationId}: ${String(id)}`,
    ).toBe(decodeURIComponent(url.pathname.replace(/^.*\(([^()]+)\)$/, "$1")));
  }
}

function routeMatches(template: string, pathname: string): boolean {
  const source = template
    .split(/\{[^}]+\}/)
    .map((part) => decodeURIComponent(part).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^/()]+");
  return new RegExp(`^${source}$`).test(decodeURIComponent(pathname));
}
