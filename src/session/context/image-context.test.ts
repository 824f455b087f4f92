import { describe, expect, it } from "vitest";
import { IMAGE_TOKEN_ESTIMATE, type Message } from "../../ai/index.js";
import { estimateMessage } from "../models/token-estimate.js";
import { renderTranscript } from "./compaction-summary.js";

const data = Buffer.alloc(48 * 1024).toString("base64");
const withImage: Message = {
  role: "user",
  content: "what is this?",
  images: [{ mediaType: "image/png", data }],
};

describe("an image in the context", () => {
  it("counts as a fixed estimate in the meter", () => {
    const plain = estimateMessage({ role: "user", content: "what is this?" });
    expect(estimateMessage(withImage)).toBe(plain + IMAGE_TOKEN_ESTIMATE);
  });

  it("is summarised as a note, never its bytes", () => {
    const transcript = renderTranscript([withImage], 10_000);
    expect(transcript).toContain("[Image: png 48 KB]");
    expect(transcript).not.toContain(data.slice(0, 40));
  });

  it("read_file's image counts too, and is a note in the summary", () => {
    const result: Message = {
      role: "tool",
      toolCallId: "c1",
      toolName: "read_file",
      content: "shot.png: PNG image, 48.0 KB, 800×600 px; the image follows.",
      isError: false,
      images: [{ mediaType: "image/png", data }],
    };
    const plain = estimateMessage({ ...result, images: [] });
    expect(estimateMessage(result)).toBe(plain + IMAGE_TOKEN_ESTIMATE);
    const transcript = renderTranscript([withImage, result], 10_000);
    expect(transcript).toMatch(/## Result of read_file\n.*\n\[Image: png 48 KB\]/);
    expect(transcript).not.toContain(data.slice(0, 40));
  });
});
