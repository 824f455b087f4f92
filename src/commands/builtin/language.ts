import { LANGUAGES, isLanguage, language, languageName, setLanguage, t } from "../../i18n/index.js";
import { saveLanguage } from "../../session/index.js";
import type { Command } from "../types.js";
import { reportWithoutArgs } from "./format.js";

/**
 * `/language [en|zh-CN]`: without an argument, the language in use; with one, switches the
 * interface at once and remembers it in the global config (`language`). A config file North
 * cannot read is left alone: the switch then holds for this session only. Needs no session, so
 * it works before a model provider is set up.
 */
export function languageCommand(env: Record<string, string | undefined>): Command {
  return {
    name: "language",
    get description() {
      return t("cmd.language.description");
    },
    arity: "one",
    source: "builtin",
    forModel: reportWithoutArgs(({ args }) => ({
      effect: "change",
      does: t("cmd.language.does", { code: args[0]! }),
    })),
    choices: () => LANGUAGES.map((l) => ({ value: l.code, label: l.name, description: l.code })),
    async run(ctx, { args }) {
      const wanted = args[0];
      if (!wanted) {
        ctx.say(t("cmd.language.current", { name: languageName(language()), code: language() }));
        return;
      }
      const code = LANGUAGES.find((l) => l.code.toLowerCase() === wanted.toLowerCase())?.code;
      if (!isLanguage(code)) {
        ctx.say(t("cmd.language.unknown", { code: wanted }), "error");
        return;
      }
      setLanguage(code);
      const saved = await saveLanguage(env, code);
      ctx.say(t("cmd.language.switched", { name: languageName(code) }));
      if (!saved.saved) ctx.say(t("cmd.sessionOnly", { reason: saved.reason }), "error");
    },
  };
}
