import type { Command } from "../types.js";
import { t } from "../../i18n/index.js";
import { checkAddDir } from "../../add-dirs.js";

/**
 * `/add-dir DIR`: a folder the tools may read and, in agent mode, change besides the repository,
 * as `--add-dir` does for a whole run (`Session.addDir`). The person's alone: no `forModel`, so
 * the model's `slash_command` is refused (a folder outside the repository is a grant). Without a
 * folder: the list of those added.
 */
export const addDirCommand: Command = {
  name: "add-dir",
  get description() {
    return t("cmd.addDir.description");
  },
  arity: "rest",
  source: "builtin",
  idleOnly: true,
  async run(ctx, { args }) {
    const dir = args.join(" ").trim();
    if (!dir) {
      const added = ctx.session.addedDirs();
      return ctx.say(
        added.length > 0 ? t("addDir.list", { dirs: added.join(", ") }) : t("addDir.none"),
      );
    }
    const checked = checkAddDir(dir);
    if ("problem" in checked) return ctx.say(t("addDir.bad", { dir }), "error");
    const all = await ctx.session.addDir(checked.real);
    ctx.say(t("addDir.added", { dir: checked.real, count: all.length }));
  },
};
