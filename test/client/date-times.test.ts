/**
 * A client that validates responses takes the date-times a real server writes: without an offset and with 7
 * fraction digits, as .NET writes an unspecified DateTime, in every date-time property of every OData entity (the
 * entity shapes of the contract metadata say which), and hands them over as the strings received.
 */
import { describe, expect, it } from "vitest";
import {
  createAccountFundsClient,
  loadOperationValidators,
  operationMetadata,
  type OperationMetadata,
} from "../../generated/src/index.js";
import { entityShapes, operationContracts, type EntityShape } from "../../generated/src/contract.js";
import { AUTH_URL, BASE_URL, FakeApi, credentials, json } from "./fake-api.js";

const offsetless = "2024-01-01T00:00:00.1234567";

/** The entity with every date-time property, nested ones included, set to `value` (and its key, if any). */
function entityWithDateTimes(
  shape: EntityShape,
  value: string,
): { readonly entity: Record<string, unknown>; readonly count: number } {
  const entity: Record<string, unknown> = {};
  let count = 0;
  for (const [name, kind] of Object.entries(shape.properties)) {
    if (kind === "date-time") {
      entity[name] = value;
      count += 1;
    } else if (typeof kind === "object") {
      const nested = entityWithDateTimes(kind, value);
      if (nested.count > 0) {
        entity[name] = nested.entity;
        count += nested.count;
      }
    }
  }
  for (const key of shape.key ?? []) entity[key] ??= shape.properties[key] === "string" ? "K" : 1;
  return { entity, count };
}

const operations: readonly OperationMetadata[] = Object.values(operationMetadata);
const contracts: Readonly<Partial<Record<string, { readonly entitySchema?: string }>>> = operationContracts;

describe("date-times without an offset and with 7 fraction digits", () => {
  const cases = operations.flatMap((operation) => {
    const schema = contracts[operation.operationId]?.entitySchema;
    const shape = schema === undefined ? undefined : entityShapes[schema];
    if (shape === undefined || operation.odata === undefined) return [];
    const { entity, count } = entityWithDateTimes(shape, offsetless);
    return count === 0 ? [] : [[operation.operationId, operation.odata, entity] as const];
  });

  it("are in the entities of at least the reference's date-time DTOs", () => {
    expect(cases.length).toBeGreaterThan(20);
  });

  it.each(cases)("%s: the operation's response validator accepts them", async (operationId, odata, entity) => {
    const validate = (await loadOperationValidators())[operationId]?.responses?.["200"]?.["application/json"];
    const body =
      odata === "list"
        ? { "@odata.context": `${BASE_URL}/api/v1/$metadata#X`, value: [entity] }
        : { "@odata.context": `${BASE_URL}/api/v1/$metadata#X/$entity`, ...entity };
    expect(validate?.(body), JSON.stringify(validate?.errors)).toBe(true);
  });

  it("reach the caller as the strings received, through a client that validates responses", async () => {
    const api = new FakeApi();
    const alert = {
      Id: 5,
      CreatedDate: offsetless,
      ValueDate: "2024-01-02T00:00:00",
      NotifiedDate: null,
      CancelledDate: "2024-01-03T10:00:00.5+02:00",
    };
    api.on("GET", "/api/v1/Alerts(5)", () =>
      json(200, { "@odata.context": `${BASE_URL}/api/v1/$metadata#Alerts/$entity`, ...alert }),
    );
    const client = createAccountFundsClient({
      baseUrl: BASE_URL,
      authUrl: AUTH_URL,
      credentials,
      fetch: api.fetch,
      validateResponses: true,
    });
    expect(await client.alerts.getAlert(5)).toMatchObject(alert);
  });
});
