/**
 * The object schemas of the API's document as tables of fields: what the other packages restate of the spec, read
 * once from the model for the emitters that write it into them (validator-fields.ts: the request shapes of
 * @account-funds/validators; sandbox-records.ts: the fields the sandbox's records keep). A field says its JSON type,
 * whether it is required and nullable, and the facts a value is checked by: format, pattern, lengths, bounds, enum,
 * const, the table of a nested object, a discriminated union's tables, a list's items, a map's values.
 *
 * Only what a table can say is read. A keyword it cannot say (an `allOf`, a `not`, a `default`, a `oneOf` that is
 * neither "this or null" nor discriminated) is a spec problem at its pointer: the generator stops instead of
 * dropping a fact of the spec on the way to a package. Annotations (`title`, `description`, examples, `x-`
 * extensions) are not facts of a value; an object schema's `if`/`then` is read as its conditional requirement.
 */
import { componentRefName, escapePointerSegment, isJsonObject, type JsonObject } from "../spec/json-pointer.js";
import { SpecError, throwIfAny, type SpecProblem } from "../spec/spec-error.js";
import type { ApiModel, SchemaModel } from "../model/model.js";
import type { TypeScriptFile } from "../print/typescript-file.js";

export type FieldType =
  | {
      readonly type: "integer" | "number";
      readonly format?: string;
      readonly minimum?: number;
      readonly maximum?: number;
      readonly exclusiveMinimum?: number;
      readonly exclusiveMaximum?: number;
    }
  | { readonly type: "boolean" }
  | {
      readonly type: "string";
      readonly format?: string;
      readonly pattern?: string;
      readonly minLength?: number;
      readonly maxLength?: number;
      readonly enum?: readonly string[];
      readonly const?: string;
    }
  /** A nested object: the table of the component it names. */
  | { readonly type: "object"; readonly table: string }
  /** An object of any keys (`additionalProperties`), each value of one type. */
  | { readonly type: "map"; readonly values: FieldType }
  | { readonly type: "array"; readonly items: FieldType }
  /** A component that is a discriminated `oneOf` of object components. */
  | { readonly type: "union"; readonly union: string }
  /** A value the schema leaves open (no type). */
  | { readonly type: "any" };

export interface FieldModel {
  readonly name: string;
  readonly description: string;
  /** Listed in the object's `required`. */
  readonly required: boolean;
  /** `null` is one of its values (`type: [T, "null"]`, an enum with null, `oneOf: [T, {type: "null"}]`). */
  readonly nullable: boolean;
  readonly type: FieldType;
}

/** An object component: its fields in the document's order. */
export interface TableModel {
  readonly name: string;
  readonly description: string;
  readonly fields: readonly FieldModel[];
  /** `anyOf` of `required` lists: every field of one of the groups is present (US routing: Bic, or RoutingTransitNumber). */
  readonly requiredAnyOf: readonly (readonly string[])[];
  /** `if: {required: [F], properties: {F: {const: V}}}` / `then: {required: [...]}`: fields required when F is V. */
  readonly requiredWhen: readonly {
    readonly field: string;
    readonly equals: string;
    readonly required: readonly string[];
  }[];
}

/** A component that is a discriminated `oneOf`: the discriminator's value of each member, and its table. */
export interface UnionModel {
  readonly name: string;
  readonly description: string;
  readonly discriminator: string;
  readonly members: readonly { readonly value: string; readonly table: string }[];
}

export type ComponentModel = ({ readonly kind: "table" } & TableModel) | ({ readonly kind: "union" } & UnionModel);

export interface TablesModel {
  /** Object and union components, each after the components it names (nested objects first). */
  readonly components: readonly ComponentModel[];
  /** The components the walk started from, in the model's order. */
  readonly roots: readonly string[];
}

const annotations = new Set(["title", "description", "examples", "example", "deprecated", "readOnly", "writeOnly"]);
const isAnnotation = (key: string): boolean => annotations.has(key) || key.startsWith("x-");

/** The schemas of every JSON request body (the multipart `Request` part names one of them too). */
export function requestBodySchemas(model: ApiModel): string[] {
  const names = new Set<string>();
  for (const operation of model.operations)
    for (const media of operation.requestBody?.contents ?? [])
      if (media.mediaType === "application/json" && media.schemaName !== undefined) names.add(media.schemaName);
  return model.schemas.filter((schema) => names.has(schema.name)).map((schema) => schema.name);
}

/** The entity of every OData list or keyed read (`AccountDto`, ...). */
export function entitySchemas(model: ApiModel): string[] {
  return model.schemas.filter((schema) => schema.entityShape !== undefined).map((schema) => schema.name);
}

/**
 * The tables of `roots` and, with `nested`, of every object or union component they reach. Without `nested`, a
 * nested object is still a field (`type: "object"` naming its component) but gets no table of its own.
 */
export function readTables(
  model: ApiModel,
  roots: readonly string[],
  options: { readonly nested: boolean },
): TablesModel {
  const byName = new Map(model.schemas.map((schema) => [schema.name, schema]));
  const problems: SpecProblem[] = [];
  const components: ComponentModel[] = [];
  const seen = new Set<string>();

  const visiting = new Set<string>();

  // Depth first, so that each component comes after those it names (tables are constants that name each other).
  const visit = (name: string): void => {
    const schema = byName.get(name);
    if (schema === undefined || !isJsonObject(schema.schema)) return;
    if (visiting.has(name))
      problems.push(
        new SpecError({ pointer: schema.pointer, reason: "a schema that contains itself cannot be a field table" }),
      );
    if (seen.has(name)) return;
    seen.add(name);
    visiting.add(name);
    const reader = new SchemaReader(byName, schema, problems);
    const union = reader.union();
    if (union !== undefined) {
      if (options.nested) union.members.forEach((member) => visit(member.table));
      components.push({ kind: "union", ...union });
    } else {
      const table = reader.table();
      if (options.nested)
        for (const reached of reachedComponents(table.fields.map((field) => field.type))) visit(reached);
      components.push({ kind: "table", ...table });
    }
    visiting.delete(name);
  };
  roots.forEach(visit);
  throwIfAny(problems);
  return { components, roots: [...roots] };
}

/** The components a field's type names: a nested object's, a union's, those of list items and map values. */
function reachedComponents(types: readonly FieldType[]): string[] {
  return types.flatMap((type): string[] => {
    switch (type.type) {
      case "object":
        return [type.table];
      case "union":
        return [type.union];
      case "array":
        return reachedComponents([type.items]);
      case "map":
        return reachedComponents([type.values]);
      default:
        return [];
    }
  });
}

/** Reads one component schema, adding a problem for every keyword a table cannot say. */
class SchemaReader {
  constructor(
    private readonly byName: ReadonlyMap<string, SchemaModel>,
    private readonly schema: SchemaModel,
    private readonly problems: SpecProblem[],
  ) {}

  private get node(): JsonObject {
    return this.schema.schema as JsonObject;
  }

  private problem(pointer: string, reason: string): void {
    this.problems.push(new SpecError({ pointer: `${this.schema.pointer}${pointer}`, reason }));
  }

  /** The component as a discriminated union, or undefined when it is none. */
  union(): UnionModel | undefined {
    const { oneOf, discriminator } = this.node;
    if (!Array.isArray(oneOf) || !isJsonObject(discriminator)) return undefined;
    const propertyName = discriminator["propertyName"];
    const mapping = isJsonObject(discriminator["mapping"]) ? discriminator["mapping"] : {};
    for (const key of Object.keys(this.node))
      if (!["type", "oneOf", "discriminator"].includes(key) && !isAnnotation(key))
        this.problem(`/${key}`, `a discriminated union's ${key} cannot be read into a field table`);
    const members = Object.entries(mapping).flatMap(([value, ref]) => {
      const table = typeof ref === "string" ? refName(ref) : undefined;
      if (table === undefined) {
        this.problem(`/discriminator/mapping/${value}`, "a mapping that names no component schema");
        return [];
      }
      return [{ value, table }];
    });
    if (typeof propertyName !== "string" || members.length !== oneOf.length)
      this.problem("/discriminator", "a discriminator needs a propertyName and a mapping entry per oneOf member");
    return {
      name: this.schema.name,
      description: this.schema.description,
      discriminator: typeof propertyName === "string" ? propertyName : "",
      members,
    };
  }

  /** The component as an object table. */
  table(): TableModel {
    const node = this.node;
    const properties = isJsonObject(node["properties"]) ? node["properties"] : {};
    const required = stringList(node["required"]);
    for (const key of Object.keys(node)) {
      if (["type", "properties", "required", "anyOf", "if", "then"].includes(key) || isAnnotation(key)) continue;
      if (key === "additionalProperties" && node[key] !== false) continue; // open, as every request shape is
      this.problem(`/${key}`, `${key} on an object schema cannot be read into a field table`);
    }
    if (node["type"] !== undefined && node["type"] !== "object")
      this.problem("/type", "an object component with properties must have type object");
    const fields = Object.entries(properties).map(([name, property]): FieldModel => {
      const pointer = `/properties/${escape(name)}`;
      const read = this.field(property, pointer);
      return {
        name,
        description:
          isJsonObject(property) && typeof property["description"] === "string" ? property["description"] : "",
        required: required.includes(name),
        nullable: read.nullable,
        type: read.type,
      };
    });
    return {
      name: this.schema.name,
      description: this.schema.description,
      fields,
      requiredAnyOf: this.requiredAnyOf(node["anyOf"]),
      requiredWhen: this.requiredWhen(node["if"], node["then"]),
    };
  }

  private requiredAnyOf(anyOf: unknown): string[][] {
    if (anyOf === undefined) return [];
    if (!Array.isArray(anyOf)) {
      this.problem("/anyOf", "anyOf must be a list");
      return [];
    }
    return anyOf.map((member, index) => {
      if (!isJsonObject(member) || Object.keys(member).some((key) => key !== "required" && !isAnnotation(key)))
        this.problem(`/anyOf/${index}`, "an object's anyOf can only list required fields");
      return isJsonObject(member) ? stringList(member["required"]) : [];
    });
  }

  private requiredWhen(ifNode: unknown, thenNode: unknown): TableModel["requiredWhen"] {
    if (ifNode === undefined && thenNode === undefined) return [];
    const condition = isJsonObject(ifNode) && isJsonObject(ifNode["properties"]) ? ifNode["properties"] : {};
    const entries = Object.entries(condition);
    const [field, test] = entries[0] ?? [];
    const equals = isJsonObject(test) ? test["const"] : undefined;
    if (entries.length !== 1 || field === undefined || typeof equals !== "string" || !isJsonObject(thenNode)) {
      this.problem("/if", 'only "if one field equals a constant, then these fields are required" is read from if/then');
      return [];
    }
    return [{ field, equals, required: stringList(thenNode["required"]) }];
  }

  /** A property's schema: its type, and whether null is one of its values. */
  private field(node: unknown, pointer: string): { type: FieldType; nullable: boolean } {
    if (!isJsonObject(node)) {
      this.problem(pointer, "a property schema must be an object");
      return { type: { type: "any" }, nullable: false };
    }
    const { oneOf } = node;
    if (Array.isArray(oneOf)) {
      const others = oneOf.filter((member) => !(isJsonObject(member) && member["type"] === "null"));
      const [only] = others;
      this.only(node, pointer, ["oneOf"]);
      if (others.length !== 1 || oneOf.length !== 2 || only === undefined) {
        this.problem(`${pointer}/oneOf`, 'a property\'s oneOf must be a schema and {type: "null"}');
        return { type: { type: "any" }, nullable: true };
      }
      return { type: this.field(only, `${pointer}/oneOf/${oneOf.indexOf(only)}`).type, nullable: true };
    }
    const ref = typeof node["$ref"] === "string" ? refName(node["$ref"]) : undefined;
    if (ref !== undefined) {
      this.only(node, pointer, ["$ref"]);
      return { type: this.component(ref, pointer), nullable: false };
    }
    const types = Array.isArray(node["type"])
      ? node["type"]
      : node["type"] !== undefined
        ? [node["type"]]
        : typeof node["const"] === "string" ||
            (Array.isArray(node["enum"]) && node["enum"].every((value) => typeof value === "string" || value === null))
          ? ["string"] // a const or an enum of strings states the type
          : [];
    const nullable = types.includes("null") || (Array.isArray(node["enum"]) && node["enum"].includes(null));
    const [type, ...more] = types.filter((name) => name !== "null");
    if (more.length > 0) this.problem(`${pointer}/type`, "a property of several types besides null cannot be read");
    switch (type) {
      case undefined:
        this.only(node, pointer, []);
        return { type: { type: "any" }, nullable };
      case "integer":
      case "number":
        this.only(node, pointer, ["type", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]);
        return {
          type: pick({
            type,
            format: this.member(node, pointer, "format", "string"),
            minimum: this.member(node, pointer, "minimum", "number"),
            maximum: this.member(node, pointer, "maximum", "number"),
            exclusiveMinimum: this.member(node, pointer, "exclusiveMinimum", "number"),
            exclusiveMaximum: this.member(node, pointer, "exclusiveMaximum", "number"),
          }),
          nullable,
        };
      case "boolean":
        this.only(node, pointer, ["type"]);
        return { type: { type }, nullable };
      case "string": {
        this.only(node, pointer, ["type", "format", "pattern", "minLength", "maxLength", "enum", "const"]);
        const values = Array.isArray(node["enum"])
          ? node["enum"].filter((value): value is string => typeof value === "string")
          : undefined;
        return {
          type: pick({
            type,
            format: this.member(node, pointer, "format", "string"),
            pattern: this.member(node, pointer, "pattern", "string"),
            minLength: this.member(node, pointer, "minLength", "number"),
            maxLength: this.member(node, pointer, "maxLength", "number"),
            enum: values,
            const: this.member(node, pointer, "const", "string"),
          }),
          nullable,
        };
      }
      case "array": {
        this.only(node, pointer, ["type", "items"]);
        const items =
          node["items"] === undefined
            ? { type: { type: "any" } as const }
            : this.field(node["items"], `${pointer}/items`);
        return { type: { type: "array", items: items.type }, nullable };
      }
      case "object": {
        this.only(node, pointer, ["type", "additionalProperties"]);
        const values = node["additionalProperties"];
        if (!isJsonObject(values)) {
          this.problem(
            pointer,
            "an inline object must be a map (additionalProperties with a schema); name a component",
          );
          return { type: { type: "any" }, nullable };
        }
        return { type: { type: "map", values: this.field(values, `${pointer}/additionalProperties`).type }, nullable };
      }
      default:
        this.problem(`${pointer}/type`, `type ${JSON.stringify(type)} cannot be read into a field table`);
        return { type: { type: "any" }, nullable };
    }
  }

  /** A `$ref`'s component as a field's type: a union, an object table, or the scalar it defines (DateTime). */
  private component(name: string, pointer: string): FieldType {
    const target = this.byName.get(name);
    const node = target?.schema;
    if (target === undefined || !isJsonObject(node)) {
      this.problem(pointer, `$ref to ${name}, which is no component schema`);
      return { type: "any" };
    }
    if (Array.isArray(node["oneOf"]) && isJsonObject(node["discriminator"])) return { type: "union", union: name };
    if (node["type"] === "object" || isJsonObject(node["properties"])) return { type: "object", table: name };
    return new SchemaReader(this.byName, target, this.problems).field(node, "").type;
  }

  /** `node[key]` when it is of the JSON type `kind`; a problem when it is there and of another type. */
  private member(node: JsonObject, pointer: string, key: string, kind: "string" | "number"): unknown {
    const value = node[key];
    if (value === undefined || typeof value === kind) return value;
    this.problem(`${pointer}/${key}`, `${key} must be a ${kind} to be read into a field table`);
    return undefined;
  }

  /** A problem for every keyword of `node` but the annotations and `allowed`. */
  private only(node: JsonObject, pointer: string, allowed: readonly string[]): void {
    for (const key of Object.keys(node))
      if (!allowed.includes(key) && !isAnnotation(key))
        this.problem(`${pointer}/${escape(key)}`, `${key} cannot be read into a field table`);
  }
}

function refName(ref: string): string | undefined {
  return componentRefName({ $ref: ref }, "schemas");
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

const escape = escapePointerSegment;

/** `members` without those left unset. */
function pick<T extends object>(members: { readonly [key: string]: unknown }): T {
  return Object.fromEntries(Object.entries(members).filter(([, value]) => value !== undefined)) as T;
}

/**
 * The TypeScript type of a field's value, never `null` (a value as read or stored leaves it out): a const or an enum as
 * its literals, a nested object or union by its component's name or, `open`, as an object of any members; `readonly`
 * lists and maps for a value that is kept rather than handed over.
 */
export function fieldTypeText(type: FieldType, style: { readonly open: boolean; readonly readonly: boolean }): string {
  switch (type.type) {
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "string":
      if (type.const !== undefined) return JSON.stringify(type.const);
      if (type.enum !== undefined && type.enum.length > 0)
        return type.enum.map((value) => JSON.stringify(value)).join(" | ");
      return "string";
    case "object":
      return style.open ? "Readonly<Record<string, unknown>>" : type.table;
    case "union":
      return style.open ? "Readonly<Record<string, unknown>>" : type.union;
    case "array": {
      const item = fieldTypeText(type.items, style);
      return `${style.readonly ? "readonly " : ""}${item.includes(" | ") ? `(${item})` : item}[]`;
    }
    case "map": {
      const record = `Record<string, ${fieldTypeText(type.values, style)}>`;
      return style.readonly ? `Readonly<${record}>` : record;
    }
    case "any":
      return "unknown";
  }
}

/** A blank line between two constants, which ts-morph's printer leaves out between statements of one kind. */
export function blankLine(file: TypeScriptFile): void {
  file.statements.push({ kind: "text", text: "\n" });
}
