/**
 * Any request to any operation, positive and negative mixed, as schemathesis sends them: path parameters mostly
 * seeded, sometimes one that breaks its schema or the path's syntax, query parameters built from the spec, and for
 * an operation with a body one of: a positive case, a body from the schema alone, one broken at a field or as a
 * whole, or a content type the operation does not take. Token endpoints get form bodies: the seeded client and
 * users, or anything their schema allows. Now and then the request goes with a method its path does not take.
 */
import fc from "fast-check";
import type { OperationMetadata } from "@account-funds/client";
import { arbitraryFromSchema } from "./arbitraries-from-schema.js";
import { cached, seedsKey } from "./fuzz-cache.js";
import { bodyOf, type Caller } from "./fuzz-commands.js";
import type { FuzzBody, FuzzRequest } from "./fuzz-http.js";
import {
  fieldMutationOf,
  wholeBodyMutation,
  wrongContentTypes,
  wrongMethodArbitrary,
  wrongPathValues,
} from "./fuzz-negative.js";
import { positiveCaseArbitrary } from "./fuzz-positive.js";
import {
  pathArbitrary,
  queryArbitrary,
  schemaBodyArbitrary,
  schemaOptions,
  seededPathArbitrary,
  type PathValues,
} from "./fuzz-requests.js";
import type { Seeds } from "./fuzz-seeds.js";
import { requestSchemaOf, resolvePointer } from "./fuzz-spec.js";

export interface GeneratedRequest {
  readonly request: FuzzRequest;
}

/** The seeded client and user credentials a token endpoint accepts. */
export interface TokenCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly users: readonly { readonly username: string; readonly password: string }[];
}

function tokenFormArbitrary(
  operation: OperationMetadata,
  credentials: TokenCredentials,
): fc.Arbitrary<Record<string, string>> {
  const schema = requestSchemaOf(operation, "application/x-www-form-urlencoded");
  if (schema === undefined) throw new Error(`${operation.operationId} has no form body`);
  const fromSchema = arbitraryFromSchema(schema, schemaOptions).map((value) =>
    Object.fromEntries(Object.entries(value as object).map(([key, field]) => [key, String(field)])),
  );
  const seeded = fc.constantFrom(...credentials.users).map((user) => ({
    grant_type: "password",
    scope: "serviceFXAPI",
    client_id: credentials.clientId,
    // The mutual-TLS endpoint no longer accepts a client_secret: the certificate stands for it.
    ...(operation.security === "mutualTLS" ? {} : { client_secret: credentials.clientSecret }),
    username: user.username,
    password: user.password,
  }));
  return fc.oneof(seeded, fromSchema);
}

type GeneratedBody = {
  readonly body: FuzzBody | undefined;
  readonly path?: PathValues;
};

function jsonBodyArbitrary(operation: OperationMetadata, seeds: Seeds): fc.Arbitrary<GeneratedBody> {
  const generated = schemaBodyArbitrary(operation);
  const schema = requestSchemaOf(operation, "application/json");
  if (generated === undefined || schema === undefined)
    throw new Error(`${operation.operationId} has no JSON body schema`);
  const json = (value: unknown): GeneratedBody => ({ body: { kind: "json", value } });
  const raw = (text: string, contentType: string | undefined): GeneratedBody => ({
    body: { kind: "raw", text, ...(contentType === undefined ? {} : { contentType }) },
  });
  return fc.oneof(
    {
      weight: 3,
      arbitrary: positiveCaseArbitrary(operation.operationId, seeds).map((testCase) => ({
        body: bodyOf(testCase),
        path: testCase.path,
      })),
    },
    { weight: 2, arbitrary: generated.map(json) },
    {
      weight: 2,
      arbitrary: generated.chain((value) =>
        (fieldMutationOf(schema, value, resolvePointer) ?? fc.constant({ body: value })).map((mutation) =>
          json(mutation.body),
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: generated.chain(wholeBodyMutation).map((mutation) => raw(mutation.text, "application/json")),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(generated, fc.constantFrom(...wrongContentTypes))
        .map(([value, contentType]) => raw(JSON.stringify(value), contentType)),
    },
  );
}

function bodyArbitrary(
  operation: OperationMetadata,
  seeds: Seeds,
  credentials: TokenCredentials,
): fc.Arbitrary<GeneratedBody> {
  if (operation.requestBody === undefined) return fc.constant({ body: undefined });
  if (operation.requestBody.mediaTypes.includes("application/x-www-form-urlencoded")) {
    return tokenFormArbitrary(operation, credentials).map((fields) => ({ body: { kind: "form", fields } }));
  }
  return jsonBodyArbitrary(operation, seeds);
}

/** A seeded path with one parameter replaced by a value that breaks its schema or the path's syntax. */
function brokenPathArbitrary(operation: OperationMetadata, seeds: Seeds): fc.Arbitrary<PathValues> {
  const sites = wrongPathValues(operation);
  if (sites.length === 0) return pathArbitrary(operation, seeds);
  return fc
    .tuple(
      seededPathArbitrary(operation, seeds),
      fc
        .constantFrom(...sites)
        .chain(({ name, values }) => fc.constantFrom(...values).map((value) => ({ name, value }))),
    )
    .map(([path, wrong]) => ({ ...path, [wrong.name]: wrong.value }));
}

/** Built once per operation (and seeds); bearer operations go mostly as the demo user, sometimes as the other. */
export const anyRequestArbitrary = cached(
  (
    operation: OperationMetadata,
    seeds: Seeds,
    caller: Caller,
    credentials: TokenCredentials,
  ): fc.Arbitrary<GeneratedRequest> => {
    const authorization =
      operation.security === "bearer"
        ? fc.oneof(
            { weight: 5, arbitrary: fc.constant(caller.demo) },
            { weight: 1, arbitrary: fc.constant(caller.other) },
          )
        : fc.constant(undefined);
    return fc
      .record({
        path: fc.oneof(
          { weight: 9, arbitrary: pathArbitrary(operation, seeds) },
          brokenPathArbitrary(operation, seeds),
        ),
        query: queryArbitrary(operation, seeds),
        body: bodyArbitrary(operation, seeds, credentials),
        authorization,
        method: fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, wrongMethodArbitrary(operation)),
      })
      .map(({ path, query, body, authorization, method }) => ({
        request: {
          operation,
          ...(method === undefined ? {} : { method }),
          path: body.path ?? path,
          query,
          ...(body.body === undefined ? {} : { body: body.body }),
          ...(authorization === undefined ? {} : { authorization }),
        },
      }));
  },
  (operation: OperationMetadata, seeds: Seeds) => `${operation.operationId}@${seedsKey(seeds)}`,
);
