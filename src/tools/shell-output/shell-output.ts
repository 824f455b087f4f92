import { defineTool, ToolError, type ZodModule } from "../../agent/tool.js";
import { maskForModel } from "../../log/secret-formats.js";
import type { BackgroundJobs, JobOutput, JobView } from "../../shell/index.js";
import description from "./description.md";

/** For renderers: the job as it is after the look. */
export interface ShellOutputDetails {
  job: JobView;
}

const schema = (z: ZodModule) =>
  z.object({ id: z.string().min(1).describe("The job's id, as shell_run returned it") });

/** The model's text for a look at a job: its new output, then one status line. */
export function formatJobOutput(out: JobOutput): string {
  const { job } = out;
  const status =
    job.exitCode === undefined
      ? `Job ${job.id} is running.`
      : job.killed
        ? `Job ${job.id} was stopped (exit code ${job.exitCode}).`
        : `Job ${job.id} exited with code ${job.exitCode}.`;
  const text = out.text ? out.text : "(no new output)";
  return maskForModel(`${text}\n\n${status}`);
}

/** Refusal for an id no job has. */
export function unknownJob(jobs: BackgroundJobs, id: string): ToolError {
  const known = jobs.list().map((job) => job.id);
  return new ToolError(
    `No background job ${id}. ${known.length > 0 ? `Jobs: ${known.join(", ")}.` : "None was started (shell_run with background: true starts one)."}`,
  );
}

/**
 * `shell_output`: a background job's output since the last look (bounded: head and tail kept),
 * and whether it still runs or its exit code. Reads only what North already holds.
 */
export function createShellOutputTool(jobs: BackgroundJobs) {
  return defineTool({
    name: "shell_output",
    kind: "read",
    description,
    schema,
    execute(args) {
      const out = jobs.read(args.id);
      if (!out) throw unknownJob(jobs, args.id);
      return Promise.resolve({
        content: formatJobOutput(out),
        details: { job: out.job } satisfies ShellOutputDetails,
        truncated: out.truncated,
      });
    },
  });
}
