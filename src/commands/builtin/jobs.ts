import type { JobView } from "../../session/index.js";
import type { Command } from "../types.js";
import { t } from "../../i18n/index.js";
import { reportWithoutArgs } from "./format.js";

/** "42s", "3m 05s", "1h 02m": how long a job has run. */
export function uptime(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, "0")}m`;
}

/** One job as `/jobs` shows it: id, state and uptime, the command, its last lines. */
function block(job: JobView, now: number): string {
  const state =
    job.exitCode === undefined
      ? t("cmd.jobs.running", { uptime: uptime(now - job.startedAt) })
      : t("cmd.jobs.ended", { code: String(job.exitCode) });
  const command = job.command.split("\n")[0]!;
  const lines = job.lastLines.map((line) => `\n    │ ${line.slice(0, 160)}`).join("");
  return `  ${job.id} — ${state}\n    $ ${command}${lines}`;
}

/**
 * `/jobs`: the background jobs the model started (`shell_run` `background: true`) — command,
 * uptime, last lines; `/jobs kill ID` stops one (its menu offers each running job).
 */
export const jobsCommand: Command = {
  name: "jobs",
  get description() {
    return t("cmd.jobs.description");
  },
  arity: "rest",
  source: "builtin",
  // Listing is a report; stopping a job is the person's call (the model has shell_kill).
  forModel: reportWithoutArgs(() => ({ effect: "person" })),
  choices: (ctx) => [
    { value: "", label: "list", description: t("cmd.jobs.listChoice") },
    ...ctx.session.jobs
      .list()
      .filter((job) => job.exitCode === undefined)
      .map((job) => ({
        value: `kill ${job.id}`,
        label: `kill ${job.id}`,
        description: job.command.split("\n")[0]!,
      })),
  ],
  async run(ctx, { args }) {
    const [action, id] = args.join(" ").trim().split(/\s+/).filter(Boolean);
    const jobs = ctx.session.jobs.list();
    if (!action) {
      const now = Date.now();
      ctx.say(
        jobs.length === 0
          ? t("cmd.jobs.none")
          : `${t("cmd.jobs.heading")}\n${jobs.map((job) => block(job, now)).join("\n")}`,
      );
      return;
    }
    if (action !== "kill" || !id) {
      (ctx.refuse ?? ((text) => ctx.say(text, "error")))(t("cmd.jobs.usage"));
      return;
    }
    const stopped = await ctx.session.jobs.kill(id);
    if (!stopped) ctx.say(t("cmd.jobs.unknown", { id }), "error");
    else ctx.say(t("cmd.jobs.stopped", { id, code: String(stopped.exitCode ?? "") }));
  },
};
