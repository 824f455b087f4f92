// The floor: a bare Node script that sends North's own request body (a file, captured from a
// North run by the benchmark) over `node:http`, reads the Anthropic SSE stream and prints the
// text. No SDK, no fetch (which would load undici): what any client must at least spend.
// CommonJS, as North's own builds are: Node's ES module loader alone costs a run ~4 ms.
const { request } = require("node:http");
const { readFileSync } = require("node:fs");

const body = readFileSync(process.argv[2]);
const url = new URL(`${process.env.ANTHROPIC_BASE_URL}/v1/messages`);
const req = request(url, {
  method: "POST",
  headers: {
    "content-type": "application/json",
    "content-length": body.length,
    "x-api-key": process.env.ANTHROPIC_API_KEY,
    "anthropic-version": "2023-06-01",
  },
});
req.on("response", (res) => {
  res.setEncoding("utf8");
  let buffer = "";
  let text = "";
  res.on("data", (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame.split("\n").find((l) => l.startsWith("data: "));
      if (!data) continue;
      const event = JSON.parse(data.slice(6));
      if (event.type === "content_block_delta" && event.delta.type === "text_delta") {
        text += event.delta.text;
      }
    }
  });
  res.on("end", () => process.stdout.write(`${text}\n`));
});
req.end(body);
