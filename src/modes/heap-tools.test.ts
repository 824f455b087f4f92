import { describe, expect, it } from "vitest";
import { V8_FLAGS_EVENT } from "../code-cache.js";
import type { SessionEvent } from "../session/index.js";
import { capHeapOnceStreaming } from "./heap.js";

describe("capHeapOnceStreaming on a tool call", () => {
  it("loads the tools' built-in modules before it changes the flag", () => {
    const order: string[] = [];
    const note = () => order.push("flag");
    process.on(V8_FLAGS_EVENT, note);
    try {
      const listeners = new Set<(event: SessionEvent) => void>();
      const session = {
        subscribe(listener: (event: SessionEvent) => void) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
      capHeapOnceStreaming(session, (id) => order.push(id));
      for (const listener of [...listeners]) {
        listener({ type: "tool_call", id: "t1", name: "read_file", kind: "read", arguments: {} });
      }
      expect(order).toEqual(["node:crypto", "node:child_process", "flag"]);
    } finally {
      process.off(V8_FLAGS_EVENT, note);
    }
  });
});
