import { describe, expect, it } from "vitest";
import { imageMentions, pastedImagePath } from "./attach-images.js";

describe("image paths a person writes", () => {
  it("finds @ image paths: bare, quoted, with escaped spaces, absolute and ~/", () => {
    const text = [
      "look at @shot.png, and @'/tmp/my shot.jpg' and @\"two words.webp\"",
      "then @dir/with\\ space.JPEG and @~/Pictures/a.gif. Not @src/app.ts nor mail@x.png",
    ].join("\n");
    expect(imageMentions(text)).toEqual([
      { word: "@shot.png", path: "shot.png" },
      { word: "@'/tmp/my shot.jpg'", path: "/tmp/my shot.jpg" },
      { word: '@"two words.webp"', path: "two words.webp" },
      { word: "@dir/with\\ space.JPEG", path: "dir/with space.JPEG" },
      { word: "@~/Pictures/a.gif", path: "~/Pictures/a.gif" },
    ]);
  });

  it("takes a paste that is only an image path as that path", () => {
    expect(pastedImagePath("/tmp/shot.png")).toBe("/tmp/shot.png");
    expect(pastedImagePath("'/tmp/my shot.png' ")).toBe("/tmp/my shot.png");
    expect(pastedImagePath('"/tmp/my shot.png"')).toBe("/tmp/my shot.png");
    expect(pastedImagePath("/tmp/my\\ shot\\ 2.png")).toBe("/tmp/my shot 2.png");
    expect(pastedImagePath("file:///tmp/my%20shot.png")).toBe("/tmp/my shot.png");
    expect(pastedImagePath("see /tmp/shot.png")).toBeUndefined();
    expect(pastedImagePath("/tmp/notes.txt")).toBeUndefined();
    expect(pastedImagePath("/tmp/a.png\n/tmp/b.png")).toBeUndefined();
  });
});
