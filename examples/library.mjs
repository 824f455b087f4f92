// North as a library: open a session in the current repository, send a message, show the answer
// as it streams, and decide on each edit or command the model proposes.
//
//   node examples/library.mjs "add a CHANGELOG entry for the retry fix"
//
// Keys and endpoints come from the environment, as for the CLI (ANTHROPIC_API_KEY, …).
import { createSession } from "north-agent";

const prompt = process.argv.slice(2).join(" ") || "What does this repository do?";
const session = await createSession({ mode: "agent" });
for (const notice of session.notices) console.error(`note: ${notice}`);

// The texts of successive steps are separated by a blank line, not run together.
let wrote = false;
let stepWrote = false;
session.subscribe((event) => {
  switch (event.type) {
    case "step_start":
      stepWrote = false;
      break;
    case "text_delta":
      if (!stepWrote && wrote) process.stdout.write("\n\n");
      stepWrote = wrote = true;
      process.stdout.write(event.text);
      break;
    case "tool_call":
      console.error(`\n[${event.name}] ${JSON.stringify(event.arguments)}`);
      break;
    case "approval_request": {
      // A real program would ask its user; this one accepts edits and refuses commands.
      const accept = event.review.type === "edit";
      console.error(`[review ${event.review.type}] ${accept ? "accepted" : "refused"}`);
      session.respond(
        event.id,
        accept ? { type: "accept" } : { type: "reject", reason: "Not in this example." },
      );
      break;
    }
    case "notice":
      console.error(`note: ${event.text}`);
      break;
  }
});

const result = await session.submit(prompt).done;
process.stdout.write("\n");
console.error(`[${result?.stopReason}] ${result?.steps} steps, session ${session.id}`);
await session.dispose();
