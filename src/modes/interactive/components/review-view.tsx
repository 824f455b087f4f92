import { Box, Text } from "ink";
import { reviewHints } from "../review/hints.js";
import { moreAbove, moreBelow, moreOfCommand, reviewRows } from "../review/rows.js";
import { reviewFold, reviewWidth, type PendingReview } from "../review/review-state.js";
import type { UiState } from "../state/state.js";
import { tint, type Role } from "../screen/theme.js";
import { CursorLine } from "./composer-view.js";
import { Gutter } from "./gutter.js";
import { QuestionView } from "./question-view.js";
import { pickerQuestions } from "../review/picker-questions.js";
import { t } from "../../../i18n/index.js";

/** The frame's colour: red for a dangerous command, blue for a plan, yellow for the rest. */
function frameColor(pending: PendingReview): Role {
  if (pending.review.type === "command" && pending.review.danger) return "error";
  if (pickerQuestions(pending.review)) return "accent";
  return pending.review.type === "plan" || pending.review.type === "plan-mode" ? "info" : "warning";
}

const Row = ({ text }: { text: string }) => <Text wrap="truncate-end">{text || " "}</Text>;

/**
 * The pending review, highlighted by a thick coloured bar down its left side: what is proposed,
 * the body (a diff, a command, a plan) folded to fit the screen with markers for what is
 * hidden (a command keeps its last rows in view), then the keys — or the note being typed for
 * a rejection.
 */
export function ReviewView({ state, pending }: { state: UiState; pending: PendingReview }) {
  return (
    <Box marginTop={1}>
      <Gutter>
        <Box
          flexDirection="column"
          borderStyle="bold"
          borderTop={false}
          borderRight={false}
          borderBottom={false}
          borderColor={tint(frameColor(pending))}
          paddingLeft={1}
        >
          {pending.agent ? (
            <Text color={tint("accent")} wrap="truncate-end">
              {t("review.subagent", { agent: pending.agent })}
            </Text>
          ) : null}
          {pickerQuestions(pending.review) ? (
            <QuestionView pending={pending} />
          ) : (
            <ReviewBody state={state} pending={pending} />
          )}
        </Box>
      </Gutter>
    </Box>
  );
}

/** A change's header, folded body, footer and keys (or the note of a rejection). */
function ReviewBody({ state, pending }: { state: UiState; pending: PendingReview }) {
  const { header, footer, command } = reviewRows(pending.review, reviewWidth(state.width));
  const fold = reviewFold(state, pending);
  const hints = reviewHints(pending, fold.above + fold.below > 0, reviewWidth(state.width));
  return (
    <>
      {header.map((row, i) => (
        <Row key={`h${i}`} text={row} />
      ))}
      {fold.above > 0 ? <Text dimColor>{moreAbove(fold.above)}</Text> : null}
      {fold.rows.map((row, i) => (
        <Row key={`b${fold.above + i}`} text={row} />
      ))}
      {fold.below > 0 ? (
        <Text dimColor>
          {command ? moreOfCommand(fold.below, command.total) : moreBelow(fold.below)}
        </Text>
      ) : null}
      {fold.tail.map((row, i) => (
        <Row key={`t${i}`} text={row} />
      ))}
      {footer.map((row, i) => (
        <Row key={`f${i}`} text={row} />
      ))}
      {pending.reason ? (
        <NoteInput pending={pending} />
      ) : (
        hints.map((row, i) => <Row key={`k${i}`} text={row} />)
      )}
    </>
  );
}

function NoteInput({ pending }: { pending: PendingReview }) {
  const note = pending.reason!;
  return (
    <Box flexDirection="column">
      <Box>
        <Text color={tint("accent")}>{t("review.note")}</Text>
        <CursorLine line={note.text} at={note.cursor} />
      </Box>
      <Text dimColor>
        {t(pending.review.type === "command" ? "review.noteHintDeny" : "review.noteHintReject")}
      </Text>
    </Box>
  );
}
