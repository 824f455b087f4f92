// A repository's `.north/hooks.json`: nothing runs before the person approved that exact content
// (`/hooks` shows it whole, `/hooks approve` stores the approval outside the repository); once
// approved its hooks run inside the command sandbox, without provider keys; a change asks again.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { useE2e } from "../support/e2e-fixture.js";

const e2e = useE2e();

const HOOK =
  'touch hook-ran; echo "key=$ANTHROPIC_API_KEY" > hook-env; touch /tmp/north-hook-escaped-$$; echo $$ > hook-pid';
const proposal = (command: string) =>
  `${JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command }] }] } }, null, 2)}\n`;

describe("a repository's hooks", () => {
  it("run only after approval of their exact content, in the sandbox; a change asks again", async () => {
    const { run, repo } = await e2e.open(
      [reply().text("one"), reply().text("two"), reply().text("three")],
      { files: { "README.md": "# Demo\n", ".north/hooks.json": proposal(HOOK) } },
    );
    const ran = join(repo, "hook-ran");

    const before = await run(["-p", "hello"]);
    expect(before.code).toBe(0);
    expect(before.stderr).toContain("proposes hooks in .north/hooks.json");
    expect(existsSync(ran)).toBe(false);

    const shown = await run(["-p", "/hooks"]);
    expect(shown.stdout).toContain("UserPromptSubmit");
    expect(shown.stdout).toContain("not approved");
    expect(shown.stdout).toContain(proposal(HOOK).trimEnd());

    const approved = await run(["-p", "/hooks approve"]);
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain("Approved .north/hooks.json");

    const after = await run(["-p", "hello again"]);
    expect(after.code).toBe(0);
    expect(after.stderr).not.toContain("proposes hooks");
    expect(existsSync(ran)).toBe(true);
    // Inside the sandbox: no provider key, and a write outside the repository goes nowhere.
    expect(readFileSync(join(repo, "hook-env"), "utf8")).toBe("key=\n");
    const pid = readFileSync(join(repo, "hook-pid"), "utf8").trim();
    expect(existsSync(`/tmp/north-hook-escaped-${pid}`)).toBe(false);

    rmSync(ran);
    writeFileSync(join(repo, ".north/hooks.json"), proposal(`${HOOK} `));
    const changed = await run(["-p", "and again"]);
    expect(changed.code).toBe(0);
    expect(changed.stderr).toContain("proposes hooks in .north/hooks.json");
    expect(existsSync(ran)).toBe(false);
  });
});
