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
    /** Checks after edits, as in the global config (`checksSchema`); they run in the sandbox only. */
    checks: checksSchema(z).optional(),
  });

/**
 * Commands North runs after the model's edits (`session/tools/checks.ts`): `afterEdit` after
 * each step that edited files, `beforeDone` before a turn that edited files ends. `{files}`
 * stands for the edited paths, shell-quoted and relative to the repository.
 */
export const checksSchema = (z: ZodModule) => {
  const command = z.string().refine((text) => text.trim().length > 0 && !text.includes("\0"), {
    error: "expected a shell command",
  });
  return z.strictObject({
    afterEdit: z.array(command).max(20).optional(),
    beforeDone: z.array(command).max(20).optional(),
  });
};

/**
 * `.north/settings.json` at the repository root: this project's model, provider and mode, which
 * win over the global config (and lose to the command line), and its checks, which run after
 * the person's own. Other fields are ignored here.
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
