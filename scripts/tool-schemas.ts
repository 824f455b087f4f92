// Prints the JSON schemas of North's built-in tools, as sent to the model. The build runs this
// and embeds the result, so a run does not pay for converting zod schemas at start-up. It fails
// the build when a built-in tool (a folder of src/ with a `description.md`) has none here: add the
// tool to the list below. Only tests, which run from source, convert built-in schemas with zod.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { schemasReady, toolSchema } from "../src/agent/tool.js";
import { silentLogger } from "../src/log/logger.js";
import { createSessionTools } from "../src/session/tools/session-tools.js";
import {
  createTaskTool,
  createTodoWriteTool,
  createWebFetchTool,
  createWebSearchTool,
} from "../src/tools/index.js";
import { ApprovalBroker } from "../src/session/permissions/approval-broker.js";
import { createMcpToolState } from "../src/mcp/search/mcp-search.js";
import { createDialogueTools } from "../src/session/tools/dialogue-tools.js";
import { createWorkspace } from "../src/workspace/index.js";

const { tools } = createSessionTools({
  workspace: await createWorkspace(process.cwd()),
  env: {},
  logger: silentLogger,
  checkpoints: () => Promise.reject(new Error("no checkpoints while listing schemas")),
  live: { emit: () => {} },
  profile: () => "none",
  secretEnv: [],
});
// The session adds `task`, `todo_write` and the dialogue tools with what they need; only the
// schemas matter here.
tools.push(
  createTodoWriteTool(() => {}),
  ...createDialogueTools({ broker: new ApprovalBroker(), interactive: true }),
  createTaskTool({
    readOnly: () => false,
    run: () => Promise.reject(new Error("no sub-agents while listing schemas")),
  }),
  // Offered in a step when a server has come up with more tools than the budget.
  createMcpToolState().search,
  // The web tools (`session/tools/web-tools.ts`); web_search only with a provider configured.
  createWebFetchTool({ allowHosts: [] }),
  createWebSearchTool({ provider: "brave", allowHosts: [] }),
);
await schemasReady(tools);
const missing = [...builtinToolNames("src")].filter((name) => !tools.some((t) => t.name === name));
if (missing.length > 0) {
  throw new Error(
    `built-in tools without a precomputed schema: ${missing.join(", ")} (add them to scripts/tool-schemas.ts)`,
  );
}
process.stdout.write(JSON.stringify(Object.fromEntries(tools.map((t) => [t.name, toolSchema(t)]))));

/**
 * The names of the tools defined in `dir`: each lives in a folder with its `description.md`, its
 * name given as `name: "snake_case"` in that folder's code.
 */
function builtinToolNames(dir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    if (!entry.endsWith("description.md")) continue;
    const folder = join(dir, dirname(entry));
    for (const file of readdirSync(folder)) {
      if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
      const code = readFileSync(join(folder, file), "utf8");
      for (const match of code.matchAll(/\bname: "([a-z]+(?:_[a-z]+)*)"/g)) names.add(match[1]!);
    }
  }
  return names;
}
