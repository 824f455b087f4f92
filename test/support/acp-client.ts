import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { Readable, Writable } from "node:stream";
import {
  client,
  ndJsonStream,
  type ClientContext,
  type PermissionOption,
  type ReadTextFileRequest,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionNotification,
  type WriteTextFileRequest,
} from "@agentclientprotocol/sdk";
import { CLI } from "./cli-runner.js";

/** How the test's editor answers North's requests; each may be replaced during a test. */
export interface AcpEditor {
  /** Picks an option of a permission request (default: the first). */
  permission: (request: RequestPermissionRequest) => RequestPermissionResponse;
  /** `fs/read_text_file` (only when `fs` was advertised). */
  read: (request: ReadTextFileRequest) => string;
  /** `fs/write_text_file`. */
  write: (request: WriteTextFileRequest) => void;
}

export interface AcpClient {
  /** The SDK's context for calling North (`request`, `notify`). */
  agent: ClientContext;
  /** Every `session/update` so far, in order. */
  readonly updates: SessionNotification[];
  /** Every permission request so far, in order. */
  readonly permissions: RequestPermissionRequest[];
  readonly editor: AcpEditor;
  /** Resolves with the first update (from index `from`) for which `match` holds. */
  waitForUpdate(
    match: (n: SessionNotification) => boolean,
    from?: number,
  ): Promise<SessionNotification>;
  /** Closes North's standard input and resolves with its exit code. */
  end(): Promise<number | null>;
  readonly child: ChildProcessWithoutNullStreams;
  readonly stderr: () => string;
}

/**
 * Spawns the built `north acp` in `cwd` and connects the SDK's own client to it, as an editor
 * would. `fs`: the client advertises `fs.readTextFile` and `fs.writeTextFile`.
 */
export function startAcp(options: {
  cwd: string;
  env: Record<string, string>;
  fs?: boolean;
  args?: string[];
}): AcpClient {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of [
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_BASE_URL",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
  ])
    delete env[name];
  Object.assign(env, options.env);
  const child = spawn(process.execPath, [CLI, "acp", ...(options.args ?? [])], {
    cwd: options.cwd,
    env,
    stdio: "pipe",
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on("close", (code) => resolve(code)),
  );
  const updates: SessionNotification[] = [];
  const permissions: RequestPermissionRequest[] = [];
  const watchers = new Set<() => void>();
  const pick = (options: PermissionOption[], kind: string) =>
    options.find((o) => o.kind === kind) ?? options[0]!;
  const editor: AcpEditor = {
    permission: (request) => ({
      outcome: { outcome: "selected", optionId: pick(request.options, "allow_once").optionId },
    }),
    read: () => {
      throw new Error("no buffer");
    },
    write: () => {},
  };
  const app = client({ name: "test-editor" })
    .onNotification("session/update", ({ params }) => {
      updates.push(params);
      for (const watcher of watchers) watcher();
    })
    .onRequest("session/request_permission", ({ params }) => {
      permissions.push(params);
      return editor.permission(params);
    })
    .onRequest("fs/read_text_file", ({ params }) => ({ content: editor.read(params) }))
    .onRequest("fs/write_text_file", ({ params }) => {
      editor.write(params);
      return {};
    });
  const connection = app.connect(
    ndJsonStream(
      Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
      Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
    ),
  );
  return {
    agent: connection.agent,
    updates,
    permissions,
    editor,
    waitForUpdate(match, from = 0) {
      return new Promise((resolve) => {
        const check = () => {
          const found = updates.slice(from).find(match);
          if (!found) return;
          watchers.delete(check);
          resolve(found);
        };
        watchers.add(check);
        check();
      });
    },
    async end() {
      child.stdin.end();
      return exited;
    },
    child,
    stderr: () => stderr,
  };
}

/** The `initialize` an editor sends; `fs` advertises its file system. */
export const initializeParams = (fs = false) => ({
  protocolVersion: 1,
  clientCapabilities: fs ? { fs: { readTextFile: true, writeTextFile: true } } : {},
  clientInfo: { name: "test-editor", version: "1.0.0" },
});
