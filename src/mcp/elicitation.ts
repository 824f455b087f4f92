/**
 * MCP elicitation (`elicitation/create`, form mode): a server asks the person for a few values.
 * The requested schema is a flat object of primitive properties (string, number, integer,
 * boolean; a string may have an `enum`); `formFields` reads it into the fields a front end
 * shows, `checkForm` checks the person's answer against them before it goes back to the server.
 */
import type { ElicitationField, Review } from "../agent/tool.js";

export type ElicitationReview = Extract<Review, { type: "elicitation" }>;

/** What the client answers the server (the MCP `ElicitResult`). */
export type ElicitationAnswer =
  | { action: "accept"; content: Record<string, string | number | boolean> }
  | { action: "decline" }
  | { action: "cancel" };

/**
 * Asks the person (the session decides how: the approval flow, or a refusal headless). Resolves
 * with their answer; `signal` aborts when the server gives up on the request.
 */
export type Elicit = (review: ElicitationReview, signal: AbortSignal) => Promise<ElicitationAnswer>;

/** The fields of a requested schema, in its order; undefined when a property is not a primitive. */
export function formFields(schema: unknown): ElicitationField[] | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  const { properties, required } = schema as { properties?: unknown; required?: unknown };
  if (typeof properties !== "object" || properties === null) return [];
  const needed = new Set(
    Array.isArray(required) ? required.filter((r) => typeof r === "string") : [],
  );
  const fields: ElicitationField[] = [];
  for (const [name, value] of Object.entries(properties as Record<string, unknown>)) {
    if (typeof value !== "object" || value === null) return undefined;
    const p = value as Record<string, unknown>;
    const type = p.type;
    if (type !== "string" && type !== "number" && type !== "integer" && type !== "boolean") {
      return undefined;
    }
    const field: ElicitationField = { name, type, required: needed.has(name) };
    if (typeof p.title === "string") field.title = p.title;
    if (typeof p.description === "string") field.description = p.description;
    const choices = enumOf(p);
    if (!choices && (p.enum !== undefined || p.oneOf !== undefined)) return undefined;
    if (choices) {
      if (type !== "string") return undefined;
      field.enum = choices.values;
      if (choices.names) field.enumNames = choices.names;
    }
    const fallback = p.default;
    if (
      typeof fallback === "string" ||
      typeof fallback === "number" ||
      typeof fallback === "boolean"
    ) {
      field.default = fallback;
    }
    for (const key of ["minimum", "maximum", "minLength", "maxLength"] as const) {
      if (typeof p[key] === "number") field[key] = p[key];
    }
    if (typeof p.format === "string") field.format = p.format;
    fields.push(field);
  }
  return fields;
}

/** `enum` (+ `enumNames`), or `oneOf` of `{const, title}` (titled single select). */
function enumOf(p: Record<string, unknown>): { values: string[]; names?: string[] } | undefined {
  if (Array.isArray(p.enum) && p.enum.every((v) => typeof v === "string")) {
    const names =
      Array.isArray(p.enumNames) && p.enumNames.length === p.enum.length
        ? p.enumNames.map(String)
        : undefined;
    return { values: p.enum as string[], ...(names ? { names } : {}) };
  }
  if (Array.isArray(p.oneOf)) {
    const options = p.oneOf as { const?: unknown; title?: unknown }[];
    if (!options.every((o) => typeof o?.const === "string")) return undefined;
    return {
      values: options.map((o) => o.const as string),
      names: options.map((o) => (typeof o.title === "string" ? o.title : (o.const as string))),
    };
  }
  return undefined;
}

/**
 * Checks and normalises an answer: every required field present, each value of its field's type
 * (a number or boolean given as text is converted: front ends read text), within its enum and
 * bounds; fields the form does not have are dropped. Returns the content, or what is wrong.
 */
export function checkForm(
  fields: readonly ElicitationField[],
  given: Record<string, unknown>,
): { content: Record<string, string | number | boolean> } | { error: string } {
  const content: Record<string, string | number | boolean> = {};
  for (const field of fields) {
    const raw = given[field.name];
    const label = field.title ?? field.name;
    if (raw === undefined || raw === null || raw === "") {
      if (field.required) return { error: `"${label}" is required` };
      continue;
    }
    if (field.type === "boolean") {
      const value =
        typeof raw === "boolean"
          ? raw
          : raw === "true"
            ? true
            : raw === "false"
              ? false
              : undefined;
      if (value === undefined) return { error: `"${label}" must be true or false` };
      content[field.name] = value;
    } else if (field.type === "number" || field.type === "integer") {
      const value =
        typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw.trim()) : NaN;
      if (!Number.isFinite(value)) return { error: `"${label}" must be a number` };
      if (field.type === "integer" && !Number.isInteger(value)) {
        return { error: `"${label}" must be a whole number` };
      }
      if (field.minimum !== undefined && value < field.minimum) {
        return { error: `"${label}" must be at least ${field.minimum}` };
      }
      if (field.maximum !== undefined && value > field.maximum) {
        return { error: `"${label}" must be at most ${field.maximum}` };
      }
      content[field.name] = value;
    } else {
      if (typeof raw !== "string") return { error: `"${label}" must be text` };
      if (field.enum && !field.enum.includes(raw)) {
        return { error: `"${label}" must be one of ${field.enum.join(", ")}` };
      }
      if (field.minLength !== undefined && raw.length < field.minLength) {
        return { error: `"${label}" must be at least ${field.minLength} characters` };
      }
      if (field.maxLength !== undefined && raw.length > field.maxLength) {
        return { error: `"${label}" must be at most ${field.maxLength} characters` };
      }
      content[field.name] = raw;
    }
  }
  return { content };
}
