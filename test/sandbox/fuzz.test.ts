/**
 * Schemathesis-style fuzzing of the sandbox, driven by the spec itself (`@account-funds/client/openapi.json`
 * and `operationMetadata`): requests are generated from the parameter and request-body schemas (with valid ids
 * taken from the sandbox's own lists), and every answer is checked by this suite's own ajv against the spec.
 * Each property runs over all the operations it applies to, chosen with fc.constantFrom(...operationIds).
 *
 * Failing properties print fast-check's smallest counterexample and the list of problems with the answer.
 */
import { createHmac, randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OperationMetadata } from "@account-funds/client";
import { createClientCertificate, defaultCredentials, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, type Sandbox } from "@account-funds/sandbox";
import { DEMO_USER, OTHER_USER, startTestSandbox, tokenFor } from "./support/sandbox-fixture.js";
import { arbitraryFromSchema } from "./support/arbitraries-from-schema.js";
import { badRequestProblems, conformanceProblems, isODataError, pointerOf, targetsOf } from "./support/fuzz-checks.js";
import { getJson, send, type FuzzBody, type FuzzRequest, type FuzzResponse, type Transport } from "./support/fuzz-http.js";
import { fieldMutationOf, wholeBodyMutation, wrongContentTypes } from "./support/fuzz-mutations.js";
import { domainRefusalCodes, fieldsOfRule, positiveCaseArbitrary, positiveOperationIds, recipesById, type PositiveCase, type Verdict } from "./support/fuzz-positive.js";
import { pathArbitrary, queryArbitrary, schemaBodyArbitrary, schemaOptions, seededPathArbitrary, type PathValues, type Query } from "./support/fuzz-requests.js";
import { loadSeeds, seededValuesFor, type Seeds } from "./support/fuzz-seeds.js";
import { bearerOperations, entityPropertiesOf, isValidRequestBody, operationOf, operations, parametersOf, requestSchemaOf, resolvePointer } from "./support/fuzz-spec.js";

/** `FUZZ_SCALE=10` fuzzes ten times longer (the default keeps the file under a minute on two shared cores). */
const scale = Number(process.env["FUZZ_SCALE"] ?? "1");
const runs = (count: number): number => Math.max(1, Math.round(count * scale));

const collected = new Map<string, string>();
let sandbox: Sandbox;
let transport: Transport;
/** `Bearer <token>` of the demo user and of the other user. */
let demo: string;
let other: string;
let seeds: Seeds;

beforeAll(async () => {
  const certificate = await createClientCertificate();
  sandbox = await startTestSandbox({ tlsPort: 0, credentials: defaultCredentials({ certificateThumbprints: [certificate.thumbprint] }) });
  const tls = sandbox.tlsUrl === undefined || sandbox.certificate === undefined ? undefined : { url: sandbox.tlsUrl, ca: sandbox.certificate.cert, cert: certificate.cert, key: certificate.key };
  transport = tls === undefined ? { url: sandbox.url } : { url: sandbox.url, tls };
  demo = `Bearer ${await tokenFor(sandbox, DEMO_USER)}`;
  other = `Bearer ${await tokenFor(sandbox, OTHER_USER)}`;
  seeds = await loadSeeds(sandbox, demo);
});

afterAll(async () => {
  await sandbox.close();
});

/** Every property starts from the seeded state (successful commands of the previous one are undone). */
beforeEach(async () => {
  const response = await fetch(`${sandbox.url}/_sandbox/reset`, { method: "POST" });
  expect(response.status).toBe(200);
});

const ids = (list: readonly OperationMetadata[]): string[] => list.map((operation) => operation.operationId);
const jsonBodyOperations = operations.filter((operation) => operation.requestBody?.mediaTypes.includes("application/json") === true);
const commandOperations = bearerOperations.filter((operation) => operation.method === "post");
const creationOperations = operations.filter((operation) => operation.responses["201"] !== undefined);
const withPathParameters = bearerOperations.filter((operation) => operation.pathParameters.length > 0);

/** Counts outcomes per property, printed once so a run shows what it exercised. */
class Tally {
  readonly #counts = new Map<string, number>();
  constructor(readonly name: string) {}
  add(outcome: string): void {
    this.#counts.set(outcome, (this.#counts.get(outcome) ?? 0) + 1);
  }
  count(outcome: string): number {
    return this.#counts.get(outcome) ?? 0;
  }
  print(): void {
    const parts = [...this.#counts].sort(([a], [b]) => a.localeCompare(b)).map(([outcome, count]) => `${outcome}: ${count}`);
    console.info(`[fuzz] ${this.name} — ${parts.join(", ")}`);
  }
}

const statusClass = (response: FuzzResponse): string => `${response.status}`;

/** A FuzzBody for a positive case: JSON, or multipart with the body as its Request part. */
function bodyOf(testCase: Pick<PositiveCase, "body" | "documents">): FuzzBody {
  return testCase.documents === undefined ? { kind: "json", value: testCase.body } : { kind: "multipart", request: testCase.body, files: testCase.documents };
}

// ---------------------------------------------------------------------------------------------------------------
// Requests for any operation: the shape schemathesis sends, positive and negative mixed.
// ---------------------------------------------------------------------------------------------------------------

interface GeneratedRequest {
  readonly request: FuzzRequest;
  /** The body was sent in a media type the operation does not take. */
  readonly wrongContentType: boolean;
}

/** Token form bodies: the seeded client and users most of the time, anything the schema allows otherwise. */
function tokenFormArbitrary(operation: OperationMetadata): fc.Arbitrary<Record<string, string>> {
  const schema = requestSchemaOf(operation, "application/x-www-form-urlencoded");
  if (schema === undefined) throw new Error(`${operation.operationId} has no form body`);
  const fromSchema = arbitraryFromSchema(schema, schemaOptions).map((value) => Object.fromEntries(Object.entries(value as object).map(([key, field]) => [key, String(field)])));
  const seeded = fc.constantFrom(DEMO_USER, OTHER_USER).map((user) => ({
    grant_type: "password",
    scope: "serviceFXAPI",
    client_id: DEFAULT_CLIENT_ID,
    ...(operation.security === "mutualTLS" ? {} : { client_secret: DEFAULT_CLIENT_SECRET }),
    username: user.username,
    password: user.password,
  }));
  return fc.oneof(seeded, fromSchema);
}

function bodyArbitrary(operation: OperationMetadata): fc.Arbitrary<{ body: FuzzBody | undefined; wrongContentType: boolean; path?: PathValues }> {
  if (operation.requestBody === undefined) return fc.constant({ body: undefined, wrongContentType: false });
  if (operation.requestBody.mediaTypes.includes("application/x-www-form-urlencoded")) {
    return tokenFormArbitrary(operation).map((fields) => ({ body: { kind: "form", fields }, wrongContentType: false }));
  }
  const generated = schemaBodyArbitrary(operation);
  if (generated === undefined) throw new Error(`${operation.operationId} has no JSON body schema`);
  const schema = requestSchemaOf(operation, "application/json")!;
  const json = (value: unknown): FuzzBody => ({ kind: "json", value });
  return fc.oneof(
    {
      weight: 3,
      arbitrary: positiveCaseArbitrary(operation.operationId, seeds).map((testCase) => ({ body: bodyOf(testCase), wrongContentType: false, path: testCase.path })),
    },
    { weight: 2, arbitrary: generated.map((value) => ({ body: json(value), wrongContentType: false })) },
    {
      weight: 2,
      arbitrary: generated.chain((value) => fieldMutationOf(schema, value, resolvePointer)?.map((mutation) => json(mutation.body)) ?? fc.constant(json(value))).map((body) => ({ body, wrongContentType: false })),
    },
    { weight: 1, arbitrary: generated.chain(wholeBodyMutation).map((mutation) => ({ body: { kind: "raw", text: mutation.text, contentType: "application/json" } as FuzzBody, wrongContentType: false })) },
    {
      weight: 1,
      arbitrary: fc.tuple(generated, fc.constantFrom(...wrongContentTypes)).map(([value, contentType]) => ({
        body: { kind: "raw", text: JSON.stringify(value), ...(contentType === undefined ? {} : { contentType }) } as FuzzBody,
        wrongContentType: true,
      })),
    },
  );
}

function anyRequestArbitrary(operation: OperationMetadata): fc.Arbitrary<GeneratedRequest> {
  const authorization = operation.security === "bearer" ? fc.oneof({ weight: 5, arbitrary: fc.constant(demo) }, { weight: 1, arbitrary: fc.constant(other) }) : fc.constant(undefined);
  return fc.record({ path: pathArbitrary(operation, seeds), query: queryArbitrary(operation, seeds), body: bodyArbitrary(operation), authorization }).map(({ path, query, body, authorization }) => ({
    request: { operation, path: body.path ?? path, query, ...(body.body === undefined ? {} : { body: body.body }), ...(authorization === undefined ? {} : { authorization }) },
    wrongContentType: body.wrongContentType,
  }));
}

/** A request's problems, with the request itself so a failure shows both. */
function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined ? "" : ` body=${JSON.stringify(request.body).slice(0, 300)}`;
  return `${request.operation.method.toUpperCase()} ${request.operation.path} path=${JSON.stringify(request.path)} query=${JSON.stringify(request.query)}${body}`;
}

// ---------------------------------------------------------------------------------------------------------------

describe("the spec as the fuzzer reads it", () => {
  it("has a 401 on every bearer operation, and a positive recipe for every JSON request body", () => {
    for (const operation of bearerOperations) expect(operation.responses["401"], operation.operationId).toEqual({ mediaType: "application/json" });
    expect([...positiveOperationIds].sort()).toEqual(ids(jsonBodyOperations).sort());
    
  });

  it("generates bodies the spec accepts, for every JSON request body, once references are seeded", () => {
    for (const operation of jsonBodyOperations) {
      const samples = fc.sample(positiveCaseArbitrary(operation.operationId, seeds), { numRuns: 5, seed: 42 });
      for (const sample of samples) expect(isValidRequestBody(operation, sample.body), JSON.stringify(sample.body)).toBe(true);
    }
  });
});

describe("fuzzing the sandbox with requests generated from the spec", () => {
  it("never answers 5xx, and answers only declared statuses, in the declared media type, with bodies that match the spec", async () => {
    const tally = new Tally("conformance");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ids(operations)).chain((operationId) => anyRequestArbitrary(operationOf(operationId))),
        async ({ request, wrongContentType }) => {
          const response = await send(transport, request);
          tally.add(statusClass(response));
          const found = conformanceProblems(request.operation, response, { wrongContentType });
          if (process.env["COLLECT"]) { for (const f of found) collected.set(f.replace(/\d+/g, "#").slice(0, 160), `${f.slice(0, 400)} <= ${describeRequest(request)}`); return; }
          expect(found, describeRequest(request)).toEqual([]);
        },
      ),
      { numRuns: runs(300) },
    );
    tally.print();
    for (const [k, v] of collected) console.info("[collected]", v);
  });

  it("refuses a body that breaks the request schema at one field with 400 and an OData error pointing at that field", async () => {
    const tally = new Tally("schema-breaking fields");
    const cases = fc.constantFrom(...ids(jsonBodyOperations)).chain((operationId) =>
      positiveCaseArbitrary(operationId, seeds).chain((valid) => {
        const schema = requestSchemaOf(valid.operation, "application/json")!;
        const mutation = fieldMutationOf(schema, valid.body, resolvePointer);
        if (mutation === undefined) throw new Error(`${operationId}: a valid body offers nothing to break`);
        return fc.tuple(fc.constant(valid), mutation, fc.boolean());
      }),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ([valid, mutation, asMultipart]) => {
        fc.pre(!isValidRequestBody(valid.operation, mutation.body));
        // CreateAccountWithdrawal also takes the body as the Request part of a multipart body: errors are under /Request.
        const multipart = asMultipart && valid.operation.requestBody?.mediaTypes.includes("multipart/form-data") === true;
        const request: FuzzRequest = {
          operation: valid.operation,
          path: valid.path,
          query: [],
          body: multipart ? { kind: "multipart", request: mutation.body, files: [] } : { kind: "json", value: mutation.body },
          authorization: demo,
        };
        const response = await send(transport, request);
        tally.add(`${mutation.kind} → ${response.status}`);
        const field = multipart ? ["Request", ...mutation.path] : mutation.path;
        expect([...conformanceProblems(valid.operation, response), ...badRequestProblems(response, field)], `${mutation.kind} at ${pointerOf(mutation.path)}: ${describeRequest(request)}`).toEqual([]);
      }),
      { numRuns: runs(200) },
    );
    tally.print();
  });

  it("refuses a body that is not JSON, has garbage after the JSON, is JSON of the wrong type, or is empty, with 400; a wrong content type with 415", async () => {
    const tally = new Tally("broken bodies");
    const cases = fc.constantFrom(...ids(jsonBodyOperations)).chain((operationId) =>
      positiveCaseArbitrary(operationId, seeds).chain((valid) =>
        fc.oneof(
          wholeBodyMutation(valid.body).map((mutation) => ({ valid, kind: mutation.kind as string, body: { kind: "raw", text: mutation.text, contentType: "application/json" } as FuzzBody })),
          fc.constantFrom(...wrongContentTypes).map((contentType) => ({
            valid,
            kind: `content type ${contentType ?? "(none)"}`,
            body: { kind: "raw", text: JSON.stringify(valid.body), ...(contentType === undefined ? {} : { contentType }) } as FuzzBody,
          })),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ valid, kind, body }) => {
        const request: FuzzRequest = { operation: valid.operation, path: valid.path, query: [], body, authorization: demo };
        const response = await send(transport, request);
        tally.add(`${kind.startsWith("content type") ? "wrong content type" : kind} → ${response.status}`);
        const wrongContentType = kind.startsWith("content type");
        const expected = wrongContentType
          ? response.status === 415 && isODataError(response.body)
            ? []
            : [`expected 415 with an ODataError, got ${response.status} ${response.text.slice(0, 300)}`]
          : badRequestProblems(response, undefined);
        expect([...conformanceProblems(valid.operation, response, { wrongContentType }), ...expected], `${kind}: ${describeRequest(request)}`).toEqual([]);
      }),
      { numRuns: runs(120) },
    );
    tally.print();
  });

  it("refuses malformed query options ($top=-1, $top=abc, $filter garbage, an unknown $option, ...) with 400 naming the option", async () => {
    const tally = new Tally("malformed query options");
    const cases = fc.constantFrom(...ids(bearerOperations)).chain((operationId) => {
      const operation = operationOf(operationId);
      return fc.record({
        operation: fc.constant(operation),
        path: seededPathArbitrary(operation, seeds),
        required: requiredQueryArbitrary(operation),
        malformed: malformedOptionArbitrary(operation),
      });
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ operation, path, required, malformed }) => {
        const request: FuzzRequest = { operation, path, query: [...required, ...malformed.query], authorization: demo };
        const response = await send(transport, request);
        tally.add(`${malformed.kind} → ${response.status}`);
        const namesOption = isODataError(response.body) && targetsOf(response.body).some((target) => target.includes(malformed.option));
        expect(
          [
            ...conformanceProblems(operation, response),
            ...badRequestProblems(response, undefined),
            ...(response.status !== 400 || namesOption ? [] : [`the error does not name ${malformed.option}: ${response.text.slice(0, 300)}`]),
          ],
          `${malformed.kind}: ${describeRequest(request)}`,
        ).toEqual([]);
      }),
      { numRuns: runs(150) },
    );
    tally.print();
  });

  it("answers a path parameter of the wrong type with 404 or 400, whichever the operation declares", async () => {
    const tally = new Tally("wrong-type path parameters");
    const typed = withPathParameters.filter((operation) => wrongPathValueSites(operation).length > 0 && !(process.env["EXPLORE"] && ["getRequiredAdditionalInformation", "listCountryPaymentPurposes"].includes(operation.operationId)));
    const cases = fc.constantFrom(...ids(typed)).chain((operationId) => {
      const operation = operationOf(operationId);
      return fc.record({
        operation: fc.constant(operation),
        path: seededPathArbitrary(operation, seeds),
        wrong: fc.constantFrom(...wrongPathValueSites(operation)).chain(({ name, values }) => fc.constantFrom(...values).map((value) => ({ name, value }))),
        query: requiredQueryArbitrary(operation),
      });
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ operation, path, wrong, query }) => {
        const request: FuzzRequest = { operation, path: { ...path, [wrong.name]: wrong.value }, query, authorization: demo };
        const response = await send(transport, request);
        tally.add(`${response.status}`);
        const expected = (["404", "400"] as const).filter((status) => operation.responses[status] !== undefined);
        expect(
          [
            ...conformanceProblems(operation, response),
            ...(expected.includes(String(response.status) as "404" | "400") ? [] : [`expected ${expected.join(" or ")}, got ${response.status} ${response.text.slice(0, 300)}`]),
          ],
          `${wrong.name}=${JSON.stringify(wrong.value)}: ${describeRequest(request)}`,
        ).toEqual([]);
      }),
      { numRuns: runs(100) },
    );
    tally.print();
  });

  it("accepts valid bodies with valid references (2xx), or refuses them only for a domain rule", async () => {
    const tally = new Tally("valid bodies");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...positiveOperationIds).chain((operationId) => positiveCaseArbitrary(operationId, seeds)),
        async (testCase) => {
          const verdict = await fullVerdict(testCase);
          const request: FuzzRequest = { operation: testCase.operation, path: testCase.path, query: [], body: bodyOf(testCase), authorization: demo };
          const response = await send(transport, request);
          tally.add(`${testCase.operation.operationId} → ${outcomeOf(response)}`);
          expect([...conformanceProblems(testCase.operation, response), ...positiveProblems(testCase.operation, verdict, response)], describeRequest(request)).toEqual([]);
        },
      ),
      { numRuns: runs(200) },
    );
    tally.print();
    for (const operationId of positiveOperationIds) {
      const successes = [200, 201].reduce((sum, status) => sum + tally.count(`${operationId} → ${status}`), 0);
      expect(successes, `${operationId}: no valid request succeeded`).toBeGreaterThan(0);
    }
  });

  it("answers 401 with a Bearer WWW-Authenticate challenge to a missing or bad token, on every bearer operation", async () => {
    const tally = new Tally("bad tokens");
    const cases = fc.record({
      request: fc.constantFrom(...ids(bearerOperations)).chain((operationId) => anyRequestArbitrary(operationOf(operationId))),
      credential: fc.constantFrom(...badCredentials),
      garbage: fc.stringMatching(/^[A-Za-z0-9\-._~+/]{1,60}$/),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ request, credential, garbage }) => {
        const authorization = credential.header(demo.slice("Bearer ".length), garbage);
        const { authorization: _valid, ...rest } = request.request;
        const unauthenticated: FuzzRequest = authorization === undefined ? rest : { ...rest, authorization };
        const response = await send(transport, unauthenticated);
        tally.add(`${credential.name} → ${response.status}`);
        expect([...conformanceProblems(request.request.operation, response), ...(response.status === 401 ? [] : [`expected 401, got ${response.status}`])], `${credential.name}: ${describeRequest(unauthenticated)}`).toEqual([]);
      }),
      { numRuns: runs(150) },
    );
    tally.print();
  });

  it("answers 401 on every bearer operation once the token has expired (900 s by the sandbox clock)", async () => {
    sandbox.clock.advance(901);
    try {
      for (const operation of bearerOperations) {
        const [generated] = fc.sample(anyRequestArbitrary(operation), { numRuns: 1, seed: 7 });
        const response = await send(transport, generated!.request);
        expect([...conformanceProblems(operation, response), ...(response.status === 401 ? [] : [`expected 401, got ${response.status}`])], operation.operationId).toEqual([]);
        expect(response.headers["www-authenticate"], operation.operationId).toMatch(/error="invalid_token"/);
      }
    } finally {
      sandbox.clock.advance(-901);
    }
  });

  it("gives every 201 a Location that a GET with the same token resolves to 200 with the created entity", async () => {
    const tally = new Tally("locations");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ids(creationOperations)).chain((operationId) => positiveCaseArbitrary(operationId, seeds)),
        async (testCase) => {
          const request: FuzzRequest = { operation: testCase.operation, path: testCase.path, query: [], body: bodyOf(testCase), authorization: demo };
          const response = await send(transport, request);
          tally.add(`${testCase.operation.operationId} → ${response.status}`);
          expect(conformanceProblems(testCase.operation, response), describeRequest(request)).toEqual([]);
          if (response.status !== 201) return;
          const location = response.headers["location"] ?? "";
          const target = operationAt(location);
          expect(target, `Location ${location} is no GET operation of the spec`).toBeDefined();
          const resolved = await getJson(location, demo);
          expect([...conformanceProblems(target!, resolved), ...(resolved.status === 200 ? [] : [`GET ${location} answered ${resolved.status} ${resolved.text}`])], `Location of ${describeRequest(request)}`).toEqual([]);
          expect((resolved.body as { Id?: unknown }).Id, location).toBe((response.body as { Id: unknown }).Id);
        },
      ),
      { numRuns: runs(100) },
    );
    tally.print();
    for (const operation of creationOperations) expect(tally.count(`${operation.operationId} → 201`), `${operation.operationId}: nothing was created`).toBeGreaterThan(0);
  });

  it("changes nothing when it refuses a command: the lists read the same before and after", async () => {
    const tally = new Tally("refused commands");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ids(commandOperations)).chain((operationId) => commandRequestArbitrary(operationOf(operationId))),
        async (request) => {
          const before = await snapshot();
          const response = await send(transport, request);
          tally.add(`${response.status < 300 ? "done" : "refused"} ${response.status}`);
          expect(conformanceProblems(request.operation, response), describeRequest(request)).toEqual([]);
          if (response.status < 300) return; // a command that was carried out may change anything it owns
          const after = await snapshot();
          expect(after, `refused with ${response.status} ${response.text.slice(0, 200)}: ${describeRequest(request)}`).toEqual(before);
        },
      ),
      { numRuns: runs(100) },
    );
    tally.print();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Malformed query options and path parameters.
// ---------------------------------------------------------------------------------------------------------------

/** Required non-OData query parameters (getJobStatus's token), seeded so that only the malformed part is wrong. */
function requiredQueryArbitrary(operation: OperationMetadata): fc.Arbitrary<Query> {
  const required = parametersOf(operation).filter((parameter) => parameter.in === "query" && parameter.required);
  return fc.tuple(
    ...required.map((parameter) => {
      const seeded = seededValuesFor(seeds, parameter.name, operation.path);
      return (seeded.length > 0 ? fc.constantFrom(...seeded.map(String)) : fc.string({ minLength: 1 })).map((value) => [parameter.name, value] as const);
    }),
  );
}

interface MalformedOption {
  readonly kind: string;
  /** The option the error must name. */
  readonly option: string;
  readonly query: Query;
}

/** One malformed OData option of those the operation declares, an unknown system option, or a repeated option. */
function malformedOptionArbitrary(operation: OperationMetadata): fc.Arbitrary<MalformedOption> {
  const declared = new Set(operation.queryParameters);
  const properties = new Set(Object.keys(entityPropertiesOf(operation)));
  const unknownProperty = fc.stringMatching(/^[A-Z][A-Za-z]{2,12}$/).filter((name) => !properties.has(name));
  const bad: Record<string, fc.Arbitrary<string>> = {
    $top: fc.constantFrom("-1", "abc", "1.5", "", "1e2", "0x10", "2147483648", " 5"),
    $skip: fc.constantFrom("-3", "ten", "2.5", "", "-0.5"),
    $count: fc.constantFrom("yes", "1", "TRUE ", ""),
    $filter: fc.oneof(
      fc.constantFrom("Id eq", "eq 1", "(", "Id eq 'unterminated", "Id eq eq 1", "1 eq", "Id gt", "contains(", "Name eq 'a' and", ")", "not", "Id eq 1)"),
      unknownProperty.map((name) => `${name} eq 1`),
    ),
    $orderby: fc.oneof(fc.constantFrom(",", "desc", "Id sideways", "Id asc desc"), unknownProperty),
    $select: fc.oneof(fc.constantFrom(",", "Id,,", "Id Name"), unknownProperty),
  };
  const options = Object.keys(bad).filter((option) => declared.has(option));
  const unknownOption = fc
    .oneof(fc.constantFrom("$expand", "$search", "$apply", "$format", "$levels", "$compute"), fc.stringMatching(/^\$[a-z]{2,10}$/))
    .filter((option) => !declared.has(option))
    .map((option) => ({ kind: "unknown option", option, query: [[option, "x"]] as const }));
  const arbitraries: fc.Arbitrary<MalformedOption>[] = [unknownOption];
  if (options.length > 0) {
    arbitraries.push(fc.constantFrom(...options).chain((option) => bad[option]!.map((value) => ({ kind: `bad ${option}`, option, query: [[option, value]] as const }))));
    arbitraries.push(
      fc.constantFrom(...options.filter((option) => option === "$top" || option === "$skip" || option === "$select")).map((option) => ({
        kind: "repeated option",
        option,
        query: [
          [option, option === "$select" ? [...properties][0] ?? "Id" : "1"],
          [option, option === "$select" ? [...properties][0] ?? "Id" : "2"],
        ] as const,
      })),
    );
  }
  return fc.oneof(...arbitraries);
}

/** For each typed path parameter, values that break its schema (int32, or a pattern); unconstrained strings have none. */
function wrongPathValueSites(operation: OperationMetadata): { name: string; values: string[] }[] {
  return parametersOf(operation)
    .filter((parameter) => parameter.in === "path")
    .map((parameter) => {
      const schema = parameter.schema;
      if (schema["type"] === "integer") return { name: parameter.name, values: ["abc", "1.5", "1e3", "0x10", "2147483648", "-", "１", "99999999999999999999", "true"] };
      if (typeof schema["pattern"] === "string") {
        const pattern = new RegExp(schema["pattern"], "u");
        return { name: parameter.name, values: ["gbp", "GBPX", "G1P", "A", "ABCD", "12", "a b"].filter((value) => !pattern.test(value)) };
      }
      return { name: parameter.name, values: [] };
    })
    .filter((site) => site.values.length > 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Positive data: the verdict with the context the API gives, and what the sandbox may answer.
// ---------------------------------------------------------------------------------------------------------------

/**
 * The validators' verdict with everything a client can read from the API: for a withdrawal beneficiary also the
 * RequiredAdditionalInformation rules for its currency, address country, bank country and type.
 */
async function fullVerdict(testCase: PositiveCase): Promise<Verdict> {
  if (testCase.operation.operationId !== "createWithdrawalBeneficiary") return testCase.verdict;
  const body = testCase.body as { CurrencyCode: string; Address: { CountryCode: string }; PaymentRouting: { CountryCode: string }; BeneficiaryType: string };
  const query = new URLSearchParams({ beneficiaryCountryCode: body.Address.CountryCode, beneficiaryBankCountry: body.PaymentRouting.CountryCode, beneficiaryType: body.BeneficiaryType });
  const response = await getJson(`${sandbox.url}/api/v1/Beneficiaries/${body.CurrencyCode}/RequiredAdditionalInformation?${query.toString()}`, demo);
  expect(response.status, response.text).toBe(200);
  const rules = (response.body as { RequiredAdditionalInformation: [] }).RequiredAdditionalInformation;
  return recipesById.get("createWithdrawalBeneficiary")!.validate(testCase.body, seeds, { additionalInformationRules: rules });
}

function outcomeOf(response: FuzzResponse): string {
  return response.status === 400 && isODataError(response.body) ? `400 ${response.body.error.code}` : `${response.status}`;
}

/** What a valid body may get: success, a domain refusal, or a refusal at a field of a rule the validator left unchecked. */
function positiveProblems(operation: OperationMetadata, verdict: Verdict, response: FuzzResponse): string[] {
  const answer = `${response.status} ${response.text.slice(0, 400)}`;
  if (!verdict.ok) {
    // The validators refuse it with the API's context (additional information): the sandbox must refuse it there.
    const fields = verdict.issues.map((issue) => pointerOf(issue.path));
    if (response.status !== 400 || !isODataError(response.body)) return [`the validators refuse it at ${fields.join(", ")}, the sandbox answered ${answer}`];
    const targets = targetsOf(response.body);
    return targets.some((target) => fields.some((field) => target === field || target.startsWith(`${field}/`))) ? [] : [`refused, but not at ${fields.join(", ")}: ${answer}`];
  }
  if (operation.successStatuses.includes(String(response.status))) return [];
  if (response.status !== 400 || !isODataError(response.body)) return [`a valid body was answered ${answer}`];
  const { code } = response.body.error;
  if (domainRefusalCodes.includes(code)) return [];
  if (code === "invalid_request" && verdict.uncheckedRules.length > 0) {
    const allowed = verdict.uncheckedRules.flatMap((rule) => fieldsOfRule[rule]);
    const targets = (response.body.error.details ?? []).map((detail) => detail.target ?? "");
    if (targets.length > 0 && targets.every((target) => allowed.some((field) => target === field || target.startsWith(`${field}/`)))) return [];
    return [`refused outside the unchecked rules ${verdict.uncheckedRules.join(", ")}: ${answer}`];
  }
  return [`a valid body with valid references was refused with ${code}, which is no domain rule: ${answer}`];
}

// ---------------------------------------------------------------------------------------------------------------
// Locations and snapshots.
// ---------------------------------------------------------------------------------------------------------------

const getOperations = operations.filter((operation) => operation.method === "get");

/** The GET operation whose path template matches an absolute URL's path (as the router matches it). */
function operationAt(url: string): OperationMetadata | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
  return getOperations.find((operation) => {
    const source = operation.path
      .split(/(\{[^}]+\})/)
      .map((part) => (/^\{[^}]+\}$/.test(part) ? "[^/()']+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
    return new RegExp(`^${source}$`).test(pathname);
  });
}

/** The demo user's lists a command could change, and the other user's, read as JSON. */
async function snapshot(): Promise<Record<string, unknown>> {
  const paths = [
    "/api/v1/Transfers",
    "/api/v1/Withdrawals",
    "/api/v1/Beneficiaries",
    "/api/v1/TransferBeneficiaries",
    "/api/v1/Exchanges",
    "/api/v1/Deposits",
    "/api/v1/Alerts",
    ...seeds.accounts.flatMap((account) => [`/api/v1/Accounts(${account.Id})/Balances`, `/api/v1/Accounts(${account.Id})/Depositors`]),
  ];
  const entries = await Promise.all(
    [...paths.map((path) => [demo, path] as const), [other, "/api/v1/Transfers"] as const, [other, "/api/v1/Withdrawals"] as const].map(async ([authorization, path]) => {
      const response = await getJson(`${sandbox.url}${path}`, authorization);
      return [`${authorization === demo ? "demo" : "other"} ${path}`, response.body] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * Commands likely to be refused: valid bodies (some meet a domain rule), schema-breaking bodies, any path id
 * (missing ones are 404, final ones 410), and the other user's token on the demo user's ids.
 */
function commandRequestArbitrary(operation: OperationMetadata): fc.Arbitrary<FuzzRequest> {
  const authorization = fc.oneof({ weight: 4, arbitrary: fc.constant(demo) }, { weight: 1, arbitrary: fc.constant(other) });
  const hasBody = operation.requestBody !== undefined;
  const body: fc.Arbitrary<{ body?: FuzzBody; path?: PathValues }> = hasBody
    ? fc.oneof(
        positiveCaseArbitrary(operation.operationId, seeds).map((testCase) => ({ body: bodyOf(testCase), path: testCase.path })),
        positiveCaseArbitrary(operation.operationId, seeds).chain((testCase) => {
          const schema = requestSchemaOf(operation, "application/json")!;
          return (fieldMutationOf(schema, testCase.body, resolvePointer) ?? fc.constant({ body: testCase.body })).map((mutation) => ({ body: { kind: "json", value: mutation.body } as FuzzBody, path: testCase.path }));
        }),
      )
    : fc.constant({});
  return fc.record({ path: pathArbitrary(operation, seeds), body, authorization }).map(({ path, body, authorization }) => ({
    operation,
    path: body.path ?? path,
    query: [],
    ...(body.body === undefined ? {} : { body: body.body }),
    authorization,
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Bad credentials.
// ---------------------------------------------------------------------------------------------------------------

const base64url = (data: Buffer | string): string => Buffer.from(data).toString("base64url");

/** The token's header and payload, signed HS256 with a key the sandbox never issued. */
function signedWithAnotherKey(token: string): string {
  const [header, payload] = token.split(".");
  const input = `${header}.${payload}`;
  return `${input}.${createHmac("sha256", randomBytes(32)).update(input).digest("base64url")}`;
}

/** The token with its subject changed to the other user, keeping the original signature. */
function withTamperedPayload(token: string): string {
  const [header, payload, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
  return `${header}.${base64url(JSON.stringify({ ...claims, sub: OTHER_USER.id }))}.${signature}`;
}

/** The token's claims under `alg: none`, unsigned (RFC 7519 §6). */
function unsigned(token: string): string {
  const [, payload] = token.split(".");
  return `${base64url(JSON.stringify({ alg: "none", typ: "at+jwt" }))}.${payload}.`;
}

const badCredentials: readonly { readonly name: string; readonly header: (token: string, garbage: string) => string | undefined }[] = [
  { name: "no Authorization", header: () => undefined },
  { name: "empty Authorization", header: () => "" },
  { name: "Bearer without a token", header: () => "Bearer" },
  { name: "Basic credentials", header: () => `Basic ${Buffer.from(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`).toString("base64")}` },
  { name: "the token without Bearer", header: (token) => token },
  { name: "garbage token", header: (_, garbage) => `Bearer ${garbage}` },
  { name: "token signed with another key", header: (token) => `Bearer ${signedWithAnotherKey(token)}` },
  { name: "token with a tampered payload", header: (token) => `Bearer ${withTamperedPayload(token)}` },
  { name: "unsigned token (alg none)", header: (token) => `Bearer ${unsigned(token)}` },
];
