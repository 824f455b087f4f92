import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { CLI } from "./cli-runner.js";
import { untilTestDeadline } from "./test-deadline.js";

type Json = Record<string, unknown>;

export interface RpcClient {
  /** Sends a request and resolves with its whole response (`result` or `error`). */
  call(method: string, params?: Json): Promise<Json>;
  /** Like `call`, but resolves with `result` and rejects on an error response. */
  request(method: string, params?: Json): Promise<Json>;
  /** Writes a raw line (malformed input tests). */
  writeLine(line: string): void;
  /** Writes one message as it is, in the client's framing (with its header when `headers`). */
  writeMessage(text: string): void;
  /** Batch responses (arrays), as they came. */
  readonly batches: Json[][];
  /** Resolves once `count` stray responses or batches have arrived. */
  waitForStray(count: number, kind?: "stray" | "batches"): Promise<void>;
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
export function startRpc(options: {
  cwd: string;
  env: Record<string, string>;
  /** `headers`: LSP's Content-Length framing, and North must answer in it. */
  framing?: "lines" | "headers";
}): RpcClient {
  const headers = options.framing === "headers";
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
  const batches: Json[][] = [];
  const watchers = new Set<() => void>();
  let nextId = 1;
  let buffered = Buffer.alloc(0);
  let stderr = "";
  const exited = new Promise<number | null>((resolve) =>
    child.on("close", (code) => resolve(code)),
  );
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const take = (message: Json | Json[]) => {
    if (Array.isArray(message)) batches.push(message);
    else if (message.method === "event") events.push(message.params as Json);
    else if (typeof message.id === "number" && pending.has(message.id)) {
      pending.get(message.id)!(message);
      pending.delete(message.id);
    } else stray.push(message);
    for (const watch of watchers) watch();
  };
  // Reads North's output in the framing it must answer in: a line it writes in the other one
  // fails the parse (and the test).
  child.stdout.on("data", (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      if (!headers) {
        const at = buffered.indexOf("\n");
        if (at === -1) return;
        const line = buffered.subarray(0, at).toString("utf8");
        buffered = buffered.subarray(at + 1);
        take(JSON.parse(line) as Json);
        continue;
      }
      const end = buffered.indexOf("\r\n\r\n");
      if (end === -1) return;
      const header = /^Content-Length: (\d+)$/.exec(buffered.subarray(0, end).toString("latin1"));
      if (!header) throw new Error(`not a header: ${buffered.toString("utf8").slice(0, 80)}`);
      const length = Number(header[1]);
      if (buffered.length < end + 4 + length) return;
      const body = buffered.subarray(end + 4, end + 4 + length).toString("utf8");
      buffered = buffered.subarray(end + 4 + length);
      take(JSON.parse(body) as Json);
    }
  });
  const frame = (text: string) =>
    headers ? `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}` : `${text}\n`;
  const call = (method: string, params: Json = {}) =>
    new Promise<Json>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      child.stdin.write(frame(JSON.stringify({ jsonrpc: "2.0", id, method, params })));
    });
  return {
    call,
    async request(method, params) {
      const response = await call(method, params);
      if (response.error) throw new Error(`${method}: ${JSON.stringify(response.error)}`);
      return response.result as Json;
    },
    writeLine: (line) => void child.stdin.write(`${line}\n`),
    writeMessage: (text) => void child.stdin.write(frame(text)),
    events,
    stray,
    batches,
    waitForStray(count, kind = "stray") {
      const list = kind === "stray" ? stray : batches;
      return new Promise((resolve, reject) => {
        const check = () => {
          if (list.length < count) return;
          watchers.delete(check);
          resolve();
        };
        watchers.add(check);
        void exited.then(() => {
          if (watchers.delete(check)) reject(new Error(`north rpc ended first; stderr: ${stderr}`));
        });
        check();
      });
    },
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
        const limitMs = untilTestDeadline();
        const timer = setTimeout(() => {
          if (!watchers.delete(check)) return;
          const seen = events
            .slice(from)
            .map((e) => e.type)
            .join(", ");
          reject(new Error(`no such event within ${limitMs} ms; seen: ${seen}; stderr: ${stderr}`));
        }, limitMs);
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
