import { describe, expect, it } from "vitest";
import { classifyError, readRetryAfter } from "./errors.js";
import { withRetry } from "./retry.js";
import { ModelStallError } from "./stall.js";
import type { StreamEvent } from "./types.js";
import { emptyUsage } from "./types.js";

const hints = { keyEnv: "ANTHROPIC_API_KEY", baseUrlEnv: "ANTHROPIC_BASE_URL", model: "claude-x" };
const apiError = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Object.assign(new Error(`${status}`), { status, error: body, headers: new Headers(headers) });

describe("classifyError", () => {
  it("sorts HTTP failures into kinds with their retry policy", () => {
    const cases: [unknown, string, boolean][] = [
      [
        apiError(401, {
          type: "error",
          error: { type: "authentication_error", message: "invalid x-api-key" },
        }),
        "auth",
        false,
      ],
      [
        apiError(
          429,
          { error: { message: "slow down", type: "rate_limit_error" } },
          { "retry-after": "7" },
        ),
        "rate_limit",
        true,
      ],
      [
        apiError(429, { error: { message: "no money", code: "insufficient_quota" } }),
        "rate_limit",
        false,
      ],
      [
        apiError(529, {
          type: "error",
          error: { type: "overloaded_error", message: "Overloaded" },
        }),
        "overloaded",
        true,
      ],
      [
        apiError(500, { type: "error", error: { type: "api_error", message: "Internal" } }),
        "server",
        true,
      ],
      [
        apiError(400, { error: { message: "prompt is too long: 210000 tokens > 200000 maximum" } }),
        "context_overflow",
        false,
      ],
      [
        apiError(400, { error: { message: "x", code: "context_length_exceeded" } }),
        "context_overflow",
        false,
      ],
      [apiError(400, { error: { message: "tools.0: bad schema" } }), "bad_request", false],
      [new TypeError("fetch failed"), "network", true],
      [
        Object.assign(new Error("stream"), {
          error: { type: "error", error: { type: "overloaded_error" } },
        }),
        "overloaded",
        true,
      ],
    ];
    for (const [error, kind, retryable] of cases) {
      expect(classifyError(error, hints)).toMatchObject({ kind, retryable });
    }
  });

  it("names the key variable on auth failures and reads retry-after", () => {
    const auth = classifyError(apiError(401, { error: { message: "invalid x-api-key" } }), hints);
    expect(auth.message).toContain("ANTHROPIC_API_KEY");
    const limited = classifyError(apiError(429, {}, { "retry-after": "7" }), hints);
    expect(limited.retryAfterMs).toBe(7000);
  });

  it("treats an aborted signal as a cancel whatever the error", () => {
    const controller = new AbortController();
    controller.abort();
    expect(classifyError(new TypeError("fetch failed"), hints, controller.signal).kind).toBe(
      "aborted",
    );
  });

  it("reads retry-after-ms, seconds and HTTP dates", () => {
    expect(readRetryAfter(new Headers({ "retry-after-ms": "250" }))).toBe(250);
    expect(readRetryAfter(new Headers({ "retry-after": "2" }))).toBe(2000);
    const later = new Date(Date.now() + 5000).toUTCString();
    expect(readRetryAfter(new Headers({ "retry-after": later }))).toBeGreaterThan(3000);
    expect(readRetryAfter(new Headers())).toBeUndefined();
  });
});

describe("withRetry", () => {
  const done = (error?: { retryable: boolean }): StreamEvent => ({
    type: "done",
    message: {
      role: "assistant",
      content: [],
      protocol: "openai-chat",
      model: "m",
      stopReason: error ? "error" : "end",
      usage: emptyUsage(),
    },
    ...(error ? { error: { kind: "server", message: "boom", ...error, retryAfterMs: 0 } } : {}),
  });

  it("retries retryable failures up to the policy, announcing each retry", async () => {
    let attempts = 0;
    const events: StreamEvent[] = [];
    const stream = withRetry(
      async function* () {
        attempts++;
        yield { type: "text_delta", text: `try ${attempts}` };
        yield done({ retryable: true });
      },
      { maxRetries: 3, baseDelayMs: 0, maxDelayMs: 0 },
      new AbortController().signal,
    );
    for await (const e of stream) events.push(e);
    expect(attempts).toBe(4);
    expect(events.filter((e) => e.type === "retry")).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ type: "done", error: { kind: "server" } });
  });

  it("does not retry a failure that is not retryable", async () => {
    let attempts = 0;
    const stream = withRetry(
      async function* () {
        attempts++;
        yield done({ retryable: false });
      },
      { maxRetries: 3, baseDelayMs: 0, maxDelayMs: 0 },
      new AbortController().signal,
    );
    for await (const _ of stream) void _;
    expect(attempts).toBe(1);
  });
});

describe("failures without an HTTP status", () => {
  it("retries connection failures but not North's or the SDK's own errors", () => {
    expect(
      classifyError(
        Object.assign(new Error("terminated"), { cause: { code: "UND_ERR_SOCKET" } }),
        hints,
      ),
    ).toMatchObject({ kind: "network", retryable: true });
    expect(
      classifyError(Object.assign(new Error("x"), { name: "APIConnectionTimeoutError" }), hints),
    ).toMatchObject({ kind: "network" });
    expect(
      classifyError(new TypeError("Cannot read properties of undefined (reading 'map')"), hints),
    ).toMatchObject({ retryable: false });
  });

  it("retries a garbled stream event and says what it was", () => {
    const garbled = new SyntaxError("Unterminated string in JSON at position 88");
    expect(classifyError(garbled, hints)).toMatchObject({
      kind: "server",
      retryable: true,
      message:
        "The model sent a stream North could not read: Unterminated string in JSON at position 88",
    });
  });

  it("finds a stall of httpFetch however deep the SDK wrapped it", () => {
    const wrapped = Object.assign(new Error("Connection error."), {
      name: "APIConnectionError",
      cause: new TypeError("fetch failed", { cause: new ModelStallError("idle", 120_000) }),
    });
    expect(classifyError(wrapped, hints)).toMatchObject({
      kind: "network",
      retryable: true,
      message: expect.stringMatching(/^The model sent nothing for 120 s; /),
    });
  });
});
