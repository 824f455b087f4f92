// Prints the JSON schemas of North's built-in tools, as sent to the model. The build runs this
// and embeds the result, so a run does not pay for converting zod schemas at start-up;
// `toolSchema` falls back to converting any tool it does not find here.
import { createReadTracker, createWorkspace } from "../src/workspace/index.js";
import { createShellService } from "../src/shell/index.js";
import { toolSchema } from "../src/agent/tool.js";
import {
  createEditTools,
  createExitPlanModeTool,
  createReadTools,
  createShellTool,
} from "../src/tools/index.js";

const ws = await createWorkspace(process.cwd());
const tools = [
  ...createReadTools(ws),
  ...createEditTools(ws, { tracker: createReadTracker() }),
  createShellTool(ws, createShellService({ root: ws.root })),
  createExitPlanModeTool(),
];
process.stdout.write(JSON.stringify(Object.fromEntries(tools.map((t) => [t.name, toolSchema(t)]))));
