import type { Client, Prompt } from "@modelcontextprotocol/client";
import { blockText, bound, type ContentBlock } from "./content-text.js";
import { mcpName } from "./tool-names.js";

/** The most of a prompt sent as the person's message, in characters. */
export const MAX_PROMPT_CHARS = 100_000;

/** A server prompt offered as the slash command `/mcp__<server>__<prompt>`. */
export interface McpPromptCommand {
  /** The command's name, without the slash: `mcp__<server>__<prompt>`, lower case. */
  name: string;
  server: string;
  prompt: string;
  description: string;
  /** `<topic> [style]`: the arguments, required ones in angle brackets. */
  usage: string;
  /**
   * The prompt's named arguments from the words typed after the command: `name=value` words by
   * name, the others in the declared order. A problem is written for the person.
   */
  bind(words: readonly string[]): { values: Record<string, string> } | { problem: string };
  /** Fetches the prompt (`prompts/get`) and returns its messages as one message's text. */
  get(values: Record<string, string>, signal?: AbortSignal): Promise<string>;
}

/** The slash commands of one server's `prompts/list` result (names unique within it). */
export function createMcpPromptCommands(
  source: { server: string; connect(): Promise<Client>; timeoutMs: number },
  prompts: Prompt[],
): McpPromptCommand[] {
  const taken = new Set<string>();
  return prompts.map((prompt) => {
    const args = prompt.arguments ?? [];
    const name = mcpName(source.server, prompt.name, taken).toLowerCase();
    const usage = args.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(" ");
    const about = (prompt.description ?? prompt.title ?? "").trim().split("\n")[0] ?? "";
    return {
      name,
      server: source.server,
      prompt: prompt.name,
      description: `${about || prompt.name} (MCP ${source.server})`,
      usage,
      bind(words) {
        const values: Record<string, string> = {};
        const positional: string[] = [];
        for (const word of words) {
          const eq = word.indexOf("=");
          const key = eq > 0 ? word.slice(0, eq) : undefined;
          if (key && args.some((a) => a.name === key)) values[key] = word.slice(eq + 1);
          else positional.push(word);
        }
        for (const arg of args) {
          if (values[arg.name] === undefined && positional.length > 0) {
            values[arg.name] = positional.shift()!;
          }
        }
        if (positional.length > 0) {
          const extra = positional.join(" ");
          const last = args.at(-1);
          if (!last) return { problem: `/${name} takes no arguments (got "${extra}").` };
          values[last.name] = `${values[last.name]} ${extra}`;
        }
        const missing = args.filter((a) => a.required && !values[a.name]).map((a) => a.name);
        if (missing.length > 0) {
          return {
            problem: `/${name} needs ${missing.join(", ")}: /${name} ${usage} (or name=value).`,
          };
        }
        return { values };
      },
      async get(values, signal) {
        const client = await source.connect();
        const result = await client.getPrompt(
          { name: prompt.name, arguments: values },
          { timeout: source.timeoutMs, ...(signal ? { signal } : {}) },
        );
        const texts = result.messages.flatMap((m) => {
          const text = blockText(m.content as ContentBlock);
          return text ? [text] : [];
        });
        return bound(texts.join("\n\n"), MAX_PROMPT_CHARS).content;
      },
    };
  });
}
