import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isSessionId, openStorage } from "./session-storage.js";
import { newSessionId } from "./storage.js";

const user = (content: string) => ({ role: "user" as const, content });

/** A saved session of project `/p` in a fresh data dir; its lock released. */
function saved() {
  const env = { XDG_DATA_HOME: mkdtempSync(join(tmpdir(), "north-data-")) };
  const first = openStorage({ env }, "/p", "m");
  first.file.append([user("one")], "one");
  first.release();
  return { env, id: first.id, path: first.file.path };
}

describe("openStorage", () => {
  it("takes ids of the form it makes, nothing that could be a path", () => {
    expect(isSessionId(newSessionId())).toBe(true);
    for (const bad of ["../x", "a/b", "", "..", `${newSessionId()}/..`, `${newSessionId()}x`]) {
      expect(isSessionId(bad)).toBe(false);
    }
    expect(() => openStorage({ env: {}, resume: { id: "../../etc/x" } }, "/p", "m")).toThrow(
      expect.objectContaining({ name: "UsageError" }),
    );
  });

  it("resumes only this project's sessions unless all", () => {
    const { env, id } = saved();
    expect(() => openStorage({ env, resume: { id } }, "/q", "m")).toThrow(/another project/);
    const other = openStorage({ env, resume: { id, all: true } }, "/q", "m");
    expect(other.history).toEqual([user("one")]);
    other.release();
  });

  it("refuses a session in use, or starts a new one with a notice", () => {
    const { env, id } = saved();
    const holder = openStorage({ env, resume: { continue: true } }, "/p", "m");
    expect(holder.id).toBe(id);
    expect(() => openStorage({ env, resume: { id } }, "/p", "m")).toThrow(
      /is in use by another North process/,
    );
    const fresh = openStorage({ env, resume: { id }, busy: "new" }, "/p", "m");
    expect(fresh.id).not.toBe(id);
    expect(fresh.notices[0]).toMatch(
      new RegExp(`^Session ${id} is in use .*: this is a new session`),
    );
    holder.release();
    fresh.release();
    openStorage({ env, resume: { id } }, "/p", "m").release();
  });

  it("says how many wrong-shaped lines it skipped, and keeps the file private", () => {
    const { env, id, path } = saved();
    writeFileSync(path, '{"type":"message","message":null}\n', { flag: "a" });
    const resumed = openStorage({ env, resume: { id } }, "/p", "m");
    expect(resumed.notices).toEqual([
      "1 line of the session file could not be understood and was skipped.",
    ]);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    resumed.release();
  });
});
