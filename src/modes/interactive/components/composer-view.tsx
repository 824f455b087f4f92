import { Box, Text } from "ink";
import type { EditorState } from "../composer/editor.js";
import { mentionSpans } from "../composer/mention-spans.js";
import { tint } from "../screen/theme.js";
import { t } from "../../../i18n/index.js";
import { shownTabs } from "../keys/keys.js";

/** The prompt mark before the input. */
export const PROMPT = "> ";

/**
 * The prompt mark in shell mode: an input that begins with `!` runs in the person's shell
 * (command-runner.ts). The `!` itself becomes the mark, the text takes the shell colour, as
 * Claude Code's bash mode shows it; deleting the `!` (Backspace at the start) leaves the mode.
 */
export const SHELL_PROMPT = "! ";

/** At most this many lines of the input show; a longer input scrolls with the cursor. */
export const COMPOSER_MAX_LINES = 8;

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * The cursor cell in reverse video, written as a raw escape: reverse video is no colour, so it
 * stays under NO_COLOR (where chalk would drop it) and the cursor never disappears.
 */
const cursorCell = (ch: string) => `\x1b[7m${ch}\x1b[27m`;

/** `text` with the cursor drawn on the grapheme at `at` (or after it, at its end). */
function withCursor(text: string, at: number | undefined): string {
  if (at === undefined || at > text.length) return shownTabs(text);
  const next = segmenter.segment(text.slice(at))[Symbol.iterator]().next().value?.segment ?? " ";
  const after = text.slice(at + (next === " " && at >= text.length ? 0 : next.length));
  const cell = next === "\t" ? `${cursorCell(" ")} ` : cursorCell(next);
  return `${shownTabs(text.slice(0, at))}${cell}${shownTabs(after)}`;
}

/**
 * A ghost-text suggestion after the cursor, dim (a raw escape, like the cursor, so that it stays
 * told apart from typed text under NO_COLOR), the cursor on its first character.
 */
function ghostCells(ghost: string): string {
  const first = segmenter.segment(ghost)[Symbol.iterator]().next().value?.segment ?? " ";
  return `\x1b[2m${cursorCell(shownTabs(first))}${shownTabs(ghost.slice(first.length))}\x1b[22m`;
}

/**
 * One line with the cursor drawn as an inverse cell on the grapheme it sits on; `tokens` (line
 * offsets of chosen `@` mentions) are drawn as coloured units; `ghost`, a suggestion, is drawn
 * after the line when the cursor is on it (at its end).
 */
export function CursorLine({
  line,
  at: cursorAt,
  tokens = [],
  ghost,
}: {
  line: string;
  at: number | undefined;
  tokens?: readonly { start: number; end: number }[];
  ghost?: string | undefined;
}) {
  const after = ghost && cursorAt !== undefined ? ghostCells(ghost) : "";
  const at = after ? undefined : cursorAt;
  if (tokens.length === 0)
    return (
      <Text>
        {at === undefined ? shownTabs(line) || (after ? "" : " ") : withCursor(line, at)}
        {after}
      </Text>
    );
  const pieces: { start: number; end: number; token: boolean }[] = [];
  let i = 0;
  for (const t of tokens) {
    if (t.start > i) pieces.push({ start: i, end: t.start, token: false });
    pieces.push({ ...t, token: true });
    i = t.end;
  }
  pieces.push({ start: i, end: line.length, token: false });
  return (
    <Text>
      {pieces.map((p, n) => {
        const last = n === pieces.length - 1;
        const own = at !== undefined && at >= p.start && (at < p.end || (last && at === p.end));
        const text = withCursor(line.slice(p.start, p.end), own ? at - p.start : undefined);
        return p.token ? (
          <Text key={n} color={tint("accent")} bold underline={!tint("accent")}>
            {text}
          </Text>
        ) : (
          <Text key={n}>{text}</Text>
        );
      })}
      {after}
    </Text>
  );
}

/**
 * The multi-line input: a prompt mark, the text, the cursor; a dim placeholder when empty.
 * `frozen` (a review takes the keys): one dim line of the kept text, no cursor.
 */
export function ComposerView(props: {
  state: EditorState;
  placeholder: string;
  busy: boolean;
  frozen?: boolean;
  /** What the frozen composer asks for when it keeps no text (the review's, by default). */
  frozenHint?: string;
  /** A ghost-text suggestion, drawn in grey after the cursor (which is then at the end). */
  ghost?: string | undefined;
}) {
  const { text: input, cursor: inputCursor } = props.state;
  if (props.frozen) {
    const lines = input.split("\n");
    const more = lines.length > 1 ? t("composer.moreLines", { count: lines.length - 1 }) : "";
    return (
      <Text dimColor wrap="truncate-end">
        {PROMPT}
        {input ? `${lines[0]}${more}` : (props.frozenHint ?? t("composer.answerReview"))}
      </Text>
    );
  }
  // Shell mode: the text is drawn without its `!`, which the mark stands for.
  const shell = input.startsWith("!");
  const text = shell ? input.slice(1) : input;
  const cursor = shell ? Math.max(0, inputCursor - 1) : inputCursor;
  // ASCII on purpose: the first frame then needs no Unicode width tables (~25 ms at start-up).
  const mark = shell ? (
    <Text color={tint("shell")} bold>
      {SHELL_PROMPT}
    </Text>
  ) : (
    <Text color={tint(props.busy ? "muted" : "accent")}>{PROMPT}</Text>
  );
  if (text === "") {
    return (
      <Box>
        {mark}
        <Text>
          {cursorCell(" ")}
          <Text dimColor>{shell ? t("composer.shellPlaceholder") : props.placeholder}</Text>
        </Text>
      </Box>
    );
  }
  const lines = text.split("\n");
  const before = text.slice(0, cursor).split("\n");
  const row = before.length - 1;
  const column = before[row]!.length;
  const first = Math.max(
    0,
    Math.min(row - COMPOSER_MAX_LINES + 1, lines.length - COMPOSER_MAX_LINES),
  );
  const shown = lines.slice(first, first + COMPOSER_MAX_LINES);
  const spans = mentionSpans(text, props.state.mentions);
  const lineStarts = lines.map((_, n) => lines.slice(0, n).join("\n").length + (n > 0 ? 1 : 0));
  const tokensOf = (n: number) =>
    spans
      .filter((s) => s.start >= lineStarts[n]! && s.end <= lineStarts[n]! + lines[n]!.length)
      .map((s) => ({ start: s.start - lineStarts[n]!, end: s.end - lineStarts[n]! }));
  const hiddenAbove = first;
  const hiddenBelow = lines.length - first - shown.length;
  return (
    <Box flexDirection="column">
      {hiddenAbove > 0 ? (
        <Text
          dimColor
        >{`  ↑ ${t(hiddenAbove === 1 ? "composer.hiddenOne" : "composer.hidden", { count: hiddenAbove })}`}</Text>
      ) : null}
      {shown.map((line, i) => (
        <Box key={first + i}>
          {i === 0 && first === 0 ? mark : <Text>{"  "}</Text>}
          <Text color={shell ? tint("shell") : undefined}>
            <CursorLine
              line={line}
              at={first + i === row ? column : undefined}
              tokens={tokensOf(first + i)}
              ghost={props.ghost}
            />
          </Text>
        </Box>
      ))}
      {hiddenBelow > 0 ? (
        <Text
          dimColor
        >{`  ↓ ${t(hiddenBelow === 1 ? "composer.hiddenOne" : "composer.hidden", { count: hiddenBelow })}`}</Text>
      ) : null}
    </Box>
  );
}
