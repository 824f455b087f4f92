import type { Command } from "../types.js";
import { listAgents, loadConfig } from "../../session/index.js";
import { REPORT, table } from "./format.js";
import { t } from "../../i18n/index.js";

type Env = Record<string, string | undefined>;

/**
 * `/agents`: the sub-agents the model can start with `task` — built-in, the person's and the
 * repository's — with their tools, model and source, then the files that cannot be used and why.
 */
export function agentsCommand(env: Env): Command {
  return {
    name: "agents",
    get description() {
      return t("cmd.agents.description");
    },
    arity: "none",
    source: "builtin",
    forModel: REPORT,
    async run(ctx) {
      const { agents, broken } = listAgents(ctx.session.root, env);
      const config = await loadConfig(env).catch(() => undefined);
      const rows = [
        [t("cmd.agents.agent"), t("cmd.agents.tools"), t("cmd.agents.model"), t("cmd.agents.from")],
      ];
      for (const agent of agents) {
        const model =
          agent.model ?? config?.agents?.[agent.name]?.model ?? t("cmd.agents.sameModel");
        const tools =
          agent.tools === "read"
            ? t("cmd.agents.readTools")
            : agent.tools === "all"
              ? t("cmd.agents.allTools")
              : agent.tools.join(", ");
        rows.push([
          agent.name,
          tools,
          model,
          agent.source === "builtin" ? t("cmd.agents.builtin") : agent.source,
        ]);
      }
      // Built-in agents' descriptions are written for the model; the person reads them translated.
      const about = (a: (typeof agents)[number]) =>
        a.source === "builtin" && a.name in BUILTIN_ABOUT
          ? t(BUILTIN_ABOUT[a.name as keyof typeof BUILTIN_ABOUT])
          : a.description;
      const described = agents.map((a) => `${a.name}: ${about(a)}`);
      const problems = broken.map((b) =>
        t("cmd.agents.broken", { source: b.source, error: b.error }),
      );
      ctx.say([table(rows), "", ...described].join("\n"));
      for (const line of problems) ctx.say(line, "error");
      ctx.say(t("cmd.agents.footer"));
    },
  };
}

/** The catalog's words for the built-in agents' descriptions (agent-definitions.ts). */
const BUILTIN_ABOUT = {
  explore: "cmd.agents.about.explore",
  plan: "cmd.agents.about.plan",
  general: "cmd.agents.about.general",
} as const;
