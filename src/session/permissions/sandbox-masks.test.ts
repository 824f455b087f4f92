import { describe, expect, it } from "vitest";
import { bwrapArgs } from "../../shell/sandbox/bubblewrap.js";
import { checkGlobalConfig } from "../config/config.js";
import { sandboxMasks } from "./sandbox-masks.js";

const env = {
  HOME: "/home/p",
  XDG_CONFIG_HOME: "/x/config",
  XDG_DATA_HOME: "/x/data",
  XDG_STATE_HOME: "/x/state",
  XDG_CACHE_HOME: "/x/cache",
};

describe("sandboxMasks", () => {
  it("hides North's folders and the credential locations, plus sandbox.mask, minus unmask", () => {
    const masks = sandboxMasks(env, {
      sandbox: { mask: ["~/.vault-token", "/srv/secrets"], unmask: ["~/.npmrc"] },
    });
    expect(masks).toEqual(
      expect.arrayContaining([
        "/x/config/north",
        "/x/data/north",
        "/x/state/north",
        "/x/cache/north",
        "/home/p/.ssh",
        "/home/p/.docker/config.json",
        "/home/p/.claude",
        "/home/p/.vault-token",
        "/srv/secrets",
      ]),
    );
    expect(masks).not.toContain("/home/p/.npmrc");
  });

  it("refuses a relative path in the config, naming the field", async () => {
    const checked = await checkGlobalConfig({ sandbox: { mask: ["secrets"] } });
    expect(checked.success).toBe(false);
    expect(JSON.stringify(checked.error?.issues)).toMatch(/absolute path or one starting with ~/);
    expect((await checkGlobalConfig({ sandbox: { mask: ["~/.x", "/y"] } })).success).toBe(true);
  });

  it("never masks the repository or a folder holding it; masks inside it come after its binds", () => {
    const args = bwrapArgs({
      root: "/home/p/.ssh/repo",
      writeRepo: true,
      mounts: { writable: ["/home/p/.ssh/repo"], readOnly: [] },
      privateDirs: [],
      masks: [
        { path: "/home/p/.ssh", dir: true },
        { path: "/home/p/.ssh/repo", dir: true },
        { path: "/home/p/.aws", dir: true },
        { path: "/home/p/.ssh/repo/.netrc", dir: false },
      ],
    }).join(" ");
    expect(args).not.toMatch(/--tmpfs \/home\/p\/\.ssh( |\/repo )/);
    expect(args.indexOf("--tmpfs /home/p/.aws")).toBeLessThan(args.indexOf("--bind /home/p/.ssh"));
    expect(args.indexOf("--ro-bind /dev/null /home/p/.ssh/repo/.netrc")).toBeGreaterThan(
      args.indexOf("--bind /home/p/.ssh/repo"),
    );
  });
});
