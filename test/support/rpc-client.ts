import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { CLI } from "./cli-runner.js";

type Json = Record<string, unknown>;

export interface RpcClient {
  /** Sends a request and resolves with its whole response (`result` or `error`). */
  call(method: string, params?: Json): Promise<Json>;
  /** Like `call`, but resolves with `result` and rejects on an error response. */
  request(method: string, params?: Json): Promise<Json>;
  /** Writes a raw line (malformed input tests). */
  writeLine(line: string): void;
  /** Every `event` notification so far, in order. */
  readonly events: Json[];
  /** Responses that answered no request of ours (id null: parse errors). */
  readonly stray: Json[];
  /** Resolves with the first event (from index `from`) for which `match` holds. */
  waitForEvent(match: (event: Json) => boolean, from?: number): Promise<Json>;
  /** Closes standard input and resolves with the exit code once the process has ended. */
  end(): Promise<number | null>;
  readonly stderr: () => string;
  readonly child: ChildProcessWithoutNullStreams;
}

/** Spawns `north rpc` in `cwd` and speaks JSON-RPC to it over its standard input and output. */
export function startRpc(options: { cwd: string; env: Record<string, string> }): RpcClient {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of [
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_BASE_URL",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "HTTPS_PROXY",
    "HTTP_PROXY",
    "https_proxy",
    "http_proxy",
  ])
    delete env[name];
  Object.assign(env, options.env);
  const child = spawn(process.execPath, [CLI, "rpc"], { cwd: options.cwd, env, stdio: "pipe" });
  const pending = new Map<number, (response: Json) => void>();
  const events: Json[] = [];
  const stray: Json[] = [];
  const watchers = new Set<() => void>();
  let nextId = 1;
  let buffered = "";
  let stderr = "";
  const exited = new Promise<number | null>((resolve) =>
    child.on("close", (code) => resolve(code)),
  );
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    buffered += chunk;
    let at: number;
    while ((at = buffered.indexOf("\n")) !== -1) {
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      const message = JSON.parse(line) as Json;
      if (message.method === "event") events.push(message.params as Json);
      else if (typeof message.id === "number" && pending.has(message.id)) {
        pending.get(message.id)!(message);
        pending.delete(message.id);
      } else stray.push(message);
      for (const watch of watchers) watch();
    }
  });
  const call = (method: string, params: Json = {}) =>
    new Promise<Json>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  return {
    call,
    async request(method, params) {
      const response = await call(method, params);
      if (response.error) throw new Error(`${method}: ${JSON.stringify(response.error)}`);
      return response.result as Json;
    },
    writeLine: (line) => void child.stdin.write(`${line}\n`),
    events,
    stray,
    waitForEvent(match, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found) {
            watchers.delete(check);
            resolve(found);
          }
        };
        watchers.add(check);
        // A failing test says what did come, instead of only timing out.
        const timer = setTimeout(() => {
          if (!watchers.delete(check)) return;
          const seen = events
            .slice(from)
            .map((e) => e.type)
            .join(", ");
          reject(new Error(`no such event within 20 s; seen: ${seen}; stderr: ${stderr}`));
        }, 20_000);
        timer.unref();
        void exited.then(() => {
          if (!watchers.has(check)) return;
          watchers.delete(check);
          reject(new Error(`north rpc ended first; stderr: ${stderr}`));
        });
        check();
      });
    },
    end() {
      child.stdin.end();
      return exited;
    },
    stderr: () => stderr,
    child,
  };
}
