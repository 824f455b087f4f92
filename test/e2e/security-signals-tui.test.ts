/**
 * F9 in the interactive interface: SIGTERM or SIGHUP while a command runs cancels the turn, kills
 * the shell's background jobs, closes the interface and exits 143/129.
 */
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { pids, until } from "../support/processes.js";
import { send, useTui } from "../support/tui-fixture.js";

const tui = useTui();

describe.each([
  ["SIGTERM", 143],
  ["SIGHUP", 129],
] as const)("%s in the interface", (signal, code) => {
  test("ends the run like Esc, and no job survives", async () => {
    const tag = `${process.pid % 1000}${code}7`;
    const bg = `sleep 329.${tag}`;
    const fg = `sleep 331.${tag}`;
    const { term } = await tui.open(
      [reply().tool("shell_run", { command: `${bg} & ${fg}` }), reply().text("never")],
      ["--sandbox", "off"],
    );
    await send(term, "run it");
    await term.waitFor("y run");
    term.type("y");
    await until(() => pids(fg).length > 0 && pids(bg).length > 0, "the command to run");
    process.kill(term.pty.pid, signal);
    const exit = await term.exited;
    expect(exit.exitCode).toBe(code);
    await until(() => pids(bg).length === 0 && pids(fg).length === 0, "the jobs to die");
  });
});
