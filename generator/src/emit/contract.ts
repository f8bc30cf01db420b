/**
 * `src/contract.ts` (`@account-funds/client/contract`): what a server of the contract checks requests against, as
 * data, so that it reads no JSON pointer or `$ref` itself: every operation's parameters (name, location, required,
 * scalar type, schema with its `$ref`s inlined) and the entity schema of its OData options, and the shape of each
 * such entity (runtime/operations/operation-contract.ts says what a shape holds). The sandbox reads it; the client's entry
 * points never import it, so none of it lands in a client bundle.
 */
import type {
  EntityShape,
  OperationContractMetadata,
  ParameterMetadata,
} from "../../runtime/operations/operation-contract.js";
import type { OperationModel, ParameterModel } from "../model/model.js";
import { jsonLiteral, writeLiteral } from "../print/literal.js";
import { VariableDeclarationKind } from "../print/ts-morph.js";
import { createTypeScriptFile, printTypeScriptFile } from "../print/typescript-file.js";
import type { Emitter } from "./emitter.js";
import { runtimeSpecifier } from "./runtime-modules.js";

export function operationContract(operation: OperationModel): OperationContractMetadata {
  const entitySchema = operation.odataList?.entitySchema ?? operation.odataEntity?.entitySchema;
  return {
    parameters: [...operation.pathParameters, ...operation.queryParameters].map(parameterMetadata),
    ...(entitySchema === undefined ? {} : { entitySchema }),
  };
}

function parameterMetadata(parameter: ParameterModel): ParameterMetadata {
  return {
    name: parameter.name,
    in: parameter.in === "path" ? "path" : "query",
    required: parameter.required,
    type: parameter.scalarType,
    schema: parameter.schema,
  };
}

export const contractEmitter: Emitter = {
  name: "contract",
  async emit({ model }) {
    const file = createTypeScriptFile("contract.ts");
    const runtime = runtimeSpecifier("operationContract");
    file.addImportDeclaration({ isTypeOnly: true, namedImports: ["OperationId"], moduleSpecifier: "./operations.js" });
    file.addImportDeclaration({
      isTypeOnly: true,
      namedImports: ["EntityShape", "OperationContractMetadata"],
      moduleSpecifier: runtime,
    });
    file.addExportDeclaration({
      isTypeOnly: true,
      namedExports: [
        "EntityPropertyKind",
        "EntityShape",
        "OperationContractMetadata",
        "ParameterMetadata",
        "ScalarType",
      ],
      moduleSpecifier: runtime,
    });

    const byId = new Map(model.operations.map((operation) => [operation.operationId, operation]));
    const comment = (path: readonly string[]): string | undefined => {
      const operation = path.length === 1 && path[0] !== undefined ? byId.get(path[0]) : undefined;
      return operation === undefined ? undefined : `${operation.method.toUpperCase()} ${operation.path}`;
    };
    const contracts = jsonLiteral(
      Object.fromEntries(model.operations.map((operation) => [operation.operationId, operationContract(operation)])),
    );
    const shapes: { [schema: string]: EntityShape } = {};
    for (const schema of model.schemas) if (schema.entityShape !== undefined) shapes[schema.name] = schema.entityShape;

    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        "Every operation's parameters and OData entity, by operationId: what a server of the contract checks a request against.",
      ],
      declarations: [
        {
          name: "operationContracts",
          type: "{ readonly [K in OperationId]: OperationContractMetadata }",
          initializer: (writer) => writeLiteral(writer, contracts, comment),
        },
      ],
    });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        "The shape of every entity an OData operation returns, by schema name: what `$filter`, `$select` and `$orderby` may name.",
      ],
      declarations: [
        {
          name: "entityShapes",
          type: "{ readonly [schema: string]: EntityShape }",
          initializer: (writer) => writeLiteral(writer, jsonLiteral(shapes)),
        },
      ],
    });
    const what =
      "What a server of the contract checks requests against: parameters and OData entity shapes. The client never imports it.";
    return [{ path: "src/contract.ts", contents: await printTypeScriptFile(file, model.source, what) }];
  },
};
