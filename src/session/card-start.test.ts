// Issue 32: a first run in a repository (no cached project card) sends its first request before
// the card's build begins — the build lists every tracked file, the costliest thing a first run
// in a large repository does — and the card is still built, a while after the answer began.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  reply,
  startMockModelServer,
  type MockModelServer,
} from "../../test/support/mock-model-server.js";
import { createLogger } from "../log/logger.js";
import { CARD_PATH, ProjectCardLoader } from "./context/project-card.js";
import { createSession } from "./session.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

describe("the project card of a first run", () => {
  it("starts building only after the first request is sent, and is built", async () => {
    server = await startMockModelServer([reply().text("One.").hold("answer", 0)]);
    const home = mkdtempSync(join(tmpdir(), "north-card-start-"));
    const root = join(home, "repo");
    mkdirSync(root);
    writeFileSync(join(root, "package.json"), JSON.stringify({ scripts: { test: "vitest" } }));
    writeFileSync(join(root, "a.ts"), "export const a = 1;\n");
    const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "ignore" });
    git("init", "-q");
    git("add", "-A");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "one");
    const starts = vi.spyOn(ProjectCardLoader.prototype, "start");
    const session = await createSession({
      root,
      env: {
        XDG_CONFIG_HOME: join(home, "config"),
        XDG_DATA_HOME: join(home, "data"),
        XDG_STATE_HOME: join(home, "state"),
        XDG_CACHE_HOME: join(home, "cache"),
        NORTH_LOCAL_SERVERS: "off",
        ANTHROPIC_API_KEY: "sk-ant-test",
        ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      },
      config: {},
      model: "claude-sonnet-5-5",
      mode: "agent",
      maxSteps: 5,
      approvals: { approve: "none" },
      sandbox: "off",
      logger: createLogger(join(home, "north.log")),
    });
    const turn = session.submit("first").done;
    await server.waitForRequests(1);
    // The request is in flight, its answer held: no build has begun, no card was written.
    expect(starts).not.toHaveBeenCalled();
    expect(existsSync(join(root, CARD_PATH))).toBe(false);
    server.release("answer");
    await turn;
    // A while after the answer began, the build starts, and the whole card is kept.
    await expect.poll(() => starts.mock.calls.length, { timeout: 60_000 }).toBeGreaterThan(0);
    const card = join(root, CARD_PATH);
    await expect
      .poll(() => existsSync(card) && !readFileSync(card, "utf8").includes('"partial"'), {
        timeout: 60_000,
      })
      .toBe(true);
    expect(readFileSync(card, "utf8")).toContain("npm test");
    await session.dispose();
  });
});
