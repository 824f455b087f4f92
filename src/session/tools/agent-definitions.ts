import { readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { readBoundedFileSync, readRepoFileSync } from "../../workspace/index.js";
import explorePrompt from "./agents/explore.md";
import generalPrompt from "./agents/general.md";
import planPrompt from "./agents/plan.md";
import { splitFrontMatter } from "../config/front-matter.js";
import { configDir } from "../config/paths.js";

/** A kind of sub-agent the `task` tool can start. */
export interface AgentDefinition {
  name: string;
  /** One line for the person (`/agents`) and the model. */
  description: string;
  /** Its system prompt; `{{root}}` is replaced by the repository root. */
  prompt: string;
  /**
   * The tools it gets, taken from the parent's tools of the moment (so the mode and the
   * permission policy still apply): `read` only the read tools, `all` every one, or these names.
   * Never `task`, `ask_user_question`, the plan-mode tools or `slash_command`.
   */
  tools: "read" | "all" | readonly string[];
  /** A model id or alias of its own; else the config's `agents.<name>.model`, else the parent's. */
  model?: string;
  /** `builtin`, or the file it came from (`.north/agents/x.md`, `~/.config/north/agents/x.md`). */
  source: string;
}

/** Every agent that can be started, and the custom agent files that cannot be used and why. */
export interface AgentListing {
  agents: AgentDefinition[];
  broken: { source: string; error: string }[];
}

export const BUILTIN_AGENTS: readonly AgentDefinition[] = [
  {
    name: "explore",
    description: "Searches and reads to answer one question; read-only, fast, runs in parallel",
    prompt: explorePrompt,
    tools: "read",
    source: "builtin",
  },
  {
    name: "plan",
    description: "Studies the code and returns a step-by-step plan; read-only",
    prompt: planPrompt,
    tools: "read",
    source: "builtin",
  },
  {
    name: "general",
    description: "Carries out a task with the main agent's tools; changes reviewed as usual",
    prompt: generalPrompt,
    tools: "all",
    source: "builtin",
  },
];

const NAME = /^[a-z][a-z0-9_-]{0,39}$/;
const MAX_AGENT_BYTES = 64 * 1024;
const MAX_AGENTS = 50;

/**
 * The built-in agents, then the person's own (`<config>/north/agents/*.md`), then the
 * repository's (`.north/agents/*.md`, read under the repository rules). A custom file has front
 * matter `name`, `description`, `tools` (a list) and optionally `model`; its body is the system
 * prompt. A file that cannot be used is listed in `broken` with the reason, never thrown; a name
 * already taken (a built-in one, or the person's own) is not replaced. A repository's agent only
 * narrows the tools: every call still goes through the permission policy.
 */
export function listAgents(root: string, env: Record<string, string | undefined>): AgentListing {
  const listing: AgentListing = { agents: [...BUILTIN_AGENTS], broken: [] };
  const own = join(configDir(env), "agents");
  loadFolder(listing, own, "~/.config/north/agents", undefined);
  loadFolder(listing, join(root, ".north", "agents"), ".north/agents", root);
  return listing;
}

function loadFolder(listing: AgentListing, dir: string, label: string, repoRoot?: string): void {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".md"));
  } catch {
    return;
  }
  for (const file of names.sort().slice(0, MAX_AGENTS)) {
    const source = `${label}/${file}`;
    const result = loadOne(join(dir, file), basename(file, ".md"), repoRoot);
    if (typeof result === "string") {
      listing.broken.push({ source, error: result });
      continue;
    }
    const taken = listing.agents.find((a) => a.name === result.name);
    if (taken) {
      listing.broken.push({
        source,
        error: `the name "${result.name}" is taken (${taken.source})`,
      });
      continue;
    }
    listing.agents.push({ ...result, source });
  }
}

function loadOne(
  path: string,
  fileName: string,
  repoRoot: string | undefined,
): Omit<AgentDefinition, "source"> | string {
  const options = { maxBytes: MAX_AGENT_BYTES };
  const read =
    repoRoot === undefined
      ? readBoundedFileSync(path, options)
      : readRepoFileSync(repoRoot, path, options);
  if (!read.ok) return read.reason;
  if (read.truncated) return "the file is larger than 64 KB";
  const { meta, body, problem } = splitFrontMatter(read.text);
  if (problem) return problem;
  const name = (meta.name ?? fileName).toLowerCase();
  if (!NAME.test(name)) return `the name "${name}" must be letters, digits, - or _`;
  if (!body.trim()) return "the file has no system prompt after its front matter";
  if (!meta.description) return "the front matter has no description";
  const tools = meta.tools
    ?.split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  if (meta.tools !== undefined && (!tools || tools.length === 0))
    return "tools is empty; leave it out to give the agent every tool";
  return {
    name,
    description: meta.description,
    prompt: body.trim(),
    tools: tools ?? "all",
    ...(meta.model ? { model: meta.model } : {}),
  };
}
