import { createLogger, loadConfigFile, serveRepositoryTools } from "../session/index.js";

export interface McpServeOptions {
  root: string;
  env: Record<string, string | undefined>;
  allowChanges: boolean;
}

/**
 * `north mcp serve`: the repository's tools over MCP on stdin/stdout until the client closes
 * them. Everything for the person goes to stderr and the log; stdout carries only the protocol.
 */
export async function runMcpServe(options: McpServeOptions): Promise<number> {
  const logger = createLogger();
  logger.log("app_start", { mode: "mcp-serve", cwd: options.root, changes: options.allowChanges });
  const { config, notice } = await loadConfigFile(options.env);
  const note = (text: string) => process.stderr.write(`north: note: ${text}\n`);
  if (notice) note(notice);
  try {
    await serveRepositoryTools({
      root: options.root,
      env: options.env,
      config,
      logger,
      allowChanges: options.allowChanges,
      input: process.stdin,
      output: process.stdout,
      note,
    });
    return 0;
  } finally {
    logger.log("app_exit", { mode: "mcp-serve" });
    await logger.close();
  }
}
