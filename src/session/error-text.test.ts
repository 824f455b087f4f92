// A provider's error as the person reads it: the same English words as its message, and real
// Chinese in zh-CN with the service's own words kept (issue 14: errors are translated too).
import { afterEach, describe, expect, it } from "vitest";
import { ABORTED, classifyError } from "../ai/errors.js";
import { ModelStallError } from "../ai/stall.js";
import { errorText, setLanguage } from "../i18n/index.js";

const hints = {
  keyEnv: "ANTHROPIC_API_KEY",
  baseUrlEnv: "ANTHROPIC_BASE_URL",
  model: "claude-x",
  host: "api.example.test",
};
const apiError = (status: number, body: unknown) =>
  Object.assign(new Error(`${status}`), { status, error: body, headers: new Headers() });
const said = (message: string) => ({ error: { message } });

const errors = [
  classifyError(apiError(401, said("invalid x-api-key")), hints),
  classifyError(apiError(429, said("slow down")), hints),
  classifyError(
    apiError(429, { error: { message: "no credit", code: "insufficient_quota" } }),
    hints,
  ),
  classifyError(apiError(529, said("busy")), hints),
  classifyError(apiError(500, said("boom")), hints),
  classifyError(apiError(400, said("prompt is too long: 300000 tokens")), hints),
  classifyError(apiError(404, said("no such model")), hints),
  classifyError(apiError(422, said("bad field")), hints),
  classifyError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }), hints),
  classifyError(new ModelStallError("connect", 10_000), hints),
  classifyError(new ModelStallError("idle", 120_000), hints),
  ABORTED,
];

afterEach(() => setLanguage("en"));

describe("errorText", () => {
  it("says in English exactly what the message says, for every kind classified", () => {
    setLanguage("en");
    for (const error of errors) {
      expect(error.phrase, error.message).toBeDefined();
      expect(errorText(error)).toBe(error.message);
    }
  });

  it("says it in Chinese in zh-CN, keeping the service's own words", () => {
    setLanguage("zh-CN");
    for (const error of errors) {
      const text = errorText(error);
      expect(text, error.message).not.toBe(error.message);
      expect(text).toMatch(/[\u4e00-\u9fff]/);
      const detail = error.phrase?.values.detail;
      if (typeof detail === "string") expect(text).toContain(detail);
    }
  });

  it("falls back to the message when there is no phrase for it", () => {
    setLanguage("zh-CN");
    expect(errorText({ message: "Something new." })).toBe("Something new.");
    expect(errorText({ message: "Other.", phrase: { id: "nope", values: {} } })).toBe("Other.");
  });
});
