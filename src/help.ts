// The command line's usage line and help, shared by the launcher (which answers `--help` without
// loading North) and cli.ts (usage errors).

export const USAGE =
  "usage: north [-p [prompt]] [--output-format text|json|stream-json] [--input-format text|stream-json] [--model ID] [--provider NAME] [--mode ask|agent|plan] [--approve none|edits|all] [--sandbox on|off] [--no-hooks] [--max-steps N] [--effort low|medium|high] [--add-dir DIR]... [--path DIR] [--continue | --resume ID] [--fork] [--log-level LEVEL]\n       north rpc [--path DIR] [--mode MODE]\n       north mcp serve [--path DIR] [--allow-changes]\n       north acp [--path DIR] [--mode MODE]\n       north export ID [--format md|json] [--all]";

export const HELP = `North — a coding agent in your terminal.

${USAGE}

  -p, --print             run once headless and print the answer; the prompt is the argument,
                          or standard input when none is given
                          A prompt starting with a slash command runs it (/init, /compact,
                          /context, /cost, /undo, /help, custom commands)
  --output-format FORMAT  text (the answer), json (one result object), stream-json (every event
                          as a JSON line, then the result object)
  --input-format FORMAT   stream-json: read user messages as JSON lines on standard input, one
                          turn each ({"type":"user","message":{"role":"user","content":"…"}});
                          needs --output-format stream-json
  --model ID              a catalog id or alias (sonnet, opus, gpt…), or any id its provider knows
  --provider NAME         anthropic, openai, or a provider from the config file
  --mode MODE             ask (read only), agent (default), plan
  --approve WHAT          headless only: none (default), edits, or all (edits and commands)
  --sandbox on|off        on (default): commands run in an OS sandbox (bubblewrap on Linux) —
                          no network, only the repository writable (read only in ask and plan
                          mode, and headless without --approve all); leaving it needs a person.
                          off: no sandbox, every command is asked for (headless: --approve all)
  --no-hooks              run no hooks this time (the config's nor the repository's)
  --max-steps N           model calls per turn (default 50)
  --effort LEVEL          how hard the model thinks: low, medium or high (default: the model's)
  --path DIR              work in DIR instead of the current directory
  --add-dir DIR           let the tools also read (and in agent mode change) files in DIR, under
                          the repository's rules; repeatable
  -c, --continue          resume the newest conversation of this project
  --resume [ID]           resume a saved conversation of this project by its id; without one,
                          list them. One in use by another North process: -p stops (exit 1),
                          the interactive interface starts a new conversation
  --fork                  with --continue or --resume ID: go on in a copy of that conversation
                          (a new session whose parent it is); its own file is not written
  --all                   with --resume: list (or resume by id) the conversations of every project
                          (when standard output is not a terminal, --resume lists them as text,
                          or as JSON with --output-format json)
  --log-level LEVEL       debug, info (default), warn, error or off: what goes to the log file
                          (~/.local/state/north/north.log, rotated at 5 MB, 3 kept)
  -v, --version           print the version
  -h, --help              this help

north rpc: JSON-RPC 2.0 over standard input and output, one message per line, for editors and
programs (docs/rpc.md).
north mcp serve: the repository's read and search tools over MCP (stdio) for other clients;
--allow-changes adds the edit tools and shell_run (commands only in the OS sandbox).
north export ID: a saved conversation to standard output, as markdown (messages, tool calls,
edits as diffs, results cut short) or with --format json as one object.
north acp: the Agent Client Protocol over standard input and output, for editors (Zed,
JetBrains, Neovim, Emacs); the editor starts it (docs/acp.md).

Keys: ANTHROPIC_API_KEY, OPENAI_API_KEY; endpoints: ANTHROPIC_BASE_URL, OPENAI_BASE_URL (also read
from .env at the repository root). With no key at all, a local Ollama or LM Studio is used.
Settings: the config file (model, providers) and .north/settings.json (model, mode).
Exit codes: 0 done, 1 the run failed, 2 usage error, 130 interrupted (Ctrl+C), 143 and 129
ended by SIGTERM and SIGHUP (the turn is cancelled and commands killed, as with Ctrl+C).`;
