import { describe, expect, it } from "vitest";
import { providerKeyVariables } from "./shell-set.js";

describe("providerKeyVariables", () => {
  it("names the common providers' keys, the built-in vendors' and the configured ones", () => {
    const names = providerKeyVariables({ providers: { mine: { apiKeyEnv: "MY_KEY" } } });
    for (const name of ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY", "MY_KEY"])
      expect(names).toContain(name);
  });
});
