import template from "./system-prompt.md";
import { localDate } from "../../log/timestamp.js";

export interface PromptContext {
  root: string;
  mode: string;
  date?: Date;
  /** The developer tools installed ("git 2.43.0, python3 3.11.2, …"); no line when empty. */
  tools?: string;
  /** Folders the person added (`--add-dir`); no line when none. */
  extraRoots?: readonly string[];
}

const MODE_TEXT: Record<string, string> = {
  ask: "ask — answer from reading the repository; changing files and running commands are not available.",
  agent:
    "agent — you may change files and run commands; the person reviews each change unless they trust it.",
  plan: "plan — study the repository and present a plan; changes wait until the person accepts it.",
};

/** The system prompt: the prose file with its `{{placeholders}}` filled in. */
export function buildSystemPrompt(ctx: PromptContext): string {
  const values: Record<string, string> = {
    root: ctx.root,
    platform: `${process.platform} ${process.arch}`,
    date: localDate(ctx.date),
    mode: MODE_TEXT[ctx.mode] ?? ctx.mode,
    tools:
      (ctx.tools ? `\n- Installed developer tools: ${ctx.tools}` : "") +
      (ctx.extraRoots?.length
        ? `\n- Added folders (use absolute paths inside them; same rules as the repository): ${ctx.extraRoots.join(", ")}`
        : ""),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "").trim();
}
