import { describe, expect, it } from "vitest";
import type { JobView } from "../../session/index.js";
import type { CommandContext } from "../types.js";
import { jobsCommand, uptime } from "./jobs.js";

const running: JobView = {
  id: "job1",
  command: "npm run dev\n# more",
  cwd: "/repo",
  sandbox: "workspace-write",
  startedAt: Date.now() - 65_000,
  killed: false,
  lastLines: ["listening on :3000"],
};

function context(jobs: JobView[]) {
  const said: string[] = [];
  const killed: string[] = [];
  const ctx = {
    session: {
      jobs: {
        list: () => jobs,
        kill: (id: string) => {
          killed.push(id);
          const job = jobs.find((j) => j.id === id);
          return Promise.resolve(job && { ...job, exitCode: 143, killed: true });
        },
      },
    },
    say: (text: string) => said.push(text),
  } as unknown as CommandContext;
  return { ctx, said, killed };
}

const parsed = (args: string[]) => ({ name: "jobs", args, flags: {}, start: 0, end: 0 });

describe("/jobs", () => {
  it("lists each job with its command, uptime and last lines", async () => {
    const { ctx, said } = context([running]);
    await jobsCommand.run(ctx, parsed([]));
    expect(said[0]).toContain("job1 — running for 1m 05s");
    expect(said[0]).toContain("$ npm run dev");
    expect(said[0]).toContain("│ listening on :3000");
  });

  it("offers each running job to stop, and stops the one chosen", async () => {
    const { ctx, said, killed } = context([running, { ...running, id: "job2", exitCode: 0 }]);
    expect(jobsCommand.choices!(ctx).map((c) => c.value)).toEqual(["", "kill job1"]);
    await jobsCommand.run(ctx, parsed(["kill job1"]));
    expect(killed).toEqual(["job1"]);
    expect(said.at(-1)).toBe("Stopped job1 (exit code 143).");
  });

  it("formats uptimes", () => {
    expect([uptime(4_000), uptime(125_000), uptime(3_720_000)]).toEqual(["4s", "2m 05s", "1h 02m"]);
  });
});
