import type { Session } from "../../session/index.js";
import type { Command } from "../types.js";
import { t } from "../../i18n/index.js";
import { PERSON, reportWithoutArgs } from "./format.js";

type Lists = {
  afterEdit?: readonly { command: string; from?: string }[];
  beforeDone?: readonly { command: string; from?: string }[];
};

/** The two lists, each command on its line (with whose settings name it, when known). */
function listLines(lists: Lists): string[] {
  const lines: string[] = [];
  const section = (title: string, items: Lists["afterEdit"]) => {
    if (!items || items.length === 0) return;
    lines.push(title);
    for (const { command, from } of items) lines.push(`  ${command}${from ? `  (${from})` : ""}`);
  };
  section(t("cmd.checks.afterEdit"), lists.afterEdit);
  section(t("cmd.checks.beforeDone"), lists.beforeDone);
  return lines;
}

function inForce(session: Session): Lists {
  const { afterEdit, beforeDone } = session.checks.inForce();
  const from = (source: "config" | "project") =>
    source === "config" ? t("cmd.checks.fromConfig") : ".north/settings.json";
  const view = (list: typeof afterEdit) =>
    list.map((c) => ({ command: c.command, from: from(c.source) }));
  return { afterEdit: view(afterEdit), beforeDone: view(beforeDone) };
}

const asItems = (list: string[] | undefined) => (list ?? []).map((command) => ({ command }));

/**
 * `/checks`: the checks in force after the model's edits and before a turn ends, and whose
 * settings name them; when none are, what the repository's manifests suggest. `/checks on`
 * turns the suggestion on for this repository in the person's config. Nothing runs unasked.
 */
export const checksCommand: Command = {
  name: "checks",
  get description() {
    return t("cmd.checks.description");
  },
  arity: "one",
  source: "builtin",
  // Listing is a report; turning commands on that then run after every edit is the person's.
  forModel: reportWithoutArgs(PERSON),
  // No menu of choices: Enter on `/checks` must list, never turn checks on.
  async run(ctx, { args }) {
    const word = args[0];
    if (word !== undefined && word !== "on") {
      ctx.say(t("cmd.checks.usage"), "error");
      return;
    }
    const { session } = ctx;
    const current = inForce(session);
    const configured = (current.afterEdit?.length ?? 0) + (current.beforeDone?.length ?? 0) > 0;
    const sandboxNote = session.sandbox.state === "on" ? [] : [t("cmd.checks.noSandbox")];
    if (configured) {
      const lines = [t("cmd.checks.inForce"), ...listLines(current), ...sandboxNote];
      if (word === "on") lines.push(t("cmd.checks.already"));
      ctx.say(lines.join("\n"));
      return;
    }
    const proposed = session.checks.proposed();
    const some = (proposed.afterEdit?.length ?? 0) + (proposed.beforeDone?.length ?? 0) > 0;
    if (!some) {
      ctx.say(t("cmd.checks.none"));
      return;
    }
    const lists = {
      afterEdit: asItems(proposed.afterEdit),
      beforeDone: asItems(proposed.beforeDone),
    };
    if (word !== "on") {
      ctx.say(
        [t("cmd.checks.proposed"), ...listLines(lists), t("cmd.checks.turnOnHint")].join("\n"),
      );
      return;
    }
    const saved = await session.checks.turnOn(proposed);
    if (!saved.saved) {
      ctx.say(saved.reason, "error");
      return;
    }
    ctx.say(
      [t("cmd.checks.turnedOn", { file: saved.path }), ...listLines(lists), ...sandboxNote].join(
        "\n",
      ),
    );
  },
};
