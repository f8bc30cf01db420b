/**
 * One component schema read into the model of a field table (field-table-model.ts): an object's fields, a
 * discriminated union's members. A keyword a table cannot say is a spec problem at its pointer, never dropped.
 */
import { componentRefName, escapePointerSegment, isJsonObject, type JsonObject } from "../json-pointer/json-pointer.js";
import { SpecError, type SpecProblem } from "../json-pointer/spec-error.js";
import type { SchemaModel } from "../model/model.js";
import type { FieldModel, FieldType, TableModel, UnionModel } from "./field-table-model.js";

const annotations = new Set(["title", "description", "examples", "example", "deprecated", "readOnly", "writeOnly"]);
const isAnnotation = (key: string): boolean => annotations.has(key) || key.startsWith("x-");

/** Reads one component schema, adding a problem for every keyword a table cannot say. */
export class SchemaReader {
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
