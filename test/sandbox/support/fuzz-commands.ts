/**
 * "A refused command changes nothing": commands likely to be refused, and snapshots of the lists each command
 * group could change, read through the API before and after.
 */
import fc from "fast-check";
import type { OperationMetadata } from "@account-funds/client";
import { getJson, type FuzzBody, type FuzzRequest } from "./fuzz-http.js";
import { fieldMutationOf } from "./fuzz-negative.js";
import { positiveCaseArbitrary, type PositiveCase } from "./fuzz-positive.js";
import { pathArbitrary, type PathValues } from "./fuzz-requests.js";
import type { Seeds } from "./fuzz-seeds.js";
import { requestSchemaOf, resolvePointer } from "./fuzz-spec.js";

export interface Caller {
  readonly url: string;
  /** `Bearer <token>` of the demo user and of the other user. */
  readonly demo: string;
  readonly other: string;
}

/** A FuzzBody for a positive case: JSON, or multipart with the body as its Request part. */
export function bodyOf(testCase: Pick<PositiveCase, "body" | "documents">): FuzzBody {
  return testCase.documents === undefined
    ? { kind: "json", value: testCase.body }
    : { kind: "multipart", request: testCase.body, files: testCase.documents };
}

/** The lists (as whom, which path) each command group could change: its entities, balances, the payee's side. */
function listsOf(group: string, seeds: Seeds): readonly (readonly ["demo" | "other", string])[] {
  const balances = seeds.accounts.map((account) => ["demo", `/api/v1/Accounts(${account.Id})/Balances`] as const);
  const depositors = seeds.accounts.map((account) => ["demo", `/api/v1/Accounts(${account.Id})/Depositors`] as const);
  switch (group) {
    case "transfers":
      return [["demo", "/api/v1/Transfers"], ["other", "/api/v1/Transfers"], ...balances];
    case "withdrawals":
      return [["demo", "/api/v1/Withdrawals"], ["demo", "/api/v1/Exchanges"], ...balances];
    case "beneficiaries":
      return [["demo", "/api/v1/Beneficiaries"]];
    case "exchanges":
    case "quotes":
      return [["demo", "/api/v1/Exchanges"], ["demo", "/api/v1/Withdrawals"], ...balances];
    case "deposits":
      return [["demo", "/api/v1/Deposits"], ...depositors, ...balances];
    case "alerts":
      return [["demo", "/api/v1/Alerts"]];
    default:
      throw new Error(`no lists for command group ${group}`);
  }
}

/** The lists a command of `operation`'s group could change, read as JSON. */
export async function snapshot(
  operation: OperationMetadata,
  seeds: Seeds,
  caller: Caller,
): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    listsOf(operation.group, seeds).map(async ([who, path]) => {
      const response = await getJson(`${caller.url}${path}`, who === "demo" ? caller.demo : caller.other);
      return [`${who} ${path}`, response.body] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * Commands likely to be refused: valid bodies (some meet a domain rule), bodies broken at one field, any path
 * id (missing ones are 404, final ones 410), and the other user's token on the demo user's ids.
 */
export function commandRequestArbitrary(
  operation: OperationMetadata,
  seeds: Seeds,
  caller: Caller,
): fc.Arbitrary<FuzzRequest> {
  const authorization = fc.oneof(
    { weight: 4, arbitrary: fc.constant(caller.demo) },
    { weight: 1, arbitrary: fc.constant(caller.other) },
  );
  const schema = requestSchemaOf(operation, "application/json");
  const body: fc.Arbitrary<{ body?: FuzzBody; path?: PathValues }> =
    schema === undefined
      ? fc.constant({})
      : positiveCaseArbitrary(operation.operationId, seeds).chain((testCase) =>
          fc.oneof(
            fc.constant({ body: bodyOf(testCase), path: testCase.path }),
            (fieldMutationOf(schema, testCase.body, resolvePointer) ?? fc.constant({ body: testCase.body })).map(
              (mutation) => ({
                body: { kind: "json", value: mutation.body } as FuzzBody,
                path: testCase.path,
              }),
            ),
          ),
        );
  return fc
    .record({ path: pathArbitrary(operation, seeds), body, authorization })
    .map(({ path, body, authorization }) => ({
      operation,
      path: body.path ?? path,
      query: [],
      ...(body.body === undefined ? {} : { body: body.body }),
      authorization,
    }));
}
