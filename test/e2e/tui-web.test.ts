// Issue 29: the person reviews the first request to each domain web_fetch would reach — once (y),
// always for this domain (a, confirmed; stored outside the repository), or refuse (n) — in every
// mode, ask mode included (fetching only reads).
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { storedPermissions } from "../support/permissions-file.js";
import {
  send,
  toolResults,
  useTui,
  waitForConfirm,
  waitForReview,
} from "../support/tui-fixture.js";
import { startWebTestServer, type WebTestServer } from "../support/web-test-server.js";

const tui = useTui();
let web: WebTestServer;
beforeEach(async () => {
  web = await startWebTestServer();
});
afterEach(() => web.close());
const config = { web: { allowHosts: ["127.0.0.1"] } };

describe("web_fetch in the TUI", () => {
  test("the first request to a domain is reviewed; a, confirmed, allows the domain from then on", async () => {
    const { term, server, env, repo } = await tui.open(
      [
        reply().tool("web_fetch", { url: `${web.url}/article`, prompt: "the breaking changes" }),
        reply().tool("web_fetch", { url: `${web.url}/notes.txt` }),
        reply().text("Read both pages."),
      ],
      [],
      { config },
    );
    await send(term, "read the release notes");
    await waitForReview(term, "Fetch a web page from 127.0.0.1");
    expect(term.screen()).toContain(`${web.url}/article`);
    expect(term.screen()).toContain("the breaking changes");
    expect(term.screen()).toMatch(/a always \(this domain\)/);
    expect(web.requests).toHaveLength(0);
    term.type("a");
    await waitForConfirm(term, "Always allow fetching from 127.0.0.1 and its subdomains");
    term.type("a");
    await term.waitFor("Read both pages.");
    expect(toolResults(server, 1).at(-1)!.content).toContain("untrusted web content");
    expect(toolResults(server, 2).at(-1)!.content).toContain("Plain notes.");
    expect(web.requests.map((r) => r.path)).toEqual(["/article", "/notes.txt"]);
    expect(storedPermissions(env, repo)).toMatchObject({ webDomains: ["127.0.0.1"] });
  });

  test("in ask mode the review is offered too, and n refuses without fetching", async () => {
    const { term, server } = await tui.open(
      [reply().tool("web_fetch", { url: `${web.url}/article` }), reply().text("Understood.")],
      ["--mode", "ask"],
      { config },
    );
    await send(term, "read it");
    await waitForReview(term, "Fetch a web page from 127.0.0.1");
    term.type("n");
    await term.waitFor("Understood.");
    const [result] = toolResults(server, 1);
    expect(result).toMatchObject({ isError: true });
    expect(result!.content).toContain("was not allowed");
    expect(web.requests).toHaveLength(0);
  });
});
