/** A shell command the person allowed for this project: exactly, or every command it begins. */
export type AllowRule = { exact: string } | { prefix: string };

/** Characters that chain or redirect commands: a prefix rule never covers such a command. */
const COMPOUND = /[;&|`<>\n]|\$\(/;

/** Programs whose first words say nothing of what they will do: only exact rules for them. */
const OPEN_ENDED =
  /^(sh|bash|zsh|dash|ksh|csh|tcsh|fish|python\d*(\.\d+)?|node|deno|bun|ruby|perl|php|lua|tclsh|awk|gawk|env|sudo|doas|su|xargs|find|eval|exec|command|builtin|source|\.|nohup|timeout|nice|ionice|time|stdbuf|setsid|chroot|unshare|watch|script|parallel|ssh|docker|podman|kubectl)$/;

/**
 * Whether a command's first words say nothing of what it will do, so a prefix rule must never
 * cover it: an interpreter or wrapper as its program (by base name), a leading variable
 * assignment, or an option as its second word (`git -c alias.x=…`, `make -f other`).
 */
export function isOpenEnded(command: string): boolean {
  const [first = "", second = ""] = command.trim().split(/\s+/);
  const program = first.replace(/^.*\//, "").replace(/^\\/, "");
  return OPEN_ENDED.test(program) || first.includes("=") || second.startsWith("-");
}

/**
 * Whether `command` is allowed by `rule`: an exact rule by the same text (trimmed); a prefix
 * rule by whole words, never for a compound command (`;`, `&&`, pipes, redirections,
 * substitutions) and never for an open-ended program (`{prefix: "python3"}` would allow any
 * code) — whatever the rule says.
 */
export function matchesRule(command: string, rule: AllowRule): boolean {
  const cmd = command.trim();
  if ("exact" in rule) return cmd === rule.exact.trim();
  const prefix = rule.prefix.trim();
  if (!prefix || COMPOUND.test(cmd) || isOpenEnded(cmd)) return false;
  return cmd === prefix || cmd.startsWith(`${prefix} `);
}

/**
 * The rule offered by "always": the first two words of a simple command (`npm run`, `cargo
 * test`), else the exact text — for compound commands, interpreters and wrappers, commands whose
 * second word is an option, and leading variable assignments, a prefix would allow anything.
 */
export function suggestRule(command: string): AllowRule {
  const cmd = command.trim();
  if (COMPOUND.test(cmd)) return { exact: cmd };
  const words = cmd.split(/\s+/);
  return words.length > 2 && !isOpenEnded(cmd)
    ? { prefix: words.slice(0, 2).join(" ") }
    : { exact: cmd };
}

/**
 * A rule read from a file, if it is one North could have offered: exactly one non-empty string
 * field `exact` or `prefix`, no control characters, and a prefix that is not compound nor names
 * an open-ended program. Anything else: undefined.
 */
export function wellFormedRule(value: unknown): AllowRule | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length !== 1) return undefined;
  const [key, text] = entries[0]!;
  if (typeof text !== "string" || !text.trim() || /[\x00-\x08\x0b-\x1f\x7f]/.test(text)) {
    return undefined;
  }
  if (key === "exact") return { exact: text };
  if (key !== "prefix" || COMPOUND.test(text) || isOpenEnded(text)) return undefined;
  return { prefix: text };
}
