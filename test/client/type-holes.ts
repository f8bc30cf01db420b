/**
 * Where the generated types are `unknown` (or `any`) inside a request or response body: every operation's
 * request body and every response body of `generated/src/types.ts`, followed through `components[...]`
 * references and the schemas' named types with the TypeScript compiler's checker. A place is named by where its
 * `unknown` is declared, as the chain of names leading to it in types.ts, a schema's named type by its place in
 * `components`: `components/schemas/CountryDto/*` (`*`: an index signature or a `Record` value),
 * `components/schemas/DepositDto/Narrative/[]` (`[]`: the items of an array).
 */
import ts from "typescript";

export interface TypeHole {
  /** Where the `unknown` is declared: `components/schemas/PartyIdentificationDto/Properties/*`. */
  readonly place: string;
  /** A body that reaches it: `getAccount 200 application/json`. */
  readonly reachedFrom: string;
}

/** Every `unknown`/`any` reachable from a body of `operations`, once per place (the first body that reaches it). */
export function typeHoles(typesFile: string): TypeHole[] {
  const program = ts.createProgram([typesFile], { strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(typesFile);
  if (source === undefined) throw new Error(`cannot read ${typesFile}`);
  const operations = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === "operations",
  );
  if (operations === undefined) throw new Error(`${typesFile} declares no interface operations`);

  const schemaOf = schemaNames(source);
  const holes = new Map<string, TypeHole>();
  const visited = new Set<ts.Node>();
  const visit = (node: ts.TypeNode, reachedFrom: string): void => {
    if (node.kind === ts.SyntaxKind.UnknownKeyword || node.kind === ts.SyntaxKind.AnyKeyword) {
      const place = placeOf(node, schemaOf);
      if (!holes.has(place)) holes.set(place, { place, reachedFrom });
      return;
    }
    if (ts.isTypeLiteralNode(node)) {
      for (const member of node.members) {
        if ((ts.isPropertySignature(member) || ts.isIndexSignatureDeclaration(member)) && member.type !== undefined)
          visit(member.type, reachedFrom);
        else
          throw new Error(
            `${placeOf(member, schemaOf)}: a member the check does not know (${ts.SyntaxKind[member.kind]})`,
          );
      }
    } else if (ts.isUnionTypeNode(node) || ts.isIntersectionTypeNode(node)) {
      for (const type of node.types) visit(type, reachedFrom);
    } else if (ts.isParenthesizedTypeNode(node)) {
      visit(node.type, reachedFrom);
    } else if (ts.isArrayTypeNode(node)) {
      visit(node.elementType, reachedFrom);
    } else if (
      ts.isTypeReferenceNode(node) &&
      node.typeName.getText() === "Record" &&
      node.typeArguments?.length === 2
    ) {
      visit(node.typeArguments[1]!, reachedFrom);
    } else if (
      ts.isTypeReferenceNode(node) &&
      node.typeName.getText() === "WithRequired" &&
      node.typeArguments?.length === 2
    ) {
      // openapi-typescript's `T & { [P in K]-?: T[P] }` (an allOf that adds `required`): T's members, made required.
      visit(node.typeArguments[0]!, reachedFrom);
    } else if (ts.isIndexedAccessTypeNode(node)) {
      const declaration = declarationOf(checker, node);
      if (visited.has(declaration)) return;
      visited.add(declaration);
      visit(declaration.type, reachedFrom);
    } else if (ts.isTypeReferenceNode(node) && schemaOf.has(node.typeName.getText())) {
      // A schema's named type (`TransferDto`, declared `export type TransferDto = { ... }`).
      const declaration = checker
        .getSymbolAtLocation(node.typeName)
        ?.declarations?.find((candidate) => ts.isTypeAliasDeclaration(candidate));
      if (declaration === undefined) throw new Error(`${node.getText()} declares no type alias`);
      if (visited.has(declaration)) return;
      visited.add(declaration);
      visit(declaration.type, reachedFrom);
    } else if (!isLeaf(node)) {
      // A construct this walk does not follow could hide a hole: fail rather than pass it by.
      throw new Error(
        `${placeOf(node, schemaOf)}: a type the check does not know (${ts.SyntaxKind[node.kind]}: ${node.getText()})`,
      );
    }
  };

  for (const operation of operations.members) {
    if (!ts.isPropertySignature(operation) || operation.type === undefined || !ts.isTypeLiteralNode(operation.type))
      continue;
    const operationId = nameOf(operation);
    const requestBody = memberType(operation.type, "requestBody");
    if (requestBody !== undefined) {
      for (const [mediaType, body] of contentOf(checker, requestBody))
        visit(body, `${operationId} request ${mediaType}`);
    }
    const responses = memberType(operation.type, "responses");
    if (responses !== undefined && ts.isTypeLiteralNode(responses)) {
      for (const response of responses.members) {
        if (!ts.isPropertySignature(response) || response.type === undefined) continue;
        // Only `content`: response headers are not bodies (openapi-typescript leaves them an open index signature).
        for (const [mediaType, body] of contentOf(checker, response.type))
          visit(body, `${operationId} ${nameOf(response)} ${mediaType}`);
      }
    }
  }
  return [...holes.values()].sort((a, b) => (a.place < b.place ? -1 : a.place > b.place ? 1 : 0));
}

/** The schemas' named types, each with its schema's name: `components.schemas` maps `TransferDto: TransferDto`. */
function schemaNames(source: ts.SourceFile): Map<string, string> {
  const components = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === "components",
  );
  const schemas = components?.members.find(
    (member): member is ts.PropertySignature => ts.isPropertySignature(member) && nameOf(member) === "schemas",
  )?.type;
  const names = new Map<string, string>();
  if (schemas === undefined || !ts.isTypeLiteralNode(schemas)) return names;
  for (const member of schemas.members) {
    if (ts.isPropertySignature(member) && member.type !== undefined && ts.isTypeReferenceNode(member.type))
      names.set(member.type.typeName.getText(), nameOf(member));
  }
  return names;
}

/** The media types of a request body or response (inline, or a `components[...]` reference) and their types. */
function contentOf(checker: ts.TypeChecker, node: ts.TypeNode): [string, ts.TypeNode][] {
  const resolved = ts.isIndexedAccessTypeNode(node) ? declarationOf(checker, node).type : node;
  if (!ts.isTypeLiteralNode(resolved)) return []; // `never`: no body
  const content = memberType(resolved, "content");
  if (content === undefined || !ts.isTypeLiteralNode(content)) return [];
  return content.members.flatMap((media) =>
    ts.isPropertySignature(media) && media.type !== undefined
      ? [[nameOf(media), media.type] as [string, ts.TypeNode]]
      : [],
  );
}

/** The property a `components["schemas"]["X"]` (or `operations["x"]`) reference names, through the checker. */
function declarationOf(
  checker: ts.TypeChecker,
  node: ts.IndexedAccessTypeNode,
): ts.PropertySignature & { type: ts.TypeNode } {
  const index = node.indexType;
  if (!ts.isLiteralTypeNode(index) || !ts.isStringLiteral(index.literal))
    throw new Error(`an index the check does not know: ${node.getText()}`);
  const property = checker.getPropertyOfType(checker.getTypeAtLocation(node.objectType), index.literal.text);
  const declaration = property?.valueDeclaration;
  if (declaration === undefined || !ts.isPropertySignature(declaration) || declaration.type === undefined) {
    throw new Error(`${node.getText()} resolves to no property signature`);
  }
  return declaration as ts.PropertySignature & { type: ts.TypeNode };
}

/** Types with nothing inside them: keywords other than `unknown`/`any`, literals, `never`. */
function isLeaf(node: ts.TypeNode): boolean {
  return (
    ts.isLiteralTypeNode(node) ||
    [
      ts.SyntaxKind.StringKeyword,
      ts.SyntaxKind.NumberKeyword,
      ts.SyntaxKind.BooleanKeyword,
      ts.SyntaxKind.NeverKeyword,
      ts.SyntaxKind.UndefinedKeyword,
      ts.SyntaxKind.NullKeyword,
    ].includes(node.kind)
  );
}

function memberType(literal: ts.TypeLiteralNode, name: string): ts.TypeNode | undefined {
  const member = literal.members.find((candidate) => ts.isPropertySignature(candidate) && nameOf(candidate) === name);
  return member !== undefined && ts.isPropertySignature(member) ? member.type : undefined;
}

function nameOf(member: ts.PropertySignature): string {
  const name = member.name;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : name.getText();
}

/**
 * `components/schemas/CountryDto/*`: the names of the declarations around `node`, outermost first; a schema's named
 * type (`schemaOf`) by its place in `components`.
 */
function placeOf(node: ts.Node, schemaOf: ReadonlyMap<string, string>): string {
  const segments: string[] = [];
  for (
    let child: ts.Node = node, parent = node.parent;
    parent !== undefined && !ts.isSourceFile(parent);
    child = parent, parent = parent.parent
  ) {
    if (ts.isPropertySignature(parent)) segments.push(nameOf(parent));
    else if (ts.isIndexSignatureDeclaration(parent)) segments.push("*");
    else if (ts.isArrayTypeNode(parent)) segments.push("[]");
    else if (ts.isTypeReferenceNode(parent) && parent.typeArguments?.[1] === child) segments.push("*");
    else if (ts.isInterfaceDeclaration(parent)) segments.push(parent.name.text);
    else if (ts.isTypeAliasDeclaration(parent) && schemaOf.has(parent.name.text))
      segments.push(schemaOf.get(parent.name.text) ?? "", "schemas", "components");
  }
  return segments.reverse().join("/");
}
