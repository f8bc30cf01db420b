/**
 * `src/operations.ts`: what the runtime knows of each operation (`OperationMetadata`): method and path, client
 * name, parameter names, body media types, responses, success statuses, security, its own server, OData shape.
 * `as const satisfies` keeps the literal types (for the client's typings) and checks the shape.
 */
import type { OperationMetadata } from "../../runtime/operations/operation-metadata.js";
import type { OperationModel } from "../model/model.js";
import { writeLiteral, type LiteralValue } from "../print/literal.js";
import { createTypeScriptFile, printTypeScriptFile } from "../print/typescript-file.js";
import type { Emitter } from "./emitter.js";
import { runtimeSpecifier } from "./runtime-modules.js";
import { VariableDeclarationKind } from "../print/ts-morph.js";

export function operationMetadata(operation: OperationModel): OperationMetadata {
  const server = operation.servers?.[0];
  const responses: { [status: string]: { mediaType?: string; headers?: readonly string[] } } = {};
  for (const response of operation.responses) {
    const mediaType = response.contents[0]?.mediaType;
    responses[response.status] = {
      ...(mediaType === undefined ? {} : { mediaType }),
      ...(response.requiredHeaders.length === 0 ? {} : { headers: response.requiredHeaders }),
    };
  }
  const odata = operation.odataList !== undefined ? "list" : operation.odataEntity !== undefined ? "entity" : undefined;
  return {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    group: operation.group,
    clientMethod: operation.clientMethod,
    pathParameters: operation.pathParameters.map((parameter) => parameter.name),
    queryParameters: operation.queryParameters.map((parameter) => parameter.name),
    ...(operation.requestBody === undefined
      ? {}
      : {
          requestBody: {
            required: operation.requestBody.required,
            mediaTypes: operation.requestBody.contents.map((media) => media.mediaType),
          },
        }),
    responses,
    successStatuses: operation.responses.filter((response) => response.success).map((response) => response.status),
    security: operation.security,
    ...(server === undefined
      ? {}
      : {
          server: {
            url: server.url,
            variables: Object.fromEntries(
              Object.entries(server.variables).map(([name, variable]) => [name, variable.default]),
            ),
          },
        }),
    ...(odata === undefined ? {} : { odata }),
  };
}

export const operationsEmitter: Emitter = {
  name: "operations",
  async emit({ model }) {
    const file = createTypeScriptFile("operations.ts");
    file.addImportDeclaration({
      isTypeOnly: true,
      namedImports: ["OperationMetadata"],
      moduleSpecifier: runtimeSpecifier("operationMetadata"),
    });
    const metadata = Object.fromEntries(
      model.operations.map((operation) => [operation.operationId, operationMetadata(operation)]),
    );
    const byId = new Map(model.operations.map((operation) => [operation.operationId, operation]));
    const comment = (path: readonly string[]): string | undefined => {
      const operation = path.length === 1 && path[0] !== undefined ? byId.get(path[0]) : undefined;
      if (operation === undefined) return undefined;
      const call = `${operation.method.toUpperCase()} ${operation.path}`;
      return operation.summary === "" ? call : `${operation.summary}: \`${call}\``;
    };
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ["Every operation of the API by operationId, as the client runtime reads it."],
      declarations: [
        {
          name: "operations",
          initializer: (writer) => {
            writeLiteral(writer, metadata as unknown as LiteralValue, comment);
            writer.write(" as const satisfies Record<string, OperationMetadata>");
          },
        },
      ],
    });
    file.addTypeAlias({
      name: "OperationId",
      isExported: true,
      type: "keyof typeof operations",
      docs: ["The operationId of any operation of the API."],
    });
    const what = "Metadata of every operation of the API, read by the client at run time.";
    return [{ path: "src/operations.ts", contents: await printTypeScriptFile(file, model.source, what) }];
  },
};
