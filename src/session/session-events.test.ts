import { describe, expect, it } from "vitest";
import type { SessionEvent } from "./session-api.js";
import { SessionEvents } from "./session-events.js";

const recorder = () => {
  const seen: string[] = [];
  const listener = (event: SessionEvent) =>
    void seen.push(event.type === "notice" ? `notice:${event.text}` : event.type);
  return { seen, listener };
};

describe("SessionEvents", () => {
  it("gives a listener its opening state, then notices kept from before anyone listened", () => {
    const events = new SessionEvents();
    events.notice("server failed");
    const a = recorder();
    const b = recorder();
    events.subscribe(a.listener, [{ type: "todo", items: [] }]);
    events.subscribe(b.listener, []);
    expect(a.seen).toEqual(["todo", "notice:server failed"]);
    expect(b.seen).toEqual(["notice:server failed"]);
  });

  it("sends later notices and events to every listener, and stops keeping the early ones", () => {
    const events = new SessionEvents();
    events.notice("early");
    const a = recorder();
    const off = events.subscribe(a.listener, []);
    events.notice("live");
    events.broadcast({ type: "todo", items: [] });
    const late = recorder();
    events.subscribe(late.listener, []);
    expect(a.seen).toEqual(["notice:early", "notice:live", "todo"]);
    expect(late.seen).toEqual([]);
    off();
    events.notice("after");
    expect(a.seen).toHaveLength(3);
    expect(late.seen).toEqual(["notice:after"]);
  });
});
