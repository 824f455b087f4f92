/**
 * Parses a model's tool-argument text. Returns `undefined` unless it is a JSON object, so the
 * caller can answer the model with an error result instead of running the tool; empty text is
 * an empty object (models send nothing for tools without parameters).
 */
export function parseArguments(text: string): Record<string, unknown> | undefined {
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
