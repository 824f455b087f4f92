import { existsSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "../types.js";
import { t } from "../../i18n/index.js";

/**
 * `/export [file]`: the conversation as markdown (JSON for a `.json` file) — to `file` (relative
 * to the working directory; written whole under a temporary name, then renamed; an existing file
 * is never overwritten), or without one to the clipboard through the terminal (OSC 52, which
 * works over SSH and in tmux with `set-clipboard on`; where there is no terminal, a file is
 * needed).
 */
export const exportCommand: Command = {
  name: "export",
  get description() {
    return t("cmd.export.description");
  },
  arity: "one",
  source: "builtin",
  run(ctx, { args }) {
    const file = args[0];
    if (file === undefined) {
      const text = ctx.session.exportConversation("md");
      if (!ctx.copy) return ctx.refuse?.(t("export.needsFile")) ?? ctx.say(t("export.needsFile"));
      ctx.copy(text);
      return ctx.say(t("export.copied", { chars: text.length }));
    }
    const path = resolve(process.cwd(), file);
    if (existsSync(path)) return ctx.say(t("export.exists", { path }), "error");
    const text = ctx.session.exportConversation(path.endsWith(".json") ? "json" : "md");
    const temporary = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, text, { flag: "wx" });
      renameSync(temporary, path);
    } catch (error) {
      return ctx.say(t("export.failed", { path, why: (error as Error).message }), "error");
    }
    ctx.say(t("export.written", { path, chars: text.length }));
  },
};
