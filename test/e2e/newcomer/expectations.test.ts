// What users of the peers expect (issue: the TUI as a new user meets it): a first screen that
// says where you are, a working line while the model works, a way back on exit, /model opening
// on the model in use, repository-relative paths, and a next step after a failure.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { failure, reply } from "../../support/mock-model-server.js";
import { useSharedTui } from "../../support/shared-tui.js";
import { send, useTui } from "../../support/tui-fixture.js";

const tui = useTui();
/**
 * One program for the tests about what a conversation shows (each starts from a new one); a test
 * that changes the mode, starts with flags or ends the program has its own.
 */
const shared = useSharedTui();

describe("what a newcomer expects", () => {
  test("the first screen: North, its version, the folder, the model and provider, the keys", async () => {
    // Tall enough that /help's list leaves the header on the screen.
    const { term } = await tui.open([], [], { rows: 60 });
    await term.waitFor("? for shortcuts · / for commands");
    await send(term, "/help");
    await term.waitFor("/agents");
    // The status line tells the context window apart from what the session used (once open);
    // before the first answer nothing is measured yet ("–/1.0M").
    const meter = /context [▏▎▍▌▋▊▉█░]{10} ((<1|\d+)% [\d.]+k?|–)\/1\.0M {2}session \d/;
    await term.waitFor((s) => meter.test(s));
    const screen = term.screen();
    // The header comes first, before anything typed.
    expect(screen.indexOf("North ")).toBeLessThan(screen.indexOf("you   /help"));
    expect(screen).toMatch(/North \d+\.\d+\.\d+/);
    expect(screen).toMatch(/north-repo-\w+/);
    expect(screen).toContain("Claude Sonnet 5.5 (anthropic)");
    // The status line tells the context window apart from what the session used.
    expect(screen).toMatch(meter);
  });

  test("a working line with seconds, tokens and Esc while text streams", async () => {
    const long = Array.from({ length: 200 }, (_, i) => `Word${i}`).join(" ");
    const { term } = await shared.open([
      reply().text(long).usage({ input: 1500, output: 10 }).slow(30),
    ]);
    await send(term, "talk");
    await term.waitFor("Word3");
    await term.waitFor(/Working… \d+s · 1\.5k tokens · Esc to interrupt/);
    term.press("escape");
    await term.waitFor("[Cancelled]");
  });

  test("on exit, one line says how to come back", async () => {
    const { term } = await tui.open([reply().text("Hello.")]);
    await send(term, "hi");
    await term.waitFor("Hello.");
    term.press("ctrl+d");
    await term.exited;
    expect(term.all().replace(/\n/g, "")).toMatch(
      /To come back to this conversation: north --continue \(or north --resume [\w-]+\)/,
    );
  });

  test("/model opens on the model in use; with --model a switch does not change the default", async () => {
    const { term, env } = await tui.open([], ["--model", "sonnet"]);
    await term.waitFor("Claude Sonnet 5.5");
    term.type("/model ");
    await term.waitFor("(current)");
    expect(term.screen()).toMatch(/› Claude Sonnet 5\.5 \(current\)/);
    term.press("ctrl+u");
    await send(term, "/model haiku");
    await term.waitFor("For this session only");
    expect(existsSync(join(env.XDG_CONFIG_HOME!, "north", "config.json"))).toBe(false);
  });

  test("paths the model sends absolute show relative to the repository", async () => {
    const { term, server, repo } = await shared.open([]);
    server.enqueue(
      reply().tool("read_file", { path: join(repo, "src", "retry.ts") }),
      reply().text("Read."),
    );
    await send(term, "read it");
    await term.waitFor("Read.");
    expect(term.screen()).toContain("✓ Read src/retry.ts");
    expect(term.screen()).not.toContain(`Read ${repo}`);
  });

  test("a failed turn says what to try next", async () => {
    const { term } = await shared.open([failure(400)]);
    await send(term, "hi");
    await term.waitFor("/compact makes room");
  });
});

describe("long command output", () => {
  test("the tool line shows the end; /output shows all of it", async () => {
    const { term } = await shared.open([
      reply().tool("shell_run", { command: "seq 1 40" }),
      reply().text("Counted."),
    ]);
    await send(term, "count");
    await term.waitFor("Counted.");
    expect(term.screen()).not.toMatch(/^ +7$/m);
    await send(term, "/output");
    // Drawn whole: the last number follows the command line.
    const whole = (s: string) => /^ +40$/m.test(s.slice(s.lastIndexOf("$ seq 1 40")));
    await term.waitFor((s) => s.includes("$ seq 1 40") && whole(s), { where: "all" });
    const all = term.all();
    const shown = all.slice(all.lastIndexOf("$ seq 1 40"));
    for (const n of [1, 7, 23, 40]) expect(shown).toMatch(new RegExp(`^ +${n}$`, "m"));
  });
});
