import { describe, expect, it } from "vitest";
import { parseInput } from "./parser.js";
import type { CommandShape } from "./types.js";

const shapes: CommandShape[] = [
  { name: "model", description: "", arity: "one" },
  { name: "clear", description: "", arity: "none" },
  { name: "compact", description: "", arity: "rest" },
  {
    name: "summarize",
    description: "",
    arity: "none",
    flags: [{ name: "keep-last", short: "k", value: true }],
  },
  { name: "undo", description: "", arity: "one", flags: [{ name: "all", short: "a" }] },
];
const lookup = (name: string) => shapes.find((s) => s.name === name);
const parse = (text: string) => parseInput(text, lookup);

describe("parseInput", () => {
  it("leaves text without a leading command alone", () => {
    expect(parse("look at src/app.ts and /etc/hosts or /unknown")).toEqual({
      commands: [],
      rest: "look at src/app.ts and /etc/hosts or /unknown",
      problems: [],
    });
  });

  it("takes a command only at the start or after whitespace", () => {
    expect(parse("a/model sonnet").commands).toEqual([]);
    expect(parse("/model sonnet").commands[0]).toMatchObject({ name: "model", args: ["sonnet"] });
  });

  it("takes commands only at the start, several in a row; later /words are text", () => {
    const result = parse("/clear /model opus");
    expect(result.commands.map((c) => [c.name, c.args])).toEqual([
      ["clear", []],
      ["model", ["opus"]],
    ]);
    expect(result.rest).toBe("");
    expect(parse("explain the build /model opus").commands).toEqual([]);
    expect(parse("explain the build /model opus").rest).toBe("explain the build /model opus");
  });

  it("reports words no command takes, and an unknown first command with a suggestion", () => {
    expect(parse("/model haiku 4.5").leftover).toEqual({ command: "model", text: "4.5" });
    expect(parse("/clear explain the build").leftover).toEqual({
      command: "clear",
      text: "explain the build",
    });
    const known = () => shapes.map((s) => s.name);
    expect(parseInput("/modle opus", lookup, known).unknown).toEqual({
      name: "modle",
      suggestion: "model",
    });
    expect(parseInput("/zzz", lookup, known).unknown).toEqual({ name: "zzz" });
  });

  it("runs a rest-arity command to the next command token", () => {
    const result = parse("/compact keep the plan and tests /clear");
    expect(result.commands.map((c) => [c.name, c.args])).toEqual([
      ["compact", ["keep", "the", "plan", "and", "tests"]],
      ["clear", []],
    ]);
    expect(result.rest).toBe("");
  });

  it("keeps quoted text as one argument that is never a command", () => {
    const result = parse('/compact "focus on /model choice" /clear');
    expect(result.commands[0]!.args).toEqual(["focus on /model choice"]);
    expect(result.commands).toHaveLength(2);
  });

  it("reads --flag value, --flag=value and -f", () => {
    expect(parse("/summarize --keep-last 3").commands[0]!.flags).toEqual({ "keep-last": "3" });
    expect(parse("/summarize --keep-last=4").commands[0]!.flags).toEqual({ "keep-last": "4" });
    expect(parse("/summarize -k 5").commands[0]!.flags).toEqual({ "keep-last": "5" });
    expect(parse("/undo -a").commands[0]!.flags).toEqual({ all: true });
    expect(parse("/summarize --keep-last").problems).toEqual(["--keep-last needs a value"]);
  });

  it("does not swallow an unknown flag-like word for a fixed-arity command", () => {
    const result = parse("/clear --verbose output please");
    expect(result.commands[0]).toMatchObject({ name: "clear", args: [] });
    expect(result.leftover).toEqual({ command: "clear", text: "--verbose output please" });
  });
});
