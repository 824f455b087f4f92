// Which slash commands the model's `slash_command` may run (R8/R9 of the third security review):
// every registered command is probed, so a command that approves, grants or turns protection off
// cannot become the model's without being listed here, and a change's review says what the call
// does.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commandContext } from "../../../../test/support/command-context.js";
import {
  BUILTIN_COMMANDS,
  CommandRegistry,
  createCommands,
  type Command,
  type CommandContext,
} from "../../../commands/index.js";
import type { Mode, Session } from "../../../session/index.js";
import { modelCommands } from "./model-commands.js";

/**
 * Every command the model may run some call of, and why none of its calls changes trust. A
 * command not listed here is the person's alone for every call (`screen` or `person`).
 */
const MODEL_MAY: Record<string, string> = {
  help: "prints the commands",
  context: "prints the context use",
  cost: "prints the cost",
  tools: "prints the developer tools",
  output: "prints a tool result",
  agents: "prints the sub-agents",
  init: "expands to a prompt",
  clear: "clears the screen (reviewed)",
  new: "starts a conversation (reviewed)",
  compact: "summarises the conversation (reviewed)",
  summarize: "summarises the conversation (reviewed)",
  undo: "restores files from checkpoints (reviewed)",
  mode: "only to a mode no freer than the current one (reviewed)",
  model: "a model of the catalog or the config, never a new endpoint (reviewed)",
  theme: "the colours (reviewed)",
  language: "the interface's language (reviewed)",
  mcp: "only the list; approve, reconnect and login are the person's",
  permissions: "only the list; revoking is the person's",
  sandbox: "only the state; on and off are the person's",
  hooks: "only the list; approving the repository's hooks is the person's",
  checks: "only the list; turning checks on is the person's",
  jobs: "only the list; stopping a job from here is the person's (the model has shell_kill)",
  effort: "how hard the model thinks, no trust (reviewed)",
  notify: "only the state; on and off are the person's",
};

const session = {
  mode: "agent",
  mcp: {
    servers: () => [
      { name: "helper", state: "needs-approval", summary: "sh -c x", origin: "project" },
      { name: "web", state: "ready", summary: "npx web", origin: "global" },
      { name: "cloud", state: "needs-sign-in", summary: "https://x", origin: "global" },
    ],
  },
  model: { id: "m1", provider: "p", name: "M1" },
  listModels: () => [{ id: "m1", provider: "p", name: "M1", contextWindow: 1000 }],
} as unknown as Partial<Session>;

function setup(mode: Mode = "agent", extra: Command[] = []) {
  const root = mkdtempSync(join(tmpdir(), "north-model-cmd-"));
  const env = { XDG_CONFIG_HOME: "/nonexistent", XDG_DATA_HOME: "/nonexistent" };
  // A command added later (as a new built-in would be) goes beside the others.
  const registry =
    extra.length > 0
      ? new CommandRegistry([...BUILTIN_COMMANDS, ...extra])
      : createCommands(root, env);
  const base = commandContext(registry, { session });
  const ctx: CommandContext = { ...base.ctx, mode: () => mode };
  const afterTurn: string[] = [];
  const runner = modelCommands(registry, ctx, (text) => void afterTurn.push(text));
  return { registry, ctx, runner, afterTurn };
}

/** The calls probed for each command: bare, each of its menu choices, and trust-looking words. */
function probes(command: Command, ctx: CommandContext): string[] {
  let choices: string[] = [];
  try {
    choices = (command.choices?.(ctx) ?? []).map((c) => c.value);
  } catch {
    choices = [];
  }
  const words = ["on", "off", "approve helper", "reconnect web", "login cloud", "revoke 1"];
  const args = command.arity === "none" ? [] : [...choices, ...words];
  return [`/${command.name}`, ...args.map((a) => `/${command.name} ${a}`.trim())];
}

describe("the model's slash commands", () => {
  it("only listed commands are ever the model's; every other call is refused", () => {
    for (const mode of ["ask", "plan", "agent"] as const) {
      const { registry, ctx, runner } = setup(mode);
      for (const command of registry.list()) {
        for (const text of probes(command, ctx)) {
          const found = runner.describe(text);
          if (!found.ok) continue;
          if (!(command.name in MODEL_MAY)) {
            expect(["screen", "person"], `${text} in ${mode}`).toContain(found.effect);
          }
          if (found.effect === "change") {
            // R9: the review says what this call does, never the command's help line.
            expect(found.description, text).not.toBe(command.description);
          }
        }
      }
      // Every listed command exists (a renamed one must be reviewed again).
      const names = registry.list().map((c) => c.name);
      for (const name of Object.keys(MODEL_MAY)) expect(names).toContain(name);
    }
  });

  it("refuses every trust decision, in every mode", () => {
    const trust = [
      "/mcp approve helper",
      "/mcp reconnect web",
      "/mcp login cloud",
      "/sandbox off",
      "/sandbox on",
      "/checks on",
      "/permissions revoke 1",
      "/permissions revoke all",
      "/permissions revoke edits",
      "/permissions revoke mcp",
      "/hooks approve",
    ];
    for (const mode of ["ask", "plan", "agent"] as const) {
      const { runner } = setup(mode);
      for (const text of trust)
        expect(runner.describe(text), text).toMatchObject({ ok: true, effect: "person" });
    }
    // A mode that lets more run without asking is the person's too.
    expect(setup("ask").runner.describe("/mode agent")).toMatchObject({ effect: "person" });
    expect(setup("ask").runner.describe("/mode plan")).toMatchObject({ effect: "person" });
    expect(setup("plan").runner.describe("/mode agent")).toMatchObject({ effect: "person" });
    expect(setup("agent").runner.describe("/mode ask")).toMatchObject({ effect: "change" });
  });

  it("a command that declares nothing is the person's alone", () => {
    const added: Command = {
      name: "hooks",
      description: "Turn hooks on or off",
      arity: "rest",
      source: "builtin",
      run: () => {},
    };
    const { runner } = setup("agent", [added]);
    expect(runner.describe("/hooks off")).toMatchObject({ ok: true, effect: "person" });
  });

  it("the review of a change says what this call does (R9)", () => {
    const { runner } = setup("agent");
    expect(runner.describe("/mode plan")).toMatchObject({
      effect: "change",
      description: expect.stringMatching(/^Switches to plan mode: the model studies/),
    });
    expect(runner.describe("/model m1")).toMatchObject({
      effect: "change",
      description: expect.stringContaining("“m1”"),
    });
    expect(runner.describe("/undo 2 --force")).toMatchObject({
      description:
        "Restores the files changed in the last 2 turn(s) that changed files. Also overwrites files changed since then.",
    });
    expect(runner.describe("/sandbox")).toMatchObject({ effect: "report" });
  });
});

describe("/permissions says what runs without a question", () => {
  const list = () => ({ edits: false, commands: [], mcpTools: [], webDomains: [] });
  const said = async (mode: Mode, state: "on" | "off") => {
    const registry = createCommands(mkdtempSync(join(tmpdir(), "north-perm-")), {
      XDG_CONFIG_HOME: "/nonexistent",
    });
    const run = commandContext(registry, {
      session: { sandbox: { state }, permissions: { list } } as unknown as Partial<Session>,
    });
    await registry.run("/permissions", { ...run.ctx, mode: () => mode });
    return run.said.join("\n");
  };
  it("for each mode, with and without the sandbox", async () => {
    expect(await said("agent", "on")).toMatch(/^Commands run in the OS sandbox without asking/);
    expect(await said("agent", "on")).toContain("git reset --hard");
    expect(await said("ask", "on")).toMatch(/read-only OS sandbox .* refused in ask mode/);
    expect(await said("plan", "on")).toContain("Once you accept a plan: as in agent mode.");
    expect(await said("agent", "off")).toMatch(/^No sandbox: every command is asked/);
    expect(await said("agent", "on")).not.toContain("No command runs without asking");
  });
});
