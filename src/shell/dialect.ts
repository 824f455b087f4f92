import { accessSync, constants } from "node:fs";
import { basename, delimiter, isAbsolute, join } from "node:path";
import { BEGIN_PRINTF, MARKER_PRINTF, REQUEST_PRINTF } from "./framing.js";

export type ShellKind = "bash" | "zsh" | "sh";

/**
 * How to drive one kind of shell. Each is started interactive (so that it has job control: every
 * pipeline in its own process group, the terminal handed to the foreground one; and so that an
 * interrupt abandons the rest of a command list) but reads no startup file; a prompt hook prints
 * the end-of-command marker, so it is printed even when a command list was interrupted.
 */
export interface ShellDialect {
  kind: ShellKind;
  /** Absolute path of the executable. */
  file: string;
  args: string[];
  /** The script sourced once at start; it ends by setting the prompt hook. */
  init(): string;
  /**
   * The line typed into the shell to run the command in `commandFile` in the shell itself (so
   * `cd`, variables and functions persist), after printing the begin marker. `resetTerminal` restores sane terminal settings
   * first, after a command was killed and may have left the terminal raw or echoing. `cwd`: a
   * folder to change to first (silently staying put when that fails).
   */
  controlLine(beginId: string, commandFile: string, resetTerminal: boolean, cwd?: string): string;
}

/**
 * The marker function, POSIX syntax; `$?` is read first, before anything can change it.
 *
 * The nonce that closes the end marker is not in the shell while a command runs: the hook asks
 * for it (`REQUEST_PRINTF`), reads it from the terminal, prints the marker and forgets it. North
 * types it only once the shell itself waits to read the terminal and no program of the command
 * holds the foreground (`shellAwaitsLine`), and accepts the marker only when the shell is then
 * waiting for its next line with no new request (command-run.ts). So neither a program's output
 * nor a command that prints a marker of its own (even one that reads `$__north_n`, which is
 * unset) can end a command early or report another status or folder.
 *
 * What a determined command can still do: it runs as shell code in the shell itself, so it can
 * replace the hook, or print the request and `read` the nonce as the hook does and then keep
 * reading the terminal as the shell does — act as the shell, taking North's next control lines.
 * Everything it runs that way is still the sandbox's (no network, repository-only writes) and
 * ends with the session (PID namespace); the model writing such a command could equally lie in
 * its answer. What it reports is its own story, not something a program's output forged.
 */
const markFunction = (silentRead: string) =>
  `__north_mark() { __north_s=$?; printf ${REQUEST_PRINTF} >&2; IFS= ${silentRead} __north_n; printf ${MARKER_PRINTF} "$__north_n" "$__north_s" "$PWD" "$__north_n"; unset __north_n; return $__north_s; }`;

const COMMON = ["unset HISTFILE MAILCHECK PROMPT_COMMAND", "stty -echo 2>/dev/null"];

/** How each shell reads the nonce without echoing it (a command may have turned echo on). */
const SILENT_READ: Record<ShellKind, string> = {
  bash: "read -rs",
  zsh: "read -rs",
  sh: "stty -echo 2>/dev/null; read -r",
};

const HOOKS: Record<ShellKind, { args: string[]; init: string[]; hook: string }> = {
  bash: {
    args: ["--noprofile", "--norc", "--noediting", "-i"],
    init: ["PS1=''; PS2=''; PS0=''", "set +o history +H"],
    hook: "PROMPT_COMMAND=__north_mark",
  },
  zsh: {
    // -f: no startup files; +Z: no line editor.
    args: ["-f", "-i", "+Z"],
    init: [
      "PS1=''; PS2=''; RPS1=''; RPS2=''; PROMPT_EOL_MARK=''",
      "unsetopt prompt_cr prompt_sp zle hist_save_by_copy 2>/dev/null; SAVEHIST=0",
    ],
    hook: "precmd_functions=(__north_mark)",
  },
  sh: {
    args: ["-i"],
    // POSIX shells have no prompt hook, but expand PS1 (dash and busybox run $(…) in it).
    init: ["PS2=''"],
    hook: "PS1='$(__north_mark)'",
  },
};

/** Quotes a word for any POSIX shell. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Changes to `dir` past aliases and functions named `cd`; silent when that fails. */
function cdFirst(kind: ShellKind, dir: string | undefined): string {
  if (dir === undefined) return "";
  return `${kind === "sh" ? "\\command" : "\\builtin"} cd -- ${shellQuote(dir)} 2>/dev/null; `;
}

export function makeDialect(kind: ShellKind, file: string): ShellDialect {
  const spec = HOOKS[kind];
  return {
    kind,
    file,
    args: spec.args,
    init: () =>
      [...spec.init, ...COMMON, markFunction(SILENT_READ[kind]), spec.hook, ""].join("\n"),
    controlLine: (beginId, commandFile, resetTerminal, cwd) =>
      `${resetTerminal ? "stty sane -echo 2>/dev/null; " : ""}${cdFirst(kind, cwd)}${spec.hook}; printf ${BEGIN_PRINTF} ${beginId}; . ${shellQuote(commandFile)}`,
  };
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findInPath(name: string, pathVar: string | undefined): string | undefined {
  const dirs = [...(pathVar ?? "").split(delimiter), "/bin", "/usr/bin", "/usr/local/bin"];
  for (const dir of dirs) {
    if (!dir) continue;
    const file = join(dir, name);
    if (isExecutable(file)) return file;
  }
  return undefined;
}

/**
 * The shell to run: `preferred` (an explicit setting) or `$SHELL` when it is bash or zsh, else
 * bash from the PATH, else /bin/sh.
 */
export function chooseShell(
  env: Record<string, string | undefined>,
  preferred?: string,
): ShellDialect {
  for (const candidate of [preferred, env.SHELL]) {
    if (!candidate || !isAbsolute(candidate) || !isExecutable(candidate)) continue;
    const name = basename(candidate);
    if (name === "bash" || name === "zsh") return makeDialect(name, candidate);
    if (candidate === preferred) return makeDialect("sh", candidate);
  }
  const bash = findInPath("bash", env.PATH);
  return bash ? makeDialect("bash", bash) : makeDialect("sh", "/bin/sh");
}
