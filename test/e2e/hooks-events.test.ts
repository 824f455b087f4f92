// The hook events a plain headless answer does not reach: Notification (a review waits, over
// `north rpc`), SubagentStop (a `task` sub-agent ends) and PreCompact (`/summarize`), each with
// Claude Code's fields on stdin.
import { existsSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { firstUserText, reply, type RecordedRequest } from "../support/mock-model-server.js";
import { useE2e } from "../support/e2e-fixture.js";
import { startRpc, type RpcClient } from "../support/rpc-client.js";

const e2e = useE2e();
type Json = Record<string, unknown>;

const clients: RpcClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.end();
});

/** A recorder hook for `events`, writing `dir/<event>.json`; returns the config's `hooks`. */
function recorder(dir: string, events: string[]): Json {
  const path = join(dir, "record.mjs");
  writeFileSync(
    path,
    `import { readFileSync, writeFileSync } from "node:fs";
const input = JSON.parse(readFileSync(0, "utf8"));
writeFileSync(process.argv[2] + "/" + input.hook_event_name + ".json", JSON.stringify(input));`,
  );
  const entry = [{ hooks: [{ type: "command", command: `node ${path} ${dir}` }] }];
  return Object.fromEntries(events.map((e) => [e, entry]));
}

const recorded = (dir: string, event: string) =>
  JSON.parse(readFileSync(join(dir, `${event}.json`), "utf8")) as Json;

const scratch = () => realpathSync(mkdtempSync(join(tmpdir(), "north-hooks-")));

describe("hook events beyond a plain answer", () => {
  it("Notification: a review waiting for the person", async () => {
    const dir = scratch();
    const { env, repo } = await e2e.open(
      [
        reply().tool("edit_create_file", { path: "one.txt", content: "one\n" }),
        reply().text("Ok."),
      ],
      { config: { hooks: recorder(dir, ["Notification"]) } },
    );
    const rpc = startRpc({ cwd: repo, env });
    clients.push(rpc);
    await rpc.request("session/start", {});
    await rpc.request("turn/submit", { text: "make one" });
    const asked = await rpc.waitForEvent((e) => e.type === "approval_request");
    await expect.poll(() => existsSync(join(dir, "Notification.json"))).toBe(true);
    const input = recorded(dir, "Notification");
    expect(input).toMatchObject({
      hook_event_name: "Notification",
      cwd: realpathSync(repo),
      notification_type: "permission_prompt",
    });
    expect(input.message).toContain("edit_create_file");
    expect(typeof input.session_id).toBe("string");
    await rpc.request("approval/respond", { id: asked.id as string, decision: "reject" });
    await rpc.waitForEvent((e) => e.type === "message_end");
  });

  it("Notification: a turn as long as notify.afterSeconds (issue 30: one setting for both)", async () => {
    const dir = scratch();
    const { run } = await e2e.open([reply().text("Done.")], {
      config: { hooks: recorder(dir, ["Notification"]), notify: { afterSeconds: 0 } },
    });
    const result = await run(["-p", "go"]);
    expect(result.code).toBe(0);
    await expect
      .poll(() => existsSync(join(dir, "Notification.json")), { timeout: 15_000 })
      .toBe(true);
    expect(recorded(dir, "Notification")).toMatchObject({ notification_type: "idle_prompt" });
  });

  it("SubagentStop: a task sub-agent ends", async () => {
    const dir = scratch();
    const { run } = await e2e.open(
      [
        reply().tool("task", {
          agent: "explore",
          description: "look",
          prompt: "SUB-1 look around",
        }),
        reply().text("Parent done."),
      ],
      {
        config: { hooks: recorder(dir, ["SubagentStop", "Stop"]) },
        prepare: (server) =>
          server.conversation(
            (r: RecordedRequest) => firstUserText(r).includes("SUB-1"),
            reply().text("Nothing here."),
          ),
      },
    );
    expect((await run(["-p", "delegate"])).code).toBe(0);
    expect(recorded(dir, "SubagentStop")).toMatchObject({
      hook_event_name: "SubagentStop",
      stop_hook_active: false,
      agent_type: "explore",
    });
    expect(recorded(dir, "Stop")).toMatchObject({ stop_hook_active: false });
  });

  it("PreCompact: the person's /summarize", async () => {
    const dir = scratch();
    const { run } = await e2e.open([reply().text("First answer."), reply().text("SUMMARY")], {
      config: { hooks: recorder(dir, ["PreCompact"]) },
    });
    expect((await run(["-p", "one"])).code).toBe(0);
    expect((await run(["--continue", "-p", "/summarize --keep-last 0"])).code).toBe(0);
    expect(recorded(dir, "PreCompact")).toMatchObject({
      hook_event_name: "PreCompact",
      trigger: "manual",
      custom_instructions: "",
    });
  });
});
