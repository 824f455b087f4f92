import { defineTool, type ZodModule } from "../../agent/tool.js";
import type { BackgroundJobs } from "../../shell/index.js";
import description from "./description.md";
import {
  formatJobOutput,
  unknownJob,
  type ShellOutputDetails,
} from "../shell-output/shell-output.js";

const schema = (z: ZodModule) =>
  z.object({ id: z.string().min(1).describe("The job's id, as shell_run returned it") });

/**
 * `shell_kill`: stops a background job this session started (its process group: SIGTERM, then
 * SIGKILL) and returns its last unread output. A `read` kind: it acts only on North's own jobs,
 * which end with the session anyway, so it needs no review (ask mode may stop what it started).
 */
export function createShellKillTool(jobs: BackgroundJobs) {
  return defineTool({
    name: "shell_kill",
    kind: "read",
    description,
    schema,
    async execute(args) {
      const view = await jobs.kill(args.id);
      if (!view) throw unknownJob(jobs, args.id);
      const out = jobs.read(args.id)!;
      return {
        content: formatJobOutput(out),
        details: { job: out.job } satisfies ShellOutputDetails,
        truncated: out.truncated,
      };
    },
  });
}
