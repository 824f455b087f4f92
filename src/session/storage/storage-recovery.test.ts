import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pairingProblems, randomHistory, seeded } from "../../../test/support/history-builder.js";
import type { Message } from "../../ai/types.js";
import { applyCompaction, chooseCut, clearToolResults } from "./compaction.js";
import { loadSession, newSessionId, SessionFile } from "./storage.js";

/**
 * Writes a session as the session does: messages appended in pieces as the history grows, with
 * compactions and clearings recorded when they rewrite it. Returns the file and the history
 * held in memory at the end.
 */
function writeSession(dir: string, seed: number): { path: string; history: Message[] } {
  const random = seeded(seed);
  const id = newSessionId();
  const path = join(dir, `${id}.jsonl`);
  const file = new SessionFile(path, {
    type: "header",
    version: 1,
    id,
    project: "/p",
    model: "m",
    started: new Date().toISOString(),
  });
  const history: Message[] = [];
  let saved = 0;
  const source = randomHistory(random, 24);
  for (let i = 0; i < source.length;) {
    const piece = 1 + Math.floor(random() * 4);
    history.push(...source.slice(i, i + piece));
    i += piece;
    file.append(history.slice(saved), "title");
    saved = history.length;
    // The session rewrites only between steps, when every call has its result.
    const roll = pairingProblems(history).length === 0 ? random() : 1;
    const cut = chooseCut(history, { exchanges: 2 });
    if (roll < 0.08 && cut !== undefined) {
      applyCompaction(history, `summary at ${i}`, cut);
      file.record({ type: "compaction", summary: `summary at ${i}`, replaced: cut }, "title");
    } else if (roll < 0.14) {
      const ids = clearToolResults(history, 500);
      if (ids.length > 0) file.record({ type: "cleared", ids }, "title");
    }
    saved = history.length;
  }
  return { path, history };
}

describe("session files with compactions", () => {
  it("load to exactly the history that was held in memory", () => {
    const dir = mkdtempSync(join(tmpdir(), "north-recovery-"));
    for (let seed = 1; seed <= 10; seed++) {
      const { path, history } = writeSession(dir, seed);
      const loaded = loadSession(path);
      expect(loaded.messages).toEqual(history);
      expect(loaded.truncated).toBe(false);
    }
  });

  it("always load when cut off at a random point after the header (100 cases)", () => {
    const dir = mkdtempSync(join(tmpdir(), "north-recovery-"));
    const { path } = writeSession(dir, 42);
    const text = readFileSync(path, "utf8");
    expect(text).toContain('"type":"compaction"');
    expect(text).toContain('"type":"cleared"');
    const headerEnd = text.indexOf("\n") + 1;
    const random = seeded(99);
    const full = loadSession(path);
    for (let n = 0; n < 100; n++) {
      const at = headerEnd + Math.floor(random() * (text.length - headerEnd));
      const cutPath = join(dir, `cut-${n}.jsonl`);
      writeFileSync(cutPath, text.slice(0, at));
      const loaded = loadSession(cutPath);
      expect(loaded.header.id).toBe(full.header.id);
      expect(loaded.truncated).toBe(text[at - 1] !== "\n");
      expect(pairingProblems(loaded.messages)).toEqual([]);
      expect(loaded.rewrittenAt).toBeLessThanOrEqual(loaded.messages.length);
    }
  });

  it("refuses, with its path, a file cut inside its header line", () => {
    const dir = mkdtempSync(join(tmpdir(), "north-recovery-"));
    const { path } = writeSession(dir, 5);
    const cutPath = join(dir, "cut-header.jsonl");
    writeFileSync(cutPath, readFileSync(path, "utf8").slice(0, 20));
    expect(() => loadSession(cutPath)).toThrow(/cut-header\.jsonl is not a North session/);
  });
});
