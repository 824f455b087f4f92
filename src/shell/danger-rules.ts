import { resolve } from "node:path";
import type { Redirect, Word } from "./command-words.js";
import { classifyPath, isTemporary, isWithin, type PathScope } from "./danger-paths.js";

/** One simple command as a rule sees it: wrappers (sudo, env, nohup, xargs…) and assignments removed. */
export interface Invocation extends PathScope {
  /** The command's base name (`rm`, `git`…); empty for a bare redirection. */
  name: string;
  args: Word[];
  redirects: Redirect[];
}

/**
 * One entry of the table: `check` returns the reason — a sentence for the person and the model
 * saying what would be lost — or undefined when the command is not its business.
 */
export interface DangerRule {
  id: string;
  check(invocation: Invocation): string | undefined;
}

const NO_UNDO = "an undo cannot restore it.";

/** Whether a short option cluster (`-rf`) or one of the long forms is among `args`. */
function hasOption(args: Word[], short: string, long: string[] = []): boolean {
  for (const { text } of args) {
    if (text === "--") return false;
    if (long.some((l) => text === l || text.startsWith(`${l}=`))) return true;
    // git accepts any unambiguous prefix of a long option (`--ha` for `--hard`).
    const stem = text.split("=")[0]!;
    if (/^--[a-z]/.test(stem) && stem.length >= 4 && long.some((l) => l.startsWith(stem)))
      return true;
    if (short && /^-[A-Za-z]+$/.test(text) && [...short].some((c) => text.includes(c))) return true;
  }
  return false;
}

/** Arguments that are not options (everything after `--` counts). */
function operands(args: Word[]): Word[] {
  const at = args.findIndex((w) => w.text === "--");
  const before = (at < 0 ? args : args.slice(0, at)).filter((w) => !w.text.startsWith("-"));
  return at < 0 ? before : [...before, ...args.slice(at + 1)];
}

/** What deleting `targets` would lose, beyond the repository's files. */
function deletion(
  what: string,
  targets: Word[],
  inv: Invocation,
  recursive: boolean,
  rootIsTarget = true,
) {
  if (inv.fromInput) {
    return `\`${what}\` deletes paths read from its input, which could be outside the repository: ${NO_UNDO}`;
  }
  for (const target of targets) {
    const place = classifyPath(target, inv);
    const shown = target.text;
    if (place.kind === "outside") {
      return `\`${what}\` deletes ${shown}, outside the repository: ${NO_UNDO}`;
    }
    if (place.kind === "root" && rootIsTarget) {
      return `\`${what}\` deletes the whole repository (${shown}), git history included: ${NO_UNDO}`;
    }
    if (place.kind === "git") {
      return `\`${what}\` deletes git's own data (${shown}): history, branches and stashes cannot be restored by an undo.`;
    }
    if (place.kind === "unknown") {
      return `\`${what}\` deletes ${shown || "an empty path"}, which is only known when the command runs and could be outside the repository: ${NO_UNDO}`;
    }
  }
  return undefined;
}

/** The subcommand of a `git` invocation and its arguments, global options skipped. */
function git(inv: Invocation): { sub: string; args: Word[] } | undefined {
  if (inv.name !== "git") return undefined;
  let i = 0;
  while (i < inv.args.length && inv.args[i]!.text.startsWith("-")) {
    if (["-C", "-c", "--git-dir", "--work-tree", "--namespace"].includes(inv.args[i]!.text)) i++;
    i++;
  }
  const sub = inv.args[i]?.text;
  return sub === undefined ? undefined : { sub, args: inv.args.slice(i + 1) };
}

/** A pathspec naming the whole working tree (or, from a subfolder, all of it below). */
function wholeTree(word: Word, inv: Invocation): boolean {
  if ([".", "./", ":/", ":/.", ":(top)", "*", ":*"].includes(word.text)) return true;
  if (word.dynamic || inv.cwd === undefined) return false;
  return isWithin(resolve(inv.cwd, word.text), inv.root);
}

/** The rules, in the order they are tried. */
export const DANGER_RULES: readonly DangerRule[] = [
  {
    id: "rm-outside",
    check(inv) {
      if (inv.name !== "rm") return undefined;
      const recursive = hasOption(inv.args, "rR", ["--recursive"]);
      return deletion(recursive ? "rm -r" : "rm", operands(inv.args), inv, recursive);
    },
  },
  {
    id: "find-delete-outside",
    check(inv) {
      if (inv.name !== "find") return undefined;
      const texts = inv.args.map((w) => w.text);
      const deletes =
        texts.includes("-delete") ||
        texts.some((t, i) => /^-exec(dir)?$/.test(t) && /(^|\/)rm$/.test(texts[i + 1] ?? ""));
      if (!deletes) return undefined;
      // Leading -H/-L/-P (symlink handling) and -D/-O come before the start paths.
      let first = 0;
      while (/^-([HLP]|O\d*|D)$/.test(inv.args[first]?.text ?? "")) {
        first += inv.args[first]!.text === "-D" ? 2 : 1;
      }
      const rest = inv.args.slice(first);
      const end = rest.findIndex((w) => /^[-(!]/.test(w.text));
      const starts = rest.slice(0, end < 0 ? undefined : end);
      const dot: Word = { text: ".", dynamic: false, tilde: false };
      // Deleting matches below the root is the repository's business, not starting there.
      return deletion("find -delete", starts.length > 0 ? starts : [dot], inv, true, false);
    },
  },
  {
    id: "git-reset-hard",
    check(inv) {
      const g = git(inv);
      if (g?.sub !== "reset" || !hasOption(g.args, "", ["--hard"])) return undefined;
      return `\`git reset --hard\` discards every uncommitted change to tracked files: ${NO_UNDO}`;
    },
  },
  {
    id: "git-clean-force",
    check(inv) {
      const g = git(inv);
      if (g?.sub !== "clean" || !hasOption(g.args, "f", ["--force"])) return undefined;
      if (hasOption(g.args, "n", ["--dry-run"])) return undefined;
      return `\`git clean -f\` deletes untracked files (ignored ones too with -x), which git has no copy of: ${NO_UNDO}`;
    },
  },
  {
    id: "git-discard-tree",
    check(inv) {
      const g = git(inv);
      if (g?.sub === "checkout" || g?.sub === "restore") {
        const stagedOnly =
          g.sub === "restore" &&
          hasOption(g.args, "S", ["--staged"]) &&
          !hasOption(g.args, "W", ["--worktree"]);
        if (!stagedOnly && operands(g.args).some((w) => wholeTree(w, inv))) {
          return `\`git ${g.sub} .\` discards the uncommitted changes of every file in the tree: ${NO_UNDO}`;
        }
        if (g.sub === "checkout" && hasOption(g.args, "f", ["--force"])) {
          return `\`git checkout --force\` discards uncommitted changes: ${NO_UNDO}`;
        }
      }
      if (g?.sub === "switch" && hasOption(g.args, "f", ["--force", "--discard-changes"])) {
        return `\`git switch --discard-changes\` discards uncommitted changes: ${NO_UNDO}`;
      }
      return undefined;
    },
  },
  {
    id: "git-push-force",
    check(inv) {
      const g = git(inv);
      if (g?.sub !== "push") return undefined;
      const force =
        hasOption(g.args, "f", ["--force", "--force-with-lease", "--mirror"]) ||
        operands(g.args).some((w) => w.text.startsWith("+"));
      if (force) {
        return "`git push --force` replaces the remote branch's history; commits only the remote had are lost, and an undo cannot restore them.";
      }
      if (
        hasOption(g.args, "d", ["--delete"]) ||
        operands(g.args).some((w) => w.text.startsWith(":"))
      ) {
        return "`git push --delete` deletes a branch on the remote; an undo cannot restore it.";
      }
      return undefined;
    },
  },
  {
    id: "git-stash-drop",
    check(inv) {
      const g = git(inv);
      const action = g?.sub === "stash" ? g.args[0]?.text : undefined;
      if (action !== "drop" && action !== "clear") return undefined;
      return `\`git stash ${action}\` deletes stashed changes: ${NO_UNDO}`;
    },
  },
  {
    id: "raw-device",
    check(inv) {
      const writesDevice =
        (inv.name === "dd" && inv.args.some((w) => /^of=\/dev\/(?!null$)/.test(w.text))) ||
        /^(mkfs(\..+)?|wipefs)$/.test(inv.name);
      return writesDevice
        ? `\`${inv.name}\` writes straight to a disk device: ${NO_UNDO}`
        : undefined;
    },
  },
  {
    id: "overwrite-outside",
    check(inv) {
      for (const { op, target } of inv.redirects) {
        if (![">", ">|", "&>", "<>"].includes(op)) continue;
        if (target.dynamic) {
          return `\`> ${target.text}\` overwrites a file only known when the command runs, which could be outside the repository: ${NO_UNDO}`;
        }
        if (/^\/dev\//.test(target.text)) continue;
        const place = classifyPath(target, { ...inv, fromInput: false });
        if (place.kind === "outside" && !isTemporary(place.absolute)) {
          return `\`> ${target.text}\` overwrites a file outside the repository: ${NO_UNDO}`;
        }
      }
      return undefined;
    },
  },
];

/**
 * What a command of a `WORK_RULES` rule would discard: uncommitted changes of tracked files
 * (`tracked`), untracked files (`untracked`), tracked folders (`folder`), stashes (`stash`), a
 * remote's history (`remote`).
 */
export type WorkLossKind = "tracked" | "untracked" | "folder" | "stash" | "remote";

/** A command that would discard the person's uncommitted work (see `detectWorkLoss`). */
export interface WorkLoss {
  reason: string;
  loss: WorkLossKind;
  /** The paths it names, absolute; empty for the whole tree. */
  paths: string[];
}

/** The rules of `DANGER_RULES` about work inside the repository, by what they discard. */
export const WORK_LOSS: Record<string, WorkLossKind> = {
  "git-reset-hard": "tracked",
  "git-discard-tree": "tracked",
  "git-clean-force": "untracked",
  "git-stash-drop": "stash",
  "git-push-force": "remote",
  "rm-inside": "folder",
  "git-restore-paths": "tracked",
};

/** `git checkout|restore PATHS` (the working tree's copy): git says whether changes are lost. */
const GIT_RESTORE_PATHS: DangerRule = {
  id: "git-restore-paths",
  check(inv) {
    const g = git(inv);
    if (g?.sub !== "checkout" && g?.sub !== "restore") return undefined;
    const stagedOnly =
      g.sub === "restore" &&
      hasOption(g.args, "S", ["--staged"]) &&
      !hasOption(g.args, "W", ["--worktree"]);
    if (stagedOnly || pathOperands("git-restore-paths", inv).length === 0) return undefined;
    return `\`git ${g.sub}\` replaces files with their committed copies, discarding their uncommitted changes.`;
  },
};

/** `rm -r` of a folder inside the repository (outside, the root and .git are `rm-outside`'s). */
const RM_INSIDE: DangerRule = {
  id: "rm-inside",
  check(inv) {
    if (inv.name !== "rm" || !hasOption(inv.args, "rR", ["--recursive"])) return undefined;
    const inside = operands(inv.args).filter((w) => classifyPath(w, inv).kind === "inside");
    if (inside.length === 0) return undefined;
    return `\`rm -r\` deletes ${inside.map((w) => w.text).join(", ")} with the files git tracks there.`;
  },
};

/**
 * The rules about the person's uncommitted work, which the sandbox cannot keep (it lets commands
 * write the repository): reviewed even in the sandbox when git says something would be lost.
 */
export const WORK_RULES: readonly DangerRule[] = [
  ...DANGER_RULES.filter((r) => r.id in WORK_LOSS),
  RM_INSIDE,
  GIT_RESTORE_PATHS,
];

/** The paths a work rule's invocation names: `rm`'s folders, `git checkout/restore/clean`'s pathspecs. */
export function pathOperands(ruleId: string, inv: Invocation): Word[] {
  if (ruleId === "rm-inside") {
    return operands(inv.args).filter((w) => classifyPath(w, inv).kind === "inside");
  }
  const g = git(inv);
  if (!g || g.sub === "reset") return [];
  const named = operands(g.args).filter((w) => !w.dynamic);
  // `git checkout BRANCH -- paths`: the paths are after `--`.
  const dashes = g.args.findIndex((w) => w.text === "--");
  const paths = dashes >= 0 ? g.args.slice(dashes + 1) : named;
  return paths.filter((w) => ![".", "./", ":/", ":/.", ":(top)", "*", ":*"].includes(w.text));
}
