import { describe, expect, it } from "vitest";
import { createNotifier, notificationBytes } from "./notifier.js";

describe("notifications", () => {
  it("OSC 777 for foot and rxvt, OSC 9 for the rest; controls and ; taken out", () => {
    expect(notificationBytes({ TERM: "foot" }, "done")).toBe("\x07\x1b]777;notify;North;done\x07");
    expect(notificationBytes({ TERM: "rxvt-unicode-256color" }, "x")).toContain("]777;");
    expect(notificationBytes({ TERM_PROGRAM: "iTerm.app" }, "a;b\x07c")).toBe(
      "\x07\x1b]9;a b c\x07",
    );
  });

  it("a turn notifies only past afterSeconds; a review only while unfocused", () => {
    const written: string[] = [];
    let clock = 0;
    const notifier = createNotifier({
      settings: { afterSeconds: 10 },
      env: {},
      write: (bytes) => written.push(bytes),
      now: () => clock,
    });
    notifier.observe({ type: "turn_start", prompt: "a" });
    clock = 9_000;
    notifier.observe({ type: "turn_end" } as never);
    expect(written).toHaveLength(0);
    notifier.observe({ type: "turn_start", prompt: "b" });
    clock = 20_000;
    notifier.observe({ type: "turn_end" } as never);
    expect(written).toHaveLength(1);
    const review = {
      type: "approval_request",
      id: "1",
      name: "shell_run",
      review: { type: "command" },
    };
    notifier.observe(review as never);
    expect(written).toHaveLength(1);
    notifier.setFocused(false);
    notifier.observe(review as never);
    expect(written.at(-1)).toContain("approval for shell_run");
  });
});
