import { join } from "node:path";
import type * as z from "zod";
import type { ZodModule } from "../../agent/tool.js";
import { readJsonFile } from "./json-file.js";

/** Built when a settings file is read (zod schemas cost start-up time). */
const projectSchema = (z: ZodModule) =>
  z.object({
    model: z.string().min(1).optional(),
    provider: z.string().min(1).optional(),
    mode: z.enum(["ask", "agent", "plan"]).optional(),
  });

/**
 * `.north/settings.json` at the repository root: this project's model, provider and mode, which
 * win over the global config (and lose to the command line). Other fields are ignored here.
 */
export type ProjectSettings = z.infer<ReturnType<typeof projectSchema>>;

export function projectSettingsPath(root: string): string {
  return join(root, ".north", "settings.json");
}

/** Reads the project settings; never throws (a broken file is `{}` plus a notice). */
export async function loadProjectSettings(
  root: string,
): Promise<{ settings: ProjectSettings; notice?: string }> {
  const read = await readJsonFile(projectSettingsPath(root), projectSchema, root);
  return { settings: read.value ?? {}, ...(read.notice ? { notice: read.notice } : {}) };
}
