import { homedir } from "node:os";
import { basename, isAbsolute, resolve } from "node:path";
import { parseCommands, type Word } from "./command-words.js";
import { expandTilde } from "./danger-paths.js";
import {
  DANGER_RULES,
  pathOperands,
  WORK_LOSS,
  WORK_RULES,
  type DangerRule,
  type Invocation,
  type WorkLoss,
} from "./danger-rules.js";

export {
  DANGER_RULES,
  WORK_RULES,
  type DangerRule,
  type Invocation,
  type WorkLoss,
} from "./danger-rules.js";

export interface DangerContext {
  /** The repository root, absolute. */
  root: string;
  /** Where the command starts, absolute; default the root. */
  cwd?: string;
  /** What `~` means; default the user's home directory. */
  home?: string;
}

const WRAPPERS = new Set(["command", "builtin", "exec", "nohup", "time", "setsid", "busybox"]);
const WRAPPERS_WITH_VALUE = new Set([
  "sudo",
  "doas",
  "nice",
  "ionice",
  "stdbuf",
  "env",
  "timeout",
  "xargs",
  "flock",
]);
/** North's own permission files: changing them must never happen without a person. */
const OWN_PERMISSIONS = /\.north[\\/]+(allowlist|autoaccept|settings)\.json/i;
/** Options of those wrappers that take a value as the next word. */
const VALUE_OPTIONS = new Set([
  "-u",
  "-g",
  "-n",
  "-c",
  "-C",
  "-p",
  "-s",
  "-k",
  "-I",
  "-L",
  "-P",
  "-d",
  "-a",
  "-E",
  "-i",
  "-o",
  "-e",
]);
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh"]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * Whether `command` can destroy work that an undo cannot restore (see `DANGER_RULES`): deleting
 * or overwriting outside the repository, git commands that discard uncommitted work or rewrite a
 * remote. Returns the first reason found, or undefined. Errs on the side of flagging: a path only
 * known when the command runs counts as outside. `sh -c '…'`, `eval` and `$(…)` are looked into;
 * `cd` is followed from one command to the next.
 */
export function detectDanger(command: string, context: DangerContext): string | undefined {
  const root = resolve(context.root);
  const home = context.home ?? homedir();
  if (OWN_PERMISSIONS.test(command)) {
    return "it touches North's own permission files (.north/allowlist.json, autoaccept.json or settings.json), which only the person may change.";
  }
  return scan(command, context.cwd ?? root, root, home, 0, DANGER_RULES).found?.reason;
}

/**
 * Whether `command` would discard work the person has not committed inside the repository — what
 * the sandbox lets a command write (see `WORK_RULES`): the first such invocation, with the rule's
 * kind of loss and the paths it names (absolute; none for the whole tree). Whether anything is
 * actually lost is for git to say (`atRisk`, tools/shell-run/uncommitted.ts).
 */
export function detectWorkLoss(command: string, context: DangerContext): WorkLoss | undefined {
  const root = resolve(context.root);
  const home = context.home ?? homedir();
  const hit = scan(command, context.cwd ?? root, root, home, 0, WORK_RULES).found;
  if (!hit) return undefined;
  const loss = WORK_LOSS[hit.rule.id]!;
  const base = hit.inv.cwd ?? root;
  const paths =
    loss === "tracked" || loss === "folder" || loss === "untracked"
      ? pathOperands(hit.rule.id, hit.inv).map((w) => resolve(base, w.text))
      : [];
  return { reason: hit.reason, loss, paths };
}

function scan(
  text: string,
  startCwd: string | undefined,
  root: string,
  home: string,
  depth: number,
  rules: readonly DangerRule[],
): { found?: { reason: string; rule: DangerRule; inv: Invocation }; cwd: string | undefined } {
  let cwd = startCwd;
  for (const command of parseCommands(text)) {
    const { words, fromInput } = unwrap(command.words);
    if (words[0]?.dynamic || words[0]?.text.startsWith("-")) {
      if (rules !== DANGER_RULES) continue;
      const reason = `the program to run (\`${words[0].text}\`) is only known when the command runs, so what it does cannot be checked beforehand.`;
      return {
        found: {
          reason,
          rule: DANGER_RULES[0]!,
          inv: { name: "", args: [], redirects: [], cwd, fromInput: false, root, home },
        },
        cwd,
      };
    }
    const name = words[0] ? basename(words[0].text) : "";
    const args = words.slice(1);
    const inv: Invocation = {
      name,
      args,
      redirects: command.redirects,
      cwd,
      fromInput,
      root,
      home,
    };
    for (const rule of rules) {
      const reason = rule.check(inv);
      if (reason) return { found: { reason, rule, inv }, cwd };
    }
    const script = innerScript(name, args);
    if (script !== undefined && depth < 4) {
      const inner = scan(script, cwd, root, home, depth + 1, rules);
      if (inner.found) return inner;
    }
    if (name === "cd" || name === "pushd") cwd = changeDir(args, cwd, home);
  }
  return { cwd };
}

/** The script run by `sh -c '…'` or `eval …`, when it is written out. */
function innerScript(name: string, args: Word[]): string | undefined {
  if (name === "eval") return args.map((w) => w.text).join(" ");
  if (!SHELLS.has(name)) return undefined;
  const at = args.findIndex((w) => /^-[a-z]*c[a-z]*$/.test(w.text));
  return at >= 0 ? args[at + 1]?.text : undefined;
}

function changeDir(args: Word[], cwd: string | undefined, home: string): string | undefined {
  const target = args.find((w) => !w.text.startsWith("-") || w.text === "-");
  if (!target) return home;
  if (target.dynamic || target.text === "-") return undefined;
  const expanded = expandTilde(target, home);
  if (expanded === undefined) return undefined;
  if (isAbsolute(expanded)) return resolve(expanded);
  return cwd === undefined ? undefined : resolve(cwd, expanded);
}

/** Removes leading assignments and wrappers such as `sudo`, `env X=1`, `nohup`, `xargs -0`. */
function unwrap(all: Word[]): { words: Word[]; fromInput: boolean } {
  let words = all;
  let fromInput = false;
  for (;;) {
    while (words[0] && ASSIGNMENT.test(words[0].text)) words = words.slice(1);
    const name = words[0] ? basename(words[0].text) : "";
    if (!WRAPPERS.has(name) && !WRAPPERS_WITH_VALUE.has(name)) return { words, fromInput };
    if (name === "xargs") fromInput = true;
    let i = 1;
    while (i < words.length && words[i]!.text.startsWith("-")) {
      if (WRAPPERS_WITH_VALUE.has(name) && VALUE_OPTIONS.has(words[i]!.text)) i++;
      else if (name === "timeout" && /^--(signal|kill-after)$/.test(words[i]!.text)) i++;
      i++;
    }
    if ((name === "timeout" || name === "flock") && i < words.length) i++; // duration / lock file
    words = words.slice(i);
  }
}
