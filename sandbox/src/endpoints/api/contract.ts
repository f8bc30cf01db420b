/**
 * What the pipeline knows of each operation, all of it generated from the spec the client was generated from:
 * the runtime metadata (`operationMetadata`), the parameters with their scalar types and schemas and the OData
 * entity shapes (`@account-funds/client/contract`), and the precompiled request and response validators. The
 * sandbox reads no JSON pointer and no `$ref`: the generator resolved them. Built once at start-up.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import {
  loadOperationValidators,
  operationMetadata,
  type OperationId,
  type OperationMetadata,
} from "@account-funds/client";
import {
  entityShapes,
  operationContracts,
  type EntityShape,
  type ParameterMetadata,
} from "@account-funds/client/contract";
import { addAccountFundsFormats } from "@account-funds/validators";

// ajv-formats is CommonJS: under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** A declared parameter: name, location, whether required, the JSON type its text is read as, and its schema. */
export type ParameterSpec = ParameterMetadata;

export interface OperationContract {
  readonly operationId: OperationId;
  readonly metadata: OperationMetadata;
  readonly parameters: readonly ParameterSpec[];
  /** Checks `{ path: {...}, query: {...} }` after the text is turned into typed values. */
  readonly checkParameters: ValidateFunction;
  /** For OData lists and entities: the properties `$filter`, `$select` and `$orderby` may name. */
  readonly entityShape?: EntityShape;
}

export interface Contract {
  readonly operations: ReadonlyMap<string, OperationContract>;
  readonly validators: Awaited<ReturnType<typeof loadOperationValidators>>;
}

/** One object schema over the typed path and query values: each parameter's own schema, `required` as declared. */
function parametersSchema(parameters: readonly ParameterSpec[]): object {
  const location = (where: ParameterSpec["in"]) => {
    const declared = parameters.filter((parameter) => parameter.in === where);
    return {
      type: "object",
      properties: Object.fromEntries(declared.map((parameter) => [parameter.name, parameter.schema])),
      required: declared.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    };
  };
  return { type: "object", properties: { path: location("path"), query: location("query") } };
}

let loaded: Promise<Contract> | undefined;

/**
 * The contract, built once per process: it is immutable, so every sandbox of a process (a test suite making one
 * per test with `createSandbox`) shares it instead of compiling the parameter schemas again.
 */
export function loadContract(): Promise<Contract> {
  return (loaded ??= buildContract());
}

async function buildContract(): Promise<Contract> {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  addAccountFundsFormats(ajv);
  const operations = new Map<string, OperationContract>();
  for (const metadata of Object.values(operationMetadata)) {
    const { parameters, entitySchema } = operationContracts[metadata.operationId];
    const entityShape = entitySchema === undefined ? undefined : entityShapes[entitySchema];
    if (entitySchema !== undefined && entityShape === undefined)
      throw new Error(`${metadata.operationId}: no entity shape for ${entitySchema}`);
    operations.set(metadata.operationId, {
      operationId: metadata.operationId,
      metadata,
      parameters,
      checkParameters: ajv.compile(parametersSchema(parameters)),
      ...(entityShape === undefined ? {} : { entityShape }),
    });
  }
  return { operations, validators: await loadOperationValidators() };
}

export type { OperationId };
