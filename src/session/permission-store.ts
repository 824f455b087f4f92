import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** A shell command the person allowed for this project: exactly, or every command it begins. */
export type AllowRule = { exact: string } | { prefix: string };

/** Characters that chain or redirect commands: a prefix rule never covers such a command. */
const COMPOUND = /[;&|`<>\n]|\$\(/;

export function matchesRule(command: string, rule: AllowRule): boolean {
  const cmd = command.trim();
  if ("exact" in rule) return cmd === rule.exact.trim();
  const prefix = rule.prefix.trim();
  if (!prefix || COMPOUND.test(cmd)) return false;
  return cmd === prefix || cmd.startsWith(`${prefix} `);
}

/** Programs whose first words say nothing of what they will do: only exact rules for them. */
const OPEN_ENDED =
  /^(sh|bash|zsh|dash|ksh|fish|python\d*(\.\d+)?|node|deno|bun|ruby|perl|php|lua|env|sudo|doas|xargs|find|eval|exec|command|nohup|timeout|nice|time|ssh|docker|kubectl)$/;

/**
 * The rule offered by "always": the first two words of a simple command (`npm run`, `cargo
 * test`), else the exact text — for compound commands, interpreters and wrappers, commands whose
 * second word is an option, and leading variable assignments, a prefix would allow anything.
 */
export function suggestRule(command: string): AllowRule {
  const cmd = command.trim();
  if (COMPOUND.test(cmd)) return { exact: cmd };
  const words = cmd.split(/\s+/);
  const [first = "", second = ""] = words;
  const openEnded =
    OPEN_ENDED.test(first.replace(/^.*\//, "")) || second.startsWith("-") || first.includes("=");
  return words.length > 2 && !openEnded ? { prefix: words.slice(0, 2).join(" ") } : { exact: cmd };
}

/**
 * The person's standing permissions for one project, in `.north/autoaccept.json` (edits) and
 * `.north/allowlist.json` (shell rules). A missing or unreadable file means "ask"; a write is
 * atomic (temp file + rename) so a crash never leaves half a file.
 */
export class PermissionStore {
  private autoAccept = false;
  private rules: AllowRule[] = [];

  private constructor(private readonly dir: string) {}

  /** Said once to the person, e.g. that a permission file committed to the repository is ignored. */
  readonly notices: string[] = [];

  static async load(root: string): Promise<PermissionStore> {
    const store = new PermissionStore(join(root, ".north"));
    const tracked = await trackedByGit(root, ["autoaccept.json", "allowlist.json"]);
    for (const name of tracked) {
      store.notices.push(
        `.north/${name} is committed to the repository, so it is ignored: permissions are the person's own choice, not the project's. Remove it from git to use it.`,
      );
    }
    const auto = tracked.includes("autoaccept.json")
      ? undefined
      : await readJson(join(store.dir, "autoaccept.json"));
    store.autoAccept = (auto as { edits?: unknown } | undefined)?.edits === true;
    const allow = tracked.includes("allowlist.json")
      ? undefined
      : await readJson(join(store.dir, "allowlist.json"));
    const rules = (allow as { commands?: unknown } | undefined)?.commands;
    if (Array.isArray(rules)) store.rules = rules.filter(isRule);
    return store;
  }

  get editsAutoAccepted(): boolean {
    return this.autoAccept;
  }

  allows(command: string): boolean {
    return this.rules.some((rule) => matchesRule(command, rule));
  }

  async acceptEditsAlways(): Promise<void> {
    this.autoAccept = true;
    await writeAtomic(join(this.dir, "autoaccept.json"), { edits: true });
  }

  async allowAlways(rule: AllowRule): Promise<void> {
    if (this.rules.some((r) => JSON.stringify(r) === JSON.stringify(rule))) return;
    this.rules.push(rule);
    await writeAtomic(join(this.dir, "allowlist.json"), { commands: this.rules });
  }
}

/**
 * The permission files that git tracks: a cloned repository could otherwise grant its own
 * permissions. Asks git only when one of the files exists; without git, none are tracked.
 */
async function trackedByGit(root: string, names: string[]): Promise<string[]> {
  const present = names.filter((n) => existsSync(join(root, ".north", n)));
  if (present.length === 0) return [];
  const paths = present.map((n) => `.north/${n}`);
  return new Promise((resolve) => {
    execFile("git", ["ls-files", "--", ...paths], { cwd: root, timeout: 3000 }, (error, out) => {
      if (error) return resolve([]);
      resolve(present.filter((n) => out.split("\n").includes(`.north/${n}`)));
    });
  });
}

function isRule(value: unknown): value is AllowRule {
  const v = value as Record<string, unknown> | null;
  return !!v && (typeof v.exact === "string" || typeof v.prefix === "string");
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, "utf8"));
  } catch {
    return undefined;
  }
}

async function writeAtomic(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, `${JSON.stringify(value, null, 2)}\n`);
  await rename(temp, path);
}
