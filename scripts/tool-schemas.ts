// Prints the JSON schemas of North's built-in tools, as sent to the model. The build runs this
// and embeds the result, so a run does not pay for converting zod schemas at start-up;
// `toolSchema` falls back to converting any tool it does not find here.
import { schemasReady, toolSchema } from "../src/agent/tool.js";
import { silentLogger } from "../src/log/logger.js";
import { createSessionTools } from "../src/session/tools/session-tools.js";
import { createTaskTool, createTodoWriteTool } from "../src/tools/index.js";
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
);
await schemasReady(tools);
process.stdout.write(JSON.stringify(Object.fromEntries(tools.map((t) => [t.name, toolSchema(t)]))));
