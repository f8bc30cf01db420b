/**
 * An OpenAPI Overlay 1.0 (https://spec.openapis.org/overlay/v1.0.0) applied to the bundled document: the sandbox's
 * document is the API's with the sandbox's own facts laid over it (sandbox/openapi/overlay.yaml). The actions are
 * run by openapi-format's `openapiOverlay`, a maintained implementation (JSONPath by jsonpathly) the generator
 * already depends on; this module reads the overlay, refuses what openapi-format would only log, and never changes
 * the document it is given.
 *
 * Refused, as `overlay.yaml#/actions/N: reason` spec problems: an overlay that is not a 1.0.x document with an
 * `actions` list, and an action that selects nothing (the API document changed under it: the overlay must follow,
 * or it would silently stop saying what the sandbox does).
 */
import openapiFormat from "openapi-format";
import { isJsonObject, type JsonObject } from "../json-pointer/json-pointer.js";
import { SpecError, SpecErrors, type SpecProblem } from "../json-pointer/spec-error.js";

export interface OverlaySource {
  /** The overlay as read (YAML or JSON). */
  readonly overlay: unknown;
  /** How messages name the overlay file (`sandbox/openapi/overlay.yaml`). */
  readonly file: string;
}

/** The overlay file parsed, or a spec problem naming it. */
export async function readOverlay(path: string, file: string): Promise<OverlaySource> {
  let parsed: unknown;
  try {
    parsed = await openapiFormat.parseFile(path);
  } catch (error) {
    throw new SpecError({ file, pointer: "", reason: `cannot read the overlay: ${describe(error)}` });
  }
  if (parsed instanceof Error || !isJsonObject(parsed))
    throw new SpecError({ file, pointer: "", reason: `the overlay is not a YAML or JSON object: ${describe(parsed)}` });
  return { overlay: parsed, file };
}

/** The document with the overlay's actions applied, in order: a new object (`document` is left as it was). */
export async function applyOverlay(document: JsonObject, { overlay, file }: OverlaySource): Promise<JsonObject> {
  const actions = checkedActions(overlay, file);
  const logged: string[] = [];
  const { error } = console;
  // openapi-format reports an action it cannot apply on the console and goes on; here it is a problem of the overlay.
  console.error = (...parts: unknown[]) => void logged.push(parts.map(String).join(" "));
  let result: Awaited<ReturnType<typeof openapiFormat.openapiOverlay>>;
  try {
    const overlaySet = overlay as Parameters<typeof openapiFormat.openapiOverlay>[1]["overlaySet"];
    result = await openapiFormat.openapiOverlay(structuredClone(document), { overlaySet });
  } finally {
    console.error = error;
  }
  const problems: SpecProblem[] = logged.map((reason) => ({ file, pointer: "/actions", reason }));
  const unused = new Set<unknown>(result.resultData["unusedActions"] as unknown[] | undefined);
  actions.forEach((action, index) => {
    if (unused.has(action))
      problems.push({
        file,
        pointer: `/actions/${index}`,
        reason: `target ${String(action["target"])} selects nothing`,
      });
  });
  const [first] = problems;
  if (first !== undefined)
    throw problems.length === 1 ? new SpecError(first) : new SpecErrors(problems.map((p) => new SpecError(p)));
  if (!isJsonObject(result.data)) throw new SpecError({ file, pointer: "", reason: "the overlay left no document" });
  return result.data;
}

function checkedActions(overlay: unknown, file: string): readonly JsonObject[] {
  const problem = (pointer: string, reason: string) => new SpecError({ file, pointer, reason });
  if (!isJsonObject(overlay)) throw problem("", "the overlay is not an object");
  const version = overlay["overlay"];
  if (typeof version !== "string" || !/^1\.0\.\d+$/.test(version))
    throw problem("/overlay", `an OpenAPI Overlay 1.0.x document is required (found ${JSON.stringify(version)})`);
  const actions = overlay["actions"];
  if (!Array.isArray(actions) || actions.length === 0) throw problem("/actions", "the overlay has no actions");
  actions.forEach((action: unknown, index) => {
    if (!isJsonObject(action) || typeof action["target"] !== "string")
      throw problem(`/actions/${index}`, "an action is an object with a JSONPath `target`");
  });
  return actions as JsonObject[];
}

function describe(value: unknown): string {
  return value instanceof Error ? value.message : String(value);
}
