import { readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { readBoundedFileSync, readRepoFileSync } from "../workspace/index.js";
import { splitFrontMatter } from "../session/index.js";
import type { Command } from "./types.js";
import { t } from "../i18n/index.js";

const NAME = /^[a-z][a-z0-9_-]*$/;
/** A command file is read up to this size. */
const MAX_COMMAND_BYTES = 64 * 1024;
/** Command files loaded from one folder, at most. */
const MAX_COMMANDS = 200;

/**
 * Custom commands: each Markdown file in `dir` is a `/name` command whose body is the prompt.
 * `$ARGUMENTS` becomes everything after the command, `$1`, `$2`… its words; an optional front
 * matter gives `description`. A broken file becomes a command that says what is wrong.
 *
 * With `repoRoot` (the project's `.north/commands`), files are read under the repository rules:
 * one that leads outside the repository (a symlinked `.north`), is not a regular file (a FIFO is
 * never waited on) or is over 64 KB becomes a broken command saying so. Without it (the person's
 * own folder), symlinks may lead anywhere, but the type and size rules hold. The body is sent as
 * text a command made (`SubmitOptions.outsidePaths` false): its `@path` words attach only what is
 * in the repository, under the repository's rules, so a repository's command cannot make North
 * read outside it.
 */
export function loadCustomCommands(dir: string, label: string, repoRoot?: string): Command[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".md"));
  } catch {
    return [];
  }
  return names
    .sort()
    .slice(0, MAX_COMMANDS)
    .map((file) => loadOne(join(dir, file), `${label}/${file}`, repoRoot));
}

function loadOne(path: string, label: string, repoRoot: string | undefined): Command {
  const name = basename(path, ".md").toLowerCase();
  const broken = (why: string): Command => ({
    name: NAME.test(name) ? name : name.replace(/[^a-z0-9_-]/g, "-").replace(/^[^a-z]+/, "x"),
    description: t("cmd.custom.brokenDescription", { why }),
    arity: "rest",
    source: label,
    run: (ctx) => ctx.say(t("cmd.custom.broken", { label, why }), "error"),
  });
  if (!NAME.test(name)) return broken(t("cmd.custom.badName"));
  const options = { maxBytes: MAX_COMMAND_BYTES };
  const read =
    repoRoot === undefined
      ? readBoundedFileSync(path, options)
      : readRepoFileSync(repoRoot, path, options);
  if (!read.ok) return broken(read.reason);
  if (read.truncated) return broken(t("cmd.custom.tooLarge"));
  const text = read.text;
  const { meta, body, problem } = splitFrontMatter(text);
  if (problem) return broken(problem);
  if (!body.trim()) return broken(t("cmd.custom.noPrompt"));
  return {
    name,
    description: meta.description ?? t("cmd.custom.description", { label }),
    arity: "rest",
    source: label,
    forModel: () => ({ effect: "prompt" }),
    run(ctx, { args }) {
      ctx.send(expand(body, args));
    },
  };
}

/** Replaces `$ARGUMENTS` with all arguments and `$1`…`$9` with each (missing ones become empty). */
export function expand(body: string, args: readonly string[]): string {
  return body
    .replace(/\$ARGUMENTS/g, args.join(" "))
    .replace(/\$(\d)/g, (_, n: string) => args[Number(n) - 1] ?? "")
    .trim();
}
