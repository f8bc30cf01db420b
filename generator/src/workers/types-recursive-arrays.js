// @ts-check
/**
 * openapi-typescript's component types, with an array that makes a schema contain itself given a name.
 *
 * A schema whose own type holds an array of itself outside any object (JSON: `oneOf: [string, number, boolean,
 * object, {type: array, items: {$ref: itself}}]`) prints as `Json: string | ... | components["schemas"]["Json"][]`,
 * which TypeScript refuses (TS2502: a property's type may not refer to itself but through an object type).
 * openapi-typescript 7.13 prints it so (its issue #1603); Vercel's spec has one. An interface is resolved lazily,
 * so the array becomes `export interface JsonArray extends Array<components["schemas"]["Json"]> {}`: the
 * same type (assignable both ways), under a name. Only arrays on such a cycle change (also through other schemas:
 * `A: string | B[]` with `B: number | A`); every other type stays as printed. A cycle with no array on it (`A: B`,
 * `B: A | string`) or through a tuple or `Record` is left as it is: no type can say it in TypeScript.
 */
import { createRequire } from "node:module";

/** @type {typeof import("typescript")} */
const ts = createRequire(import.meta.url)("typescript");

/**
 * @param {readonly import("typescript").Node[]} nodes openapi-typescript's statements
 * @param {readonly string[]} [reserved] names the array interfaces must not take (the schemas' named types)
 * @returns {import("typescript").Node[]}
 */
export function withRecursiveArraysNamed(nodes, reserved = []) {
  const components = nodes.find((node) => ts.isInterfaceDeclaration(node) && node.name.text === "components");
  if (components === undefined || !ts.isInterfaceDeclaration(components)) return [...nodes];
  const schemas = components.members.find((member) => propertyName(member) === "schemas");
  if (schemas === undefined || !ts.isPropertySignature(schemas) || schemas.type === undefined) return [...nodes];
  if (!ts.isTypeLiteralNode(schemas.type)) return [...nodes];

  /** @type {Map<string, { from: string, to: string, array: import("typescript").ArrayTypeNode | undefined }[]>} */
  const edges = new Map();
  for (const member of schemas.type.members) {
    const name = propertyName(member);
    if (name === undefined || !ts.isPropertySignature(member) || member.type === undefined) continue;
    edges.set(name, eagerReferences(name, member.type));
  }
  const cyclic = cyclicEdges(edges);
  /** @type {Map<import("typescript").ArrayTypeNode, string>} the arrays to name, and the schema each is in */
  const arrays = new Map();
  for (const edge of cyclic) if (edge.array !== undefined) arrays.set(edge.array, edge.from);
  if (arrays.size === 0) return [...nodes];

  const taken = new Set([...reserved, ...nodes.flatMap((node) => declaredName(node) ?? [])]);
  /** @type {Map<import("typescript").ArrayTypeNode, string>} */
  const names = new Map();
  for (const [array, schema] of arrays) {
    const base = `${identifierOf(schema)}Array`;
    let name = base;
    for (let index = 2; taken.has(name); index++) name = `${base}${index}`;
    taken.add(name);
    names.set(array, name);
  }
  /** @type {import("typescript").InterfaceDeclaration[]} */
  const declarations = [];
  /** @type {import("typescript").Visitor} */
  const visit = (node) => {
    const visited = ts.visitEachChild(node, visit, undefined);
    const name = ts.isArrayTypeNode(node) ? names.get(node) : undefined;
    if (name === undefined || !ts.isArrayTypeNode(visited)) return visited;
    // Exported: a caller's exported value of this type must be able to name it in its declarations (TS4023).
    const declaration = ts.factory.createInterfaceDeclaration(
      [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)],
      name,
      undefined,
      [
        ts.factory.createHeritageClause(ts.SyntaxKind.ExtendsKeyword, [
          ts.factory.createExpressionWithTypeArguments(ts.factory.createIdentifier("Array"), [visited.elementType]),
        ]),
      ],
      [],
    );
    ts.addSyntheticLeadingComment(
      declaration,
      ts.SyntaxKind.MultiLineCommentTrivia,
      `*\n * An array of "${arrays.get(node)}" inside its own type: an interface, which TypeScript resolves lazily, so\n * that the type may contain itself (an array type there is TS2502).\n `,
      true,
    );
    declarations.push(declaration);
    return ts.factory.createTypeReferenceNode(name);
  };
  const rewritten = nodes.map((node) => (node === components ? ts.visitNode(node, visit) : node));
  return [...rewritten, ...declarations];
}

/**
 * The component schemas `type` refers to where TypeScript resolves them at once: anywhere but inside an object
 * type (`{ ... }`, a mapped type), each with the innermost array it is in.
 * @param {string} from
 * @param {import("typescript").TypeNode} type
 */
function eagerReferences(from, type) {
  /** @type {{ from: string, to: string, array: import("typescript").ArrayTypeNode | undefined }[]} */
  const found = [];
  /** @param {import("typescript").Node} node @param {import("typescript").ArrayTypeNode | undefined} array */
  const walk = (node, array) => {
    if (ts.isTypeLiteralNode(node) || ts.isMappedTypeNode(node) || ts.isFunctionTypeNode(node)) return;
    const to = schemaReference(node);
    if (to !== undefined) return void found.push({ from, to, array });
    if (ts.isArrayTypeNode(node)) return walk(node.elementType, node);
    ts.forEachChild(node, (child) => walk(child, array));
  };
  walk(type, undefined);
  return found;
}

/**
 * `components["schemas"]["Name"]` → `Name`.
 * @param {import("typescript").Node} node
 */
function schemaReference(node) {
  if (!ts.isIndexedAccessTypeNode(node)) return undefined;
  const outer = node.objectType;
  if (!ts.isIndexedAccessTypeNode(outer)) return undefined;
  const root = outer.objectType;
  if (!ts.isTypeReferenceNode(root) || !ts.isIdentifier(root.typeName) || root.typeName.text !== "components")
    return undefined;
  if (literalText(outer.indexType) !== "schemas") return undefined;
  return literalText(node.indexType);
}

/** @param {import("typescript").TypeNode} node */
function literalText(node) {
  return ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal) ? node.literal.text : undefined;
}

/**
 * The edges that lie on a cycle: both ends in one strongly connected component (Tarjan), a self-reference included.
 * @template {{ from: string, to: string }} E
 * @param {Map<string, E[]>} edges
 * @returns {E[]}
 */
function cyclicEdges(edges) {
  /** @type {Map<string, number>} */
  const index = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  /** @type {Map<string, number>} */
  const component = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  /** @param {string} node */
  const connect = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const { to } of edges.get(node) ?? []) {
      if (!edges.has(to)) continue;
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const root = index.get(node) ?? 0;
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.set(member, root);
      if (member === node) break;
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) connect(node);
  return [...edges.values()].flat().filter(({ from, to }) => {
    const at = component.get(to);
    return at !== undefined && at === component.get(from);
  });
}

/** @param {import("typescript").TypeElement} member */
function propertyName(member) {
  const name = member.name;
  if (name === undefined) return undefined;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** @param {import("typescript").Node} node */
function declaredName(node) {
  return ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) ? node.name.text : undefined;
}

/** A schema name as the start of a TypeScript identifier: `edge-config.item` → `EdgeConfigItem`. @param {string} name */
function identifierOf(name) {
  const words = name.split(/[^A-Za-z0-9_$]+/).filter((word) => word !== "");
  const joined = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
  return /^[0-9]/.test(joined) || joined === "" ? `_${joined}` : joined;
}
