import type * as z from "zod";
import type { ZodModule } from "../agent/tool.js";

type Json = Record<string, unknown>;

/**
 * A zod check of call arguments against an MCP tool's JSON `inputSchema`: an object, its
 * `required` properties present, and the top-level properties of the declared `type` and `enum`.
 * Deliberately light (the server validates fully); its messages say what to fix. Built per tool,
 * never at module level.
 */
export function argumentsChecker(z: ZodModule, schema: Json): z.ZodType<Record<string, unknown>> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === "string")
    : [];
  return z.record(z.string(), z.unknown()).superRefine((args, ctx) => {
    for (const key of required) {
      if (args[key] === undefined) {
        ctx.addIssue({ code: "custom", path: [key], message: "required, but missing" });
      }
    }
    for (const [key, value] of Object.entries(args)) {
      const property = properties[key];
      if (value === undefined || !isObject(property)) continue;
      const problem = mismatch(value, property);
      if (problem) ctx.addIssue({ code: "custom", path: [key], message: problem });
    }
  });
}

function mismatch(value: unknown, property: Json): string | undefined {
  if (Array.isArray(property.enum) && !property.enum.some((e) => same(e, value))) {
    return `expected one of ${property.enum.map((e) => JSON.stringify(e)).join(", ")}`;
  }
  const types = typeof property.type === "string" ? [property.type] : property.type;
  if (!Array.isArray(types) || types.length === 0) return undefined;
  if (types.some((t) => typeof t === "string" && isType(value, t))) return undefined;
  return `expected ${types.join(" or ")}, received ${describe(value)}`;
}

function isType(value: unknown, type: string): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return isObject(value);
    case "null":
      return value === null;
    default:
      return true;
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
