// Images in the composer (issue 29), in a pseudo-terminal: a bracketed paste that is only an
// image's path (a dropped file: quoted, or with escaped spaces) becomes `[Image #1 …]`, which
// Backspace removes whole; Ctrl+V attaches the clipboard's image through a clipboard program on
// PATH (a fake `xclip` here), scaled to the provider's limits; without one, a notice says what
// to install.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { reply, type MockModelServer } from "../support/mock-model-server.js";
import { COMPOSER, useTui } from "../support/tui-fixture.js";
import { imageSize, oversizedPng, solidImage } from "../support/images.js";

const CTRL_V = "\x16";
const BACKSPACE = "\x7f";

/** The image blocks of the first request's last user message. */
function sentImages(server: MockModelServer): { media_type: string; data: string }[] {
  const body = server.requests[0]!.body as { messages: { role: string; content: unknown }[] };
  const user = body.messages.filter((m) => m.role === "user").at(-1)!;
  const blocks = Array.isArray(user.content) ? (user.content as Record<string, unknown>[]) : [];
  return blocks
    .filter((b) => b.type === "image")
    .map((b) => b.source as { media_type: string; data: string });
}

let dir: string;
let png: Buffer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "north-drop-"));
  png = await solidImage(300, 200, "png");
  writeFileSync(join(dir, "my shot.png"), png);
  // A clipboard program the way xclip answers `-selection clipboard -t image/png -o`.
  const bin = join(dir, "bin");
  const big = join(dir, "big.png");
  writeFileSync(big, await oversizedPng());
  mkdirSync(bin);
  writeFileSync(
    join(bin, "xclip"),
    `#!/bin/sh\ncase "$*" in *"-t image/png -o"*) exec cat '${big}';; esac\nexit 1\n`,
  );
  chmodSync(join(bin, "xclip"), 0o755);
});

describe("images in the composer", () => {
  const tui = useTui();

  for (const how of ["quoted", "escaped"] as const) {
    it(`a pasted image path (${how}) becomes an attachment`, async () => {
      const { term, server } = await tui.open([reply().text("A green rectangle.")]);
      const path = join(dir, "my shot.png");
      term.paste(how === "quoted" ? `'${path}'` : path.replace(/ /g, "\\ "));
      await term.waitFor("[Image #1 my shot.png 1 KB]");
      term.write(" what is this?");
      await term.waitFor("what is this?");
      term.press("enter");
      await term.waitFor("A green rectangle.");
      expect(sentImages(server)).toEqual([
        { type: "base64", media_type: "image/png", data: png.toString("base64") },
      ]);
      expect(JSON.stringify(server.requests[0]!.body)).not.toContain("[Image #1");
    });
  }

  it("Backspace removes the attachment whole", async () => {
    const { term } = await tui.open([]);
    term.paste(`'${join(dir, "my shot.png")}'`);
    await term.waitFor("[Image #1 my shot.png");
    term.write(BACKSPACE);
    await term.waitFor(COMPOSER);
    expect(term.screen()).not.toContain("my shot.png");
  });

  it("Ctrl+V attaches the clipboard's image, scaled to the provider's limits", async () => {
    const { term, server } = await tui.open([reply().text("Noise.")], [], {
      env: { PATH: `${join(dir, "bin")}:${process.env.PATH ?? ""}` },
    });
    term.write(CTRL_V);
    await term.waitFor(/\[Image #1 clipboard-\w+\.png \d+ KB\]/);
    term.write(" and this?");
    await term.waitFor("and this?");
    term.press("enter");
    await term.waitFor("Noise.");
    const [image] = sentImages(server);
    expect(image?.data.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect((await imageSize(image!.data)).width).toBe(1568);
  });

  it("Ctrl+V without a clipboard program says which to install", async () => {
    const empty = mkdtempSync(join(tmpdir(), "north-nobin-"));
    const { term } = await tui.open([], [], { env: { PATH: empty } });
    term.write(CTRL_V);
    await term.waitFor("No clipboard tool to paste an image with: install xclip / wl-paste");
  });
});
