import type { CheckEndEvent } from "../../../agent/events.js";
import { t } from "../../../i18n/index.js";
import type { SettledChange } from "./settle.js";
import { OUTPUT_TAIL_LINES } from "./shell.js";
import { clip } from "./types.js";

const RUNNERS = new Set(["npx", "bunx", "pnpx"]);
const MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);
/** Interpreters whose script names the check better than they do (`sh lint.sh` is `lint.sh`). */
const INTERPRETERS = new Set(["sh", "bash", "zsh", "node", "python", "python3", "ruby", "perl"]);

/**
 * A check's short name from its command: the program (`eslint` for `npx eslint {files}`), the
 * script an interpreter runs (`lint.sh` for `sh lint.sh`), or the package manager's script
 * (`npm test`, `npm run lint`).
 */
export function checkName(command: string): string {
  const words = command.replaceAll("{files}", "").trim().split(/\s+/);
  let i = 0;
  if (RUNNERS.has(words[0] ?? "")) {
    i = 1;
    while (words[i]?.startsWith("-")) i++;
  } else if (MANAGERS.has(words[0] ?? "") && words[1] === "exec") {
    i = 2;
  }
  if (INTERPRETERS.has(words[i] ?? "") && words[i + 1] && !words[i + 1]!.startsWith("-")) i++;
  const first = words[i] ?? command;
  if (MANAGERS.has(first)) return words.slice(i, words[i + 1] === "run" ? i + 3 : i + 2).join(" ");
  return clip(first.split("/").pop() || first, 40);
}

/** A running check's line: "Checking with eslint". */
export const checkRunningTitle = (command: string) =>
  t("check.running", { name: checkName(command) });

/**
 * A check's settled line: "✓ eslint 0.4 s", "✗ npm test — 2 failed" (or its exit code), "✗ lint —
 * not run …" for a repository's check skipped without the sandbox; a failure's last output
 * lines under it.
 */
export function settleCheck(event: CheckEndEvent): SettledChange {
  const name = checkName(event.command);
  if (event.skipped)
    return { title: name, outcome: t("check.skipped"), error: false, declined: true };
  const seconds = (event.duration_ms / 1000).toFixed(1);
  const lines = event.output.replace(/\s+$/, "").split("\n");
  const shown = lines.slice(-OUTPUT_TAIL_LINES);
  const change =
    event.output.trim().length > 0
      ? { change: { type: "output" as const, lines: shown, omitted: lines.length - shown.length } }
      : {};
  // A passing check is one line; a failing one keeps its last lines (all of them in browse mode).
  if (event.ok) return { title: t("check.passed", { name, seconds }), error: false };
  const outcome =
    event.summary ??
    (event.exit_code === null ? t("check.stopped") : t("tool.exit", { code: event.exit_code }));
  return { title: name, outcome, error: true, ...change };
}
