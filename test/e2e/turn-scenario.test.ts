// One scenario through each front end of the session's turns (the RPC one is in rpc/rpc.test.ts):
// a message queued while a turn runs, a steer delivered at the next step, an approved edit, and
// a cancel. The session owns the queue, so each front end only hands it what the person did.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CLI, jsonLines, makeHome, makeRepo } from "../support/cli-runner.js";
import { reply, userTexts } from "../support/mock-model-server.js";
import { useE2e, anthropicEnv } from "../support/e2e-fixture.js";
import { send, useTui, waitForReview } from "../support/tui-fixture.js";

/** The script: turn 1 holds mid-stream, then asks to create a file; turn 2 holds until cancelled. */
const script = (key: string) => [
  reply()
    .text("Looking first.")
    .hold(`${key}-1`, 4)
    .tool("edit_create_file", { path: "one.txt", content: "one\n" }),
  reply().text("Done with one, and hi."),
  reply().text("Starting two").text(" slowly.").hold(`${key}-2`, 4),
];

describe("the TUI", () => {
  const tui = useTui();

  test("queues with Enter, steers with Ctrl+S, reviews the edit, cancels with Esc", async () => {
    const { term, server, repo } = await tui.open(script("tui"));
    await send(term, "make one");
    await term.waitFor("Looking");
    await send(term, "then two");
    await term.waitFor("queued: then two");
    term.type("and say hi");
    await term.waitFor("> and say hi");
    term.press("ctrl+s");
    await term.waitFor((screen) => !screen.includes("> and say hi"));
    server.release("tui-1");
    await waitForReview(term, "Create one.txt (+1)");
    term.type("y");
    await term.waitFor("Done with one, and hi.");
    const requests = await server.waitForRequests(3);
    expect(userTexts(requests[1]!)).toEqual(["make one", "and say hi"]);
    expect(userTexts(requests[2]!)).toEqual(["make one", "and say hi", "then two"]);
    expect(readFileSync(join(repo, "one.txt"), "utf8")).toBe("one\n");
    await term.waitFor("Starting");
    term.press("escape");
    await term.waitFor("[Cancelled]");
    expect(term.screen()).not.toContain("queued:");
  });
});

describe("north -p with --input-format stream-json", () => {
  const e2e = useE2e();

  test("queues a message that arrives mid-turn, steers, approves by flag, and Ctrl+C cancels", async () => {
    const server = await e2e.server(script("print"));
    const repo = makeRepo();
    const { env } = makeHome();
    const child = spawn(
      process.execPath,
      [
        CLI,
        "-p",
        "--input-format",
        "stream-json",
        "--output-format",
        "stream-json",
        "--approve",
        "edits",
        "--model",
        "claude-sonnet-5-5",
      ],
      {
        cwd: repo,
        env: {
          ...process.env,
          ...env,
          ...anthropicEnv(server),
        },
      },
    );
    let stdout = "";
    const seen: (() => void)[] = [];
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      for (const check of [...seen]) check();
    });
    const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
    /** Resolves once standard output has a JSON line for which `match` holds. */
    const waitForLine = (match: (line: Record<string, unknown>) => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => {
          const lines = jsonLines(stdout) as Record<string, unknown>[];
          if (!lines.some(match)) return;
          seen.splice(seen.indexOf(check), 1);
          resolve();
        };
        seen.push(check);
        check();
      });
    const message = (text: string, steer = false) =>
      `${JSON.stringify({ type: "user", message: { role: "user", content: text }, ...(steer ? { steer } : {}) })}\n`;

    child.stdin.write(message("make one"));
    await waitForLine((l) => l.type === "text_delta");
    child.stdin.write(message("and say hi", true));
    child.stdin.write(message("then two"));
    await waitForLine((l) => l.type === "queue" && (l.messages as string[])[0] === "then two");
    server.release("print-1");
    await waitForLine((l) => l.type === "message_start" && l.text === "then two");
    await waitForLine((l) => l.type === "text_delta" && String(l.text).startsWith("Start"));
    child.kill("SIGINT");
    expect(await closed).toBe(130);

    const requests = server.requests;
    expect(userTexts(requests[1]!)).toEqual(["make one", "and say hi"]);
    expect(readFileSync(join(repo, "one.txt"), "utf8")).toBe("one\n");
    const results = (jsonLines(stdout) as Record<string, unknown>[]).filter(
      (l) => l.type === "result",
    );
    expect(results.map((r) => r.stop_reason)).toEqual(["end", "aborted"]);
    expect(results[0]).toMatchObject({ text: "Done with one, and hi.", tool_calls: 1 });
  });
});

describe("north -p --input-format stream-json input", () => {
  const e2e = useE2e();

  test("skips lines that are not user messages, says so, and answers the others in order", async () => {
    const server = await e2e.server([reply().text("First answer."), reply().text("Second.")]);
    const { env } = makeHome();
    const { runCli } = await import("../support/cli-runner.js");
    const line = (text: string) =>
      JSON.stringify({ type: "user", message: { role: "user", content: text } });
    const result = await runCli(
      ["-p", "--input-format", "stream-json", "--output-format", "stream-json"],
      {
        cwd: makeRepo(),
        env: {
          ...env,
          ...anthropicEnv(server),
        },
        stdin: [line("one"), "not json", '{"type":"assistant"}', line("two"), ""].join("\n"),
      },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("input line 2 skipped: not JSON");
    expect(result.stderr).toContain("input line 3 skipped");
    const results = (jsonLines(result.stdout) as Record<string, unknown>[]).filter(
      (l) => l.type === "result",
    );
    expect(results.map((r) => r.text)).toEqual(["First answer.", "Second."]);
    expect(server.requests).toHaveLength(2);
  });

  test("needs --output-format stream-json", async () => {
    const { env } = makeHome();
    const { runCli } = await import("../support/cli-runner.js");
    const result = await runCli(["-p", "--input-format", "stream-json"], { cwd: makeRepo(), env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--input-format stream-json needs --output-format stream-json");
  });
});
