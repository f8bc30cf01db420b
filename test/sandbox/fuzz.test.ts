/**
 * Schemathesis-style fuzzing of the sandbox, driven by the spec itself (`@account-funds/client/openapi.json` and
 * `operationMetadata`): requests are generated from the parameter and request-body schemas, with valid ids
 * taken from the sandbox's own lists, and every answer is checked against the spec by this suite's own ajv
 * (2020-12, ajv-formats, addAccountFundsFormats). Each property runs over all the operations it applies to,
 * chosen with fc.constantFrom(...operationIds); the sandbox is reset before each.
 *
 * A failing property prints fast-check's smallest counterexample (and its seed) next to the list of what was
 * wrong with the answer. `FUZZ_SCALE=10` fuzzes ten times longer.
 */
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OperationMetadata } from "@account-funds/client";
import {
  createClientCertificate,
  defaultCredentials,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  type Sandbox,
} from "@account-funds/sandbox";
import { DEMO_USER, OTHER_USER, startTestSandbox, tokenFor } from "./support/sandbox-fixture.js";
import { anyRequestArbitrary, type TokenCredentials } from "./support/fuzz-any-request.js";
import {
  badRequestProblems,
  bodyProblems,
  conformanceProblems,
  echoProblems,
  isODataError,
  serverErrorProblems,
  statusProblems,
  targetsOf,
} from "./support/fuzz-checks.js";
import { bodyOf, commandRequestArbitrary, snapshot, type Caller } from "./support/fuzz-commands.js";
import { badCredentials } from "./support/fuzz-credentials.js";
import {
  describeRequest,
  getJson,
  send,
  type FuzzBody,
  type FuzzRequest,
  type FuzzResponse,
  type Transport,
} from "./support/fuzz-http.js";
import {
  fieldMutationOf,
  malformedOptionArbitrary,
  methodsAt,
  wholeBodyMutation,
  wrongContentTypes,
  wrongMethodArbitrary,
  wrongPathValues,
} from "./support/fuzz-negative.js";
import {
  fullVerdict,
  outcomeOf,
  positiveCaseArbitrary,
  positiveOperationIds,
  positiveProblems,
  type ReadAdditionalInformationRules,
} from "./support/fuzz-positive.js";
import { requiredQueryArbitrary, seededPathArbitrary } from "./support/fuzz-requests.js";
import { loadSeeds, type Seeds } from "./support/fuzz-seeds.js";
import {
  bearerOperations,
  getOperationAt,
  isValidRequestBody,
  operationOf,
  operations,
  requestSchemaOf,
  resolvePointer,
} from "./support/fuzz-spec.js";
import { Tally } from "./support/fuzz-tally.js";

/** Run counts scale with FUZZ_SCALE; the time limit only bounds a property (shrinking included) on a slow machine. */
const scale = Number(process.env["FUZZ_SCALE"] ?? "1");
const budget = (numRuns: number) => ({
  numRuns: Math.max(1, Math.round(numRuns * scale)),
  interruptAfterTimeLimit: 20_000 * scale,
});

let sandbox: Sandbox;
let transport: Transport;
let caller: Caller;
let seeds: Seeds;

beforeAll(async () => {
  const certificate = await createClientCertificate();
  sandbox = await startTestSandbox({
    tlsPort: 0,
    credentials: defaultCredentials({ certificateThumbprints: [certificate.thumbprint] }),
  });
  const serverCertificate = sandbox.certificate;
  transport =
    sandbox.tlsUrl === undefined || serverCertificate === undefined
      ? { url: sandbox.url }
      : {
          url: sandbox.url,
          tls: { url: sandbox.tlsUrl, ca: serverCertificate.cert, cert: certificate.cert, key: certificate.key },
        };
  caller = {
    url: sandbox.url,
    demo: `Bearer ${await tokenFor(sandbox, DEMO_USER)}`,
    other: `Bearer ${await tokenFor(sandbox, OTHER_USER)}`,
  };
  seeds = await loadSeeds(sandbox, caller.demo, DEMO_USER.id);
}, 60_000);

afterAll(async () => {
  await sandbox.close();
});

async function resetSandbox(): Promise<void> {
  const response = await fetch(`${sandbox.url}/_sandbox/reset`, { method: "POST" });
  expect(response.status).toBe(200);
}

beforeEach(resetSandbox);

/**
 * A valid body without Amount asks for the whole available balance, so successes drain the seeded balances;
 * resetting every `every` runs keeps most valid requests payable (a reset costs about as much as 10 requests).
 */
function resetEvery(every: number): () => Promise<void> {
  let count = 0;
  return async () => {
    if (++count % every === 0) await resetSandbox();
  };
}

const ids = (list: readonly OperationMetadata[]): string[] => list.map((operation) => operation.operationId);
const jsonBodyOperations = operations.filter(
  (operation) => operation.requestBody?.mediaTypes.includes("application/json") === true,
);
const commandOperations = bearerOperations.filter((operation) => operation.method === "post");
const creationOperations = operations.filter((operation) => operation.responses["201"] !== undefined);
const withTypedPathParameters = bearerOperations.filter((operation) => wrongPathValues(operation).length > 0);

const expectedStatus = (response: FuzzResponse, status: number): string[] =>
  response.status === status ? [] : [`expected ${status}, got ${response.status} ${response.text.slice(0, 300)}`];

const credentials: TokenCredentials = {
  clientId: DEFAULT_CLIENT_ID,
  clientSecret: DEFAULT_CLIENT_SECRET,
  users: [DEMO_USER, OTHER_USER],
};
const anyRequest = (operation: OperationMetadata) => anyRequestArbitrary(operation, seeds, caller, credentials);

const readAdditionalInformationRules: ReadAdditionalInformationRules = async ({ currencyCode, ...query }) => {
  const response = await getJson(
    `${sandbox.url}/api/v1/Beneficiaries/${currencyCode}/RequiredAdditionalInformation?${new URLSearchParams(query).toString()}`,
    caller.demo,
  );
  expect(response.status, response.text).toBe(200);
  return (response.body as { RequiredAdditionalInformation: [] }).RequiredAdditionalInformation;
};

// ---------------------------------------------------------------------------------------------------------------

describe("the spec as the fuzzer reads it", () => {
  it("declares a JSON 401 on every bearer operation, and the fuzzer has a positive recipe for every JSON request body", () => {
    for (const operation of bearerOperations)
      expect(operation.responses["401"], operation.operationId).toEqual({
        mediaType: "application/json",
        headers: ["WWW-Authenticate"],
      });
    expect([...positiveOperationIds].sort()).toEqual(ids(jsonBodyOperations).sort());
  });

  it("generates positive bodies the spec accepts, for every JSON request body", () => {
    for (const operation of jsonBodyOperations) {
      for (const sample of fc.sample(positiveCaseArbitrary(operation.operationId, seeds), { numRuns: 5, seed: 42 })) {
        expect(isValidRequestBody(operation, sample.body), JSON.stringify(sample.body)).toBe(true);
      }
    }
  });
});

describe("fuzzing the sandbox with requests generated from the spec", () => {
  /** The three conformance properties send the same kind of requests; each checks one thing, so each bug shows once. */
  const anyRequestToAny = () =>
    fc.constantFrom(...ids(operations)).chain((operationId) => anyRequest(operationOf(operationId)));

  /** Sends `runs` generated requests and expects no problem with each answer (tallied by status). */
  const checkEveryAnswer = async (
    title: string,
    runs: number,
    problemsOf: (request: FuzzRequest, response: FuzzResponse) => readonly unknown[],
  ): Promise<void> => {
    const tally = new Tally(title);
    await fc.assert(
      fc.asyncProperty(anyRequestToAny(), async ({ request }) => {
        const response = await send(transport, request);
        tally.add(`${response.status}`);
        expect(problemsOf(request, response), describeRequest(request)).toEqual([]);
      }),
      budget(runs),
    );
    tally.print();
  };

  it("never answers 5xx, to any request to any operation", async () => {
    await checkEveryAnswer("no 5xx", 300, (_request, response) => serverErrorProblems(response));
  });

  it("answers only statuses the operation declares, in the declared media type, with the declared headers", async () => {
    // Wrong methods, keys that break their schema or the path's syntax and wrong content types included: 405,
    // 404 or 400 and 415 must be declared where the sandbox answers them.
    await checkEveryAnswer("declared statuses", 200, (request, response) =>
      statusProblems(request.operation, response),
    );
  });

  it("answers with bodies that match the schema the spec declares for the status and media type", async () => {
    await checkEveryAnswer("response bodies", 200, (request, response) => bodyProblems(request.operation, response));
  });

  it("refuses a body that breaks the request schema at one field with 400 and an OData error pointing at that field", async () => {
    const tally = new Tally("schema-breaking fields");
    const cases = fc.constantFrom(...ids(jsonBodyOperations)).chain((operationId) =>
      positiveCaseArbitrary(operationId, seeds).chain((valid) => {
        const mutation = fieldMutationOf(
          requestSchemaOf(valid.operation, "application/json")!,
          valid.body,
          resolvePointer,
        );
        if (mutation === undefined) throw new Error(`${operationId}: a valid body offers nothing to break`);
        return fc.record({ valid: fc.constant(valid), mutation, asMultipart: fc.boolean() });
      }),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ valid, mutation, asMultipart }) => {
        fc.pre(!isValidRequestBody(valid.operation, mutation.body));
        // CreateAccountWithdrawal also takes the body as the Request part of a multipart body; errors are then under /Request.
        const multipart =
          asMultipart && valid.operation.requestBody?.mediaTypes.includes("multipart/form-data") === true;
        const body: FuzzBody = multipart
          ? { kind: "multipart", request: mutation.body, files: [] }
          : { kind: "json", value: mutation.body };
        const request: FuzzRequest = {
          operation: valid.operation,
          path: valid.path,
          query: [],
          body,
          authorization: caller.demo,
        };
        const response = await send(transport, request);
        tally.add(`${mutation.kind} → ${response.status}`);
        const field = multipart ? ["Request", ...mutation.path] : mutation.path;
        expect(
          [...conformanceProblems(valid.operation, response), ...badRequestProblems(response, field)],
          `${mutation.kind}: ${describeRequest(request)}`,
        ).toEqual([]);
      }),
      budget(250),
    );
    tally.print();
  });

  it("refuses a body that is not JSON, has garbage after the JSON, is JSON of the wrong type or is empty with 400, and a wrong content type with 415", async () => {
    // The pipeline answers 415 for a media type the operation does not take (RFC 9110 §15.5.16): 400 would say an
    // attribute is wrong, when the body was not even read. Every operation with a body declares 415.
    const tally = new Tally("broken bodies");
    const cases = fc.constantFrom(...ids(jsonBodyOperations)).chain((operationId) =>
      positiveCaseArbitrary(operationId, seeds).chain((valid) =>
        fc.oneof(
          wholeBodyMutation(valid.body).map((mutation) => ({
            valid,
            kind: mutation.kind as string,
            contentType: "application/json" as string | undefined,
            text: mutation.text,
          })),
          fc.constantFrom(...wrongContentTypes).map((contentType) => ({
            valid,
            kind: "wrong content type",
            contentType,
            text: JSON.stringify(valid.body),
          })),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ valid, kind, contentType, text }) => {
        const body: FuzzBody = { kind: "raw", text, ...(contentType === undefined ? {} : { contentType }) };
        const request: FuzzRequest = {
          operation: valid.operation,
          path: valid.path,
          query: [],
          body,
          authorization: caller.demo,
        };
        const response = await send(transport, request);
        tally.add(`${kind} → ${response.status}`);
        const wrongContentType = kind === "wrong content type";
        const expected = wrongContentType ? expectedStatus(response, 415) : badRequestProblems(response, undefined);
        expect(
          [...conformanceProblems(valid.operation, response), ...expected],
          `${kind} (${contentType ?? "no content type"}): ${describeRequest(request)}`,
        ).toEqual([]);
      }),
      budget(150),
    );
    tally.print();
  });

  it("refuses malformed query options ($top=-1, $top=abc, $filter garbage, an unknown $option, ...) with 400 naming the option", async () => {
    const tally = new Tally("malformed query options");
    // Operations that declare no 400 (approve, reject, cancel, ...) cannot refuse a query option: they ignore it.
    const refusing = ids(bearerOperations).filter(
      (operationId) => operationOf(operationId).responses["400"] !== undefined,
    );
    const cases = fc.constantFrom(...refusing).chain((operationId) => {
      const operation = operationOf(operationId);
      return fc.record({
        operation: fc.constant(operation),
        path: seededPathArbitrary(operation, seeds),
        required: requiredQueryArbitrary(operation, seeds),
        malformed: malformedOptionArbitrary(operation),
      });
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ operation, path, required, malformed }) => {
        const request: FuzzRequest = {
          operation,
          path,
          query: [...required, ...malformed.query],
          authorization: caller.demo,
        };
        const response = await send(transport, request);
        tally.add(`${malformed.kind} → ${response.status}`);
        const namesOption =
          isODataError(response.body) && targetsOf(response.body).some((target) => target.includes(malformed.option));
        const naming =
          response.status !== 400 || namesOption
            ? []
            : [`the error does not name ${malformed.option}: ${response.text.slice(0, 300)}`];
        expect(
          [...conformanceProblems(operation, response), ...badRequestProblems(response, undefined), ...naming],
          `${malformed.kind}: ${describeRequest(request)}`,
        ).toEqual([]);
      }),
      budget(250),
    );
    tally.print();
  });

  it("answers a path parameter that breaks its schema or the path's syntax with 404 or 400, whichever the operation declares", async () => {
    // OData reads a key that cannot exist as no such entity (404); an operation without a 404 answers 400.
    const tally = new Tally("wrong path parameters");
    const cases = fc.constantFrom(...ids(withTypedPathParameters)).chain((operationId) => {
      const operation = operationOf(operationId);
      return fc.record({
        operation: fc.constant(operation),
        path: seededPathArbitrary(operation, seeds),
        wrong: fc
          .constantFrom(...wrongPathValues(operation))
          .chain(({ name, values }) => fc.constantFrom(...values).map((value) => ({ name, value }))),
        query: requiredQueryArbitrary(operation, seeds),
      });
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ operation, path, wrong, query }) => {
        const request: FuzzRequest = {
          operation,
          path: { ...path, [wrong.name]: wrong.value },
          query,
          authorization: caller.demo,
        };
        const response = await send(transport, request);
        tally.add(`${JSON.stringify(wrong.value)} → ${response.status}`);
        const allowed = ["404", "400"].filter((status) => operation.responses[status] !== undefined);
        const status = allowed.includes(String(response.status))
          ? []
          : [`expected ${allowed.join(" or ")}, got ${response.status} ${response.text.slice(0, 300)}`];
        expect(
          [...conformanceProblems(operation, response), ...status],
          `${wrong.name}=${JSON.stringify(wrong.value)}: ${describeRequest(request)}`,
        ).toEqual([]);
      }),
      budget(150),
    );
    tally.print();
  });

  it("answers a method the path does not take with 405 and an Allow header naming the methods it takes", async () => {
    const tally = new Tally("wrong methods");
    const cases = fc.constantFrom(...ids(operations)).chain((operationId) => {
      const operation = operationOf(operationId);
      return fc.record({
        generated: anyRequest(operation),
        method: wrongMethodArbitrary(operation),
      });
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ generated, method }) => {
        const request: FuzzRequest = { ...generated.request, method };
        const response = await send(transport, request);
        tally.add(`${method} → ${response.status}`);
        const allow = response.headers["allow"];
        const allowed = allow === methodsAt(request.operation).join(", ") ? [] : [`Allow is ${JSON.stringify(allow)}`];
        expect(
          [...conformanceProblems(request.operation, response), ...expectedStatus(response, 405), ...allowed],
          describeRequest(request),
        ).toEqual([]);
      }),
      budget(100),
    );
    tally.print();
  });

  it("answers a body over the sandbox's limit with 413 where the operation takes a body, and ignores it where not", async () => {
    // The sandbox's request body limit (10 MiB, sandbox/README.md): one byte more, announced by Content-Length or
    // streamed in chunks. Token endpoints read at most a small form and answer what a bad form gets (400).
    const overLimit = 10 * 1024 * 1024 + 1;
    const tally = new Tally("oversized bodies");
    const posts = ids(operations).filter((operationId) => operationOf(operationId).method === "post");
    const cases = fc.constantFrom(...posts).chain((operationId) => {
      const operation = operationOf(operationId);
      return fc.record({
        operation: fc.constant(operation),
        path: seededPathArbitrary(operation, seeds),
        query: requiredQueryArbitrary(operation, seeds),
        // node:https (the mutual-TLS endpoint) is sent the body with its length.
        chunked: operation.security === "mutualTLS" ? fc.constant(false) : fc.boolean(),
      });
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ operation, path, query, chunked }) => {
        const body: FuzzBody = { kind: "oversized", size: overLimit, chunked, contentType: "application/json" };
        const request: FuzzRequest = { operation, path, query, body, authorization: caller.demo };
        const response = await send(transport, request);
        tally.add(
          `${operation.requestBody === undefined ? "no body" : "body"}${chunked ? ", chunked" : ""} → ${response.status}`,
        );
        const takesJson = operation.requestBody?.mediaTypes.includes("application/json") === true;
        const expected = takesJson
          ? expectedStatus(response, 413)
          : response.status === 413
            ? [`413 from ${operation.operationId}, which takes no JSON body`]
            : [];
        expect([...conformanceProblems(operation, response), ...expected], describeRequest(request)).toEqual([]);
      }),
      budget(40),
    );
    tally.print();
  });

  it("accepts valid bodies with valid references (2xx), or refuses them only for a domain rule", async () => {
    const tally = new Tally("valid bodies");
    const cases = fc
      .constantFrom(...positiveOperationIds)
      .chain((operationId) => positiveCaseArbitrary(operationId, seeds));
    const refill = resetEvery(25);
    await fc.assert(
      fc.asyncProperty(cases, async (testCase) => {
        await refill();
        const verdict = await fullVerdict(testCase, seeds, readAdditionalInformationRules);
        const request: FuzzRequest = {
          operation: testCase.operation,
          path: testCase.path,
          query: [],
          body: bodyOf(testCase),
          authorization: caller.demo,
        };
        const response = await send(transport, request);
        tally.add(`${testCase.operation.operationId} → ${outcomeOf(response)}`);
        expect(
          [
            ...conformanceProblems(testCase.operation, response),
            ...positiveProblems(
              testCase.operation,
              verdict,
              response,
              testCase.documents === undefined ? "" : "/Request",
            ),
          ],
          describeRequest(request),
        ).toEqual([]);
      }),
      budget(250),
    );
    tally.print();
    for (const operationId of positiveOperationIds) {
      const successes = tally.count(`${operationId} → 200`) + tally.count(`${operationId} → 201`);
      expect(successes, `${operationId}: no valid request succeeded`).toBeGreaterThan(0);
    }
  });

  it("answers 401 with a Bearer WWW-Authenticate challenge to a missing or bad token, on every bearer operation", async () => {
    const tally = new Tally("bad credentials");
    // Seeded path ids: a path that routes to no operation (an empty key, `Currencies()`) is 404 before any token check.
    const cases = fc.record({
      generated: fc.constantFrom(...ids(bearerOperations)).chain((operationId) => {
        const operation = operationOf(operationId);
        return fc
          .tuple(anyRequest(operation), seededPathArbitrary(operation, seeds))
          .map(([generated, path]) => ({ ...generated, request: { ...generated.request, path } }));
      }),
      credential: fc.constantFrom(
        ...badCredentials({ id: DEFAULT_CLIENT_ID, secret: DEFAULT_CLIENT_SECRET }, OTHER_USER.id),
      ),
      garbage: fc.stringMatching(/^[A-Za-z0-9\-._~+/]{1,60}$/),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ generated, credential, garbage }) => {
        // The operation's own method: another one is answered 405 before the token is read.
        const { authorization: _valid, method: _method, ...unauthenticated } = generated.request;
        const header = credential.header(caller.demo.slice("Bearer ".length), garbage);
        const request: FuzzRequest =
          header === undefined ? unauthenticated : { ...unauthenticated, authorization: header };
        const response = await send(transport, request);
        tally.add(`${credential.name} → ${response.status}`);
        expect(
          [...conformanceProblems(request.operation, response), ...expectedStatus(response, 401)],
          `${credential.name}: ${describeRequest(request)}`,
        ).toEqual([]);
      }),
      budget(150),
    );
    tally.print();
  });

  it("answers 401 with error=invalid_token on every bearer operation once the token has expired (900 s by the sandbox clock)", async () => {
    sandbox.clock.advance(901);
    try {
      for (const operation of bearerOperations) {
        const [generated] = fc.sample(anyRequest(operation), { numRuns: 1, seed: 7 });
        const { method: _method, ...request } = generated!.request;
        const response = await send(transport, request);
        expect(
          [...conformanceProblems(operation, response), ...expectedStatus(response, 401)],
          operation.operationId,
        ).toEqual([]);
        expect(response.headers["www-authenticate"], operation.operationId).toMatch(/error="invalid_token"/);
      }
    } finally {
      sandbox.clock.advance(-901);
    }
  });

  it("gives every 201 a Location that a GET with the same token resolves to 200 with the created entity", async () => {
    const tally = new Tally("locations");
    const cases = fc
      .constantFrom(...ids(creationOperations))
      .chain((operationId) => positiveCaseArbitrary(operationId, seeds));
    const refill = resetEvery(25);
    await fc.assert(
      fc.asyncProperty(cases, async (testCase) => {
        await refill();
        const request: FuzzRequest = {
          operation: testCase.operation,
          path: testCase.path,
          query: [],
          body: bodyOf(testCase),
          authorization: caller.demo,
        };
        const response = await send(transport, request);
        tally.add(`${testCase.operation.operationId} → ${response.status}`);
        expect(conformanceProblems(testCase.operation, response), describeRequest(request)).toEqual([]);
        if (response.status !== 201) return;
        // The spec types Location as a uri-reference: a relative one resolves against the API's base URL.
        const location = new URL(response.headers["location"] ?? "", sandbox.url).href;
        const target = getOperationAt(location);
        if (target === undefined)
          expect.fail(
            `Location ${JSON.stringify(location)} of ${describeRequest(request)} is no GET operation of the spec`,
          );
        const resolved = await getJson(location, caller.demo);
        expect([...conformanceProblems(target, resolved), ...expectedStatus(resolved, 200)], `GET ${location}`).toEqual(
          [],
        );
        expect((resolved.body as { Id?: unknown }).Id, `GET ${location}`).toBe((response.body as { Id: unknown }).Id);
        const requested = testCase.verdict.ok ? testCase.verdict.value : testCase.body;
        expect(echoProblems(requested, resolved.body), `GET ${location} after ${describeRequest(request)}`).toEqual([]);
      }),
      budget(150),
    );
    tally.print();
    for (const operation of creationOperations)
      expect(
        tally.count(`${operation.operationId} → 201`),
        `${operation.operationId}: nothing was created`,
      ).toBeGreaterThan(0);
  });

  it("changes nothing when it refuses a command: the lists the command could touch read the same before and after", async () => {
    const tally = new Tally("refused commands");
    const commands = new Map(
      commandOperations.map((operation) => [operation.operationId, commandRequestArbitrary(operation, seeds, caller)]),
    );
    const cases = fc.constantFrom(...commands.keys()).chain((operationId) => commands.get(operationId)!);
    await fc.assert(
      fc.asyncProperty(cases, async (request) => {
        const before = await snapshot(request.operation, seeds, caller);
        const response = await send(transport, request);
        tally.add(`${response.status < 300 ? "carried out" : "refused"} ${response.status}`);
        expect(conformanceProblems(request.operation, response), describeRequest(request)).toEqual([]);
        if (response.status < 300) return; // a command carried out may change what it owns
        expect(
          await snapshot(request.operation, seeds, caller),
          `refused with ${response.status} ${response.text.slice(0, 200)}: ${describeRequest(request)}`,
        ).toEqual(before);
      }),
      budget(100),
    );
    tally.print();
  });
});
