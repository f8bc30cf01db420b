// @ts-check
/**
 * openapi-typescript's component schemas, each declared as a named type: `components["schemas"]["TransferDto"]`
 * becomes `TransferDto`, declared beside `components` as `export type TransferDto = { ... }` with the schema's
 * JSDoc, and `components.schemas.TransferDto: TransferDto`.
 *
 * openapi-typescript prints every schema as a member of `components.schemas`, an anonymous object type; TypeScript
 * names a type in hovers and errors only by the declaration that made it, so `schemas.ts`'s
 * `type TransferDto = components["schemas"]["TransferDto"]` printed as the 600 characters of the object, and a
 * union of routing types as its nine members written out. A type alias names the object, union or intersection it
 * declares, everywhere it is reached (`components["schemas"][...]` in a response, a request body, another schema).
 * An alias and not an interface: a type alias of an object literal keeps the literal's implicit index signature
 * (assignable to `Record<string, unknown>`) and its unions, as the member was. The names are the model's
 * (model/type-names.ts), so they are `schemas.ts`'s exports. A cycle the member form allowed stays allowed: an
 * alias resolves what the member resolved, when it resolved it.
 */
import { createRequire } from "node:module";

/** @type {typeof import("typescript")} */
const ts = createRequire(import.meta.url)("typescript");

/**
 * @param {readonly import("typescript").Node[]} nodes openapi-typescript's statements
 * @param {Readonly<Record<string, string>>} typeNames schema name → type name; a schema not named here stays a member
 * @returns {import("typescript").Node[]}
 */
export function withSchemasNamed(nodes, typeNames) {
  const components = nodes.find((node) => ts.isInterfaceDeclaration(node) && node.name.text === "components");
  if (components === undefined || !ts.isInterfaceDeclaration(components)) return [...nodes];
  const schemas = components.members.find((member) => memberName(member) === "schemas");
  if (schemas === undefined || !ts.isPropertySignature(schemas) || schemas.type === undefined) return [...nodes];
  if (!ts.isTypeLiteralNode(schemas.type)) return [...nodes];

  /** @type {import("typescript").TypeAliasDeclaration[]} */
  const declarations = [];
  const members = schemas.type.members.map((member) => {
    const name = memberName(member);
    const typeName = name === undefined ? undefined : Object.hasOwn(typeNames, name) ? typeNames[name] : undefined;
    if (typeName === undefined || !ts.isPropertySignature(member) || member.type === undefined) return member;
    const declaration = ts.factory.createTypeAliasDeclaration(
      [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)],
      typeName,
      undefined,
      member.type,
    );
    const comments = ts.getSyntheticLeadingComments(member);
    ts.setSyntheticLeadingComments(declaration, typeName === name ? comments : withSpecName(comments, name));
    declarations.push(declaration);
    return ts.factory.createPropertySignature(
      member.modifiers,
      member.name,
      member.questionToken,
      ts.factory.createTypeReferenceNode(typeName),
    );
  });
  const named = ts.factory.updateInterfaceDeclaration(
    components,
    components.modifiers,
    components.name,
    components.typeParameters,
    components.heritageClauses,
    components.members.map((member) =>
      member === schemas
        ? ts.factory.updatePropertySignature(
            schemas,
            schemas.modifiers,
            schemas.name,
            schemas.questionToken,
            ts.factory.updateTypeLiteralNode(schemas.type, ts.factory.createNodeArray(members)),
          )
        : member,
    ),
  );
  return nodes.flatMap((node) => (node === components ? [named, ...declarations] : [node]));
}

/**
 * The JSDoc of a type named otherwise than its schema, saying the spec's name (before the tags: in the summary).
 * @param {import("typescript").SynthesizedComment[] | undefined} comments openapi-typescript's (one JSDoc block)
 * @param {string} name
 * @returns {import("typescript").SynthesizedComment[]}
 */
function withSpecName(comments, name) {
  const note = `The schema \`${name}\` of the spec.`.replaceAll("*/", "*\\/");
  const last = comments?.at(-1);
  // openapi-typescript writes `* line ` for one line, `*\n * line\n * line\n ` for more.
  const lines =
    last === undefined
      ? []
      : last.text.startsWith("*\n")
        ? last.text
            .slice(2)
            .replace(/\n $/, "")
            .split("\n")
            .map((line) => line.replace(/^ \* ?/, ""))
        : [last.text.replace(/^\* ?/, "").replace(/ $/, "")];
  const tags = lines.findIndex((line) => line.startsWith("@"));
  lines.splice(tags === -1 ? lines.length : tags, 0, note);
  const text = lines.length === 1 ? `* ${note} ` : `*\n * ${lines.join("\n * ")}\n `;
  return [
    ...(comments ?? []).slice(0, -1),
    { kind: ts.SyntaxKind.MultiLineCommentTrivia, text, hasTrailingNewLine: true, pos: -1, end: -1 },
  ];
}

/** @param {import("typescript").TypeElement} member */
function memberName(member) {
  const name = member.name;
  if (name === undefined) return undefined;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}
