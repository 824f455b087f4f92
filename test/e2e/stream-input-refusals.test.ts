// `north -p --input-format stream-json` answers a line it cannot take (a slash command refused
// headless, a line over the 16 MiB cap) with an error result in that line's place and goes on
// reading (review R13: the refused command ended the whole run; the long line was read whole).
import { afterEach, describe, expect, test } from "vitest";
import { jsonLines, makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const line = (text: string) =>
  JSON.stringify({ type: "user", message: { role: "user", content: text } });

describe("north -p --input-format stream-json, lines it cannot take", () => {
  test("a refused slash command and an over-long line get error results; the run goes on", async () => {
    server = await startMockModelServer([reply().text("First answer."), reply().text("Second.")]);
    const { env } = makeHome();
    const huge = line("x".repeat(17 * 1024 * 1024));
    const result = await runCli(
      ["-p", "--input-format", "stream-json", "--output-format", "stream-json"],
      {
        cwd: makeRepo(),
        env: {
          ...env,
          ANTHROPIC_API_KEY: "sk-ant-test",
          ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
        },
        stdin: [line("one"), line("/sandbox off"), huge, line("two"), ""].join("\n"),
      },
    );
    const results = (jsonLines(result.stdout) as Record<string, unknown>[]).filter(
      (l) => l.type === "result",
    );
    expect(results.map((r) => r.stop_reason)).toEqual(["end", "error", "error", "end"]);
    expect(results.map((r) => r.text)).toEqual(["First answer.", "", "", "Second."]);
    const errors = results.map((r) => (r.error as { message?: string } | undefined)?.message);
    expect(errors[1]).toContain("/sandbox needs the interactive interface");
    expect(errors[2]).toContain("input line 3 is longer than 16 MiB");
    expect(result.stderr).toContain("/sandbox needs the interactive interface");
    // Only the two user messages reached the model; the refusals make the exit code 2.
    expect(server.requests).toHaveLength(2);
    expect(result.code).toBe(2);
  });
});
