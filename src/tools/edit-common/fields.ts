import type { ZodModule } from "../../agent/tool.js";

/**
 * Argument schemas shared by the edit tools. They are sent with every step, so descriptions are
 * kept to what the names do not say; empty paths are refused by the sandbox, not the schema.
 * Functions, as the tools' schemas are: built when a tool first checks a call (`defineTool`).
 */
export const pathField = (z: ZodModule) => z.string().describe("Relative to the repository root");
export const oldStringField = (z: ZodModule) => z.string().describe("Exact text, occurring once");
export const newStringField = (z: ZodModule) => z.string();
export const lineField = (z: ZodModule) => z.number().int().min(1);
export const textField = (z: ZodModule) => z.string();
export const contentField = (z: ZodModule) => z.string();
