/**
 * The façade's method signatures, printed from the client's surface (client-surface.ts): one interface per resource
 * group, each method typed from openapi-typescript's `operations` through the exported operation type aliases, and
 * each OData GET as an `ODataListMethod`/`ODataEntityMethod` property. client.ts puts them in src/client.ts.
 */
import type {
  InterfaceDeclarationStructure,
  OptionalKind,
  ParameterDeclarationStructure,
  TypeAliasDeclarationStructure,
} from "ts-morph";
import type { OperationModel } from "../model/model.js";
import { propertyName } from "../print/names.js";
import { jsDocText } from "../print/typescript-file.js";
import {
  methodParameters,
  takesParameterOptions,
  type ClientGroup,
  type MethodParameter,
  type OperationTypeAliasName,
} from "./client-surface.js";
import type { EntityPaths } from "./odata-paths.js";

export function groupInterface(
  group: ClientGroup,
  entities: ReadonlyMap<string, EntityPaths>,
): OptionalKind<InterfaceDeclarationStructure> {
  const methods: NonNullable<InterfaceDeclarationStructure["methods"]> = [];
  const properties: NonNullable<InterfaceDeclarationStructure["properties"]> = [];
  for (const { operation, kind, entity, parameters } of group.methods) {
    const docs = [operationDoc(operation)];
    const id = JSON.stringify(operation.operationId);
    if (entity !== undefined) {
      const pathTuple = parameters
        .filter((parameter) => parameter.slot.kind === "path")
        .map((parameter) => `${parameter.name}: ${slotType(parameter, id)}`);
      const paths = entities.has(entity) ? `, ODataEntities[${JSON.stringify(entity)}]` : "";
      const type = `${kind === "list" ? "ODataListMethod" : "ODataEntityMethod"}<M, [${pathTuple.join(", ")}], Schema<${JSON.stringify(entity)}>, OperationData<${id}>, OperationResponse<${id}>${paths}>`;
      properties.push({ name: propertyName(operation.clientMethod), docs, type });
      continue;
    }
    methods.push({
      name: propertyName(operation.clientMethod),
      docs,
      parameters: parameters.map((parameter) => signatureParameter(parameter, id, takesParameterOptions(operation))),
      returnType: `OperationResult<M, ${id}>`,
    });
  }
  return {
    name: group.interfaceName,
    isExported: true,
    typeParameters: [{ name: "M", constraint: "ResultMode", default: '"data"' }],
    docs: [`The \`${group.name}\` methods of the client.`],
    properties,
    methods,
  };
}

/**
 * The façade's signatures name operations by operationId through these aliases. They are exported (and re-exported
 * by the package entry), so every type a public signature uses can be named by consumers.
 */
export const operationTypeAliases = {
  Operation: {
    typeParameters: ["K extends keyof OperationTypes"],
    type: "OperationTypes[K]",
    docs: ["openapi-typescript's type of the operation with operationId `K`: `operations[K]`."],
  },
  OperationPathParam: {
    typeParameters: ["K extends keyof OperationTypes", "N extends string"],
    type: "PathParamOf<OperationTypes[K], N>",
    docs: ['The type of path parameter `N` of operation `K`: `OperationPathParam<"getAccount", "id">`.'],
  },
  OperationBody: {
    typeParameters: ["K extends keyof OperationTypes"],
    type: "RequestBodyOf<OperationTypes[K]>",
    docs: ["The request body the method of operation `K` takes: the JSON or form body, or `multipart(...)`."],
  },
  OperationQuery: {
    typeParameters: ["K extends keyof OperationTypes"],
    type: "QueryOf<OperationTypes[K]>",
    docs: ["The query object the method of operation `K` takes (`never` when it takes none)."],
  },
  OperationData: {
    typeParameters: ["K extends keyof OperationTypes"],
    type: "DefaultResultOf<OperationTypes[K]>",
    docs: [
      [
        "What the method of operation `K` resolves to: the success body (`TransferDto`, the schema's named type), a",
        "`Created` for a 201, `void` without content.",
      ].join("\n"),
    ],
  },
  OperationResponse: {
    typeParameters: ["K extends keyof OperationTypes"],
    type: "RawResultOf<OperationTypes[K]>",
    docs: [
      [
        "What the `withResponse` method of operation `K` resolves to: one `RawSuccess` or `RawFailure` per declared",
        "status, narrowed by `status` (or `ok`).",
      ].join("\n"),
    ],
  },
  OperationResult: {
    typeParameters: ["M extends ResultMode", "K extends keyof OperationTypes"],
    type: "MethodResult<M, OperationData<K>, OperationResponse<K>>",
    docs: [
      [
        'What the method of operation `K` returns: with `"data"` a promise of `OperationData<K>`, with `"raw"`',
        "(`withResponse`) of `OperationResponse<K>`.",
      ].join("\n"),
    ],
  },
  Schema: {
    typeParameters: ['N extends keyof components["schemas"]'],
    type: 'components["schemas"][N]',
    docs: ['A schema of the spec by name: `Schema<"AccountDto">` (the same type as the named export `AccountDto`).'],
  },
} satisfies Record<OperationTypeAliasName, Omit<OptionalKind<TypeAliasDeclarationStructure>, "name">>;

/** The method's parameters as declared (`argumentSlots` order; client-surface.ts decides names and optionality). */
export function signatureParameters(operation: OperationModel): OptionalKind<ParameterDeclarationStructure>[] {
  const id = JSON.stringify(operation.operationId);
  const withParameters = takesParameterOptions(operation);
  return methodParameters(operation).map((parameter) => signatureParameter(parameter, id, withParameters));
}

function signatureParameter(
  parameter: MethodParameter,
  id: string,
  withParameters = false,
): OptionalKind<ParameterDeclarationStructure> {
  const type =
    parameter.slot.kind === "init" && withParameters
      ? `CallOptions & ParameterOptionsOf<Operation<${id}>>`
      : slotType(parameter, id);
  return {
    name: parameter.name,
    type: parameter.undefinedAllowed ? `${type} | undefined` : type,
    hasQuestionToken: parameter.optional,
  };
}

function slotType({ slot }: MethodParameter, id: string): string {
  switch (slot.kind) {
    case "path":
      return `OperationPathParam<${id}, ${JSON.stringify(slot.name)}>`;
    case "body":
      return `OperationBody<${id}>`;
    case "query":
      return `OperationQuery<${id}>`;
    case "init":
      return "CallOptions";
  }
}

function operationDoc(operation: OperationModel): string {
  const lines: string[] = [];
  if (operation.summary !== "") lines.push(`${jsDocText(operation.summary)}.`.replace(/\.\.$/, "."));
  if (operation.description !== "" && operation.description !== operation.summary)
    lines.push("", jsDocText(operation.description));
  lines.push("", `\`${operation.method.toUpperCase()} ${operation.path}\` (\`${operation.operationId}\`)`);
  return lines.join("\n").replace(/^\n+/, "");
}
