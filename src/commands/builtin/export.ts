import { existsSync, linkSync, rmSync, writeFileSync } from "node:fs";
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
    const failed = (error: unknown) =>
      ctx.say(t("export.failed", { path, why: (error as Error).message }), "error");
    try {
      writeFileSync(temporary, text, { flag: "wx" });
    } catch (error) {
      return failed(error);
    }
    try {
      // Whole or not at all, and never over a file made meanwhile: a link fails where one is.
      linkSync(temporary, path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST") return ctx.say(t("export.exists", { path }), "error");
      // A filesystem without hard links (FAT, some network shares): created exclusively instead.
      if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP") return failed(error);
      try {
        writeFileSync(path, text, { flag: "wx" });
      } catch (again) {
        return failed(again);
      }
    } finally {
      rmSync(temporary, { force: true });
    }
    ctx.say(t("export.written", { path, chars: text.length }));
  },
};
