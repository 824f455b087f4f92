// docs/rpc.schema.json is generated from the protocol's TypeScript types: it must not drift.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ESM script without types
import { rpcSchema } from "../scripts/rpc-schema.mjs";

const root = join(import.meta.dirname, "..");

describe("docs/rpc.schema.json", () => {
  it("is what scripts/rpc-schema.mjs generates from src/modes/rpc/protocol.ts now", () => {
    const committed = readFileSync(join(root, "docs", "rpc.schema.json"), "utf8");
    expect(committed).toBe((rpcSchema as () => string)());
  });

  it("describes every method and every session event", () => {
    const schema = JSON.parse(readFileSync(join(root, "docs", "rpc.schema.json"), "utf8")) as {
      definitions: Record<string, { properties?: Record<string, unknown>; anyOf?: unknown[] }>;
    };
    const methods = Object.keys(schema.definitions.RpcMethods!.properties!);
    expect(methods).toEqual(
      expect.arrayContaining(["session/start", "turn/submit", "turn/steer", "approval/respond"]),
    );
    const events = JSON.stringify([schema.definitions.SessionEvent, schema.definitions.AgentEvent]);
    for (const type of ["message_start", "turn_start", "approval_request", "steer", "queue"]) {
      expect(events).toContain(`"const":"${type}"`);
    }
  });
});
