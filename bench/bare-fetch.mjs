// The naive floor: a bare Node script that makes the same streaming Anthropic request with the
// built-in fetch and prints the text. North's one-step answer is measured against this.
const base = process.env.ANTHROPIC_BASE_URL;
const response = await fetch(`${base}/v1/messages`, {
  method: "POST",
  headers: {
    "content-type": "application/json",
    "x-api-key": process.env.ANTHROPIC_API_KEY,
    "anthropic-version": "2023-06-01",
  },
  body: JSON.stringify({
    model: "claude-sonnet-5-5",
    max_tokens: 1024,
    stream: true,
    messages: [{ role: "user", content: process.argv[2] ?? "hello" }],
  }),
});
const decoder = new TextDecoder();
let buffer = "";
let text = "";
for await (const chunk of response.body) {
  buffer += decoder.decode(chunk, { stream: true });
  let end;
  while ((end = buffer.indexOf("\n\n")) >= 0) {
    const frame = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const data = frame.split("\n").find((l) => l.startsWith("data: "));
    if (!data) continue;
    const event = JSON.parse(data.slice(6));
    if (event.type === "content_block_delta" && event.delta.type === "text_delta")
      text += event.delta.text;
  }
}
process.stdout.write(`${text}\n`);
