import type { FileChange, Review } from "../../../agent/tool.js";
import type { Decision } from "../../../session/index.js";
import { changeLabel } from "../review/diff-rows.js";
import { changedNote, commandOutcome, outputTail, quoteCommand } from "./shell.js";
import { type Args, type ChangeBody, clip, count } from "./types.js";
import { t } from "../../../i18n/index.js";

/** A finished tool call and what this interface knows about it. */
export interface SettleInput {
  name: string;
  content: string;
  isError: boolean;
  details: unknown;
  /** The change as proposed (`tool_proposal`), when there was one. */
  review?: Review;
  /** The person's answer to it in this interface, when they gave one. */
  decision?: Decision;
  /** The turn was cancelled while the call ran. */
  cancelled?: boolean;
}

/** The settled line of a change: "Edited src/app.ts (+3 −1)", "Denied `rm -rf build`". */
export interface SettledChange {
  title: string;
  outcome?: string;
  error: boolean;
  /** Turned down (by the person or the policy) rather than failed: drawn in yellow. */
  declined?: boolean;
  change?: ChangeBody;
}

const asArgs = (value: unknown): Args =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Args) : {};

const isReview = (value: unknown): value is Review => {
  const type = asArgs(value).type;
  return (
    type === "edit" ||
    type === "command" ||
    type === "plan" ||
    type === "secret" ||
    type === "plan-mode" ||
    type === "slash"
  );
};

const isFiles = (value: unknown): value is FileChange[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((f) => typeof asArgs(f).path === "string" && typeof asArgs(f).added === "number");

const firstLine = (text: string) => clip(text.split("\n")[0]?.trim() ?? "", 100);

/**
 * The settled line of an edit, a command or a plan from its result, or `undefined` when the
 * result says too little (the caller falls back to the generic line). A denial carries
 * `details.review`; who denied it is told by `decision` (the person) or the content (cancel,
 * the policy).
 */
export function settleChange(input: SettleInput): SettledChange | undefined {
  const details = asArgs(input.details);
  const review = isReview(details.review) ? details.review : input.review;
  if (details.denied === true && review) return denied(review, input);
  // A slash command the person turned down (the tool reports it as an error for the model).
  if (review?.type === "slash" && input.decision?.type === "reject") return denied(review, input);
  if (input.isError) return undefined;
  if (review?.type === "plan-mode") return { title: t("tool.planModeOn"), error: false };
  const files = isFiles(details.files)
    ? details.files
    : review?.type === "edit"
      ? review.files
      : undefined;
  if (files && (input.name.startsWith("edit_") || review?.type === "edit")) {
    const undo = typeof details.checkpointError === "string" ? t("tool.notForUndo") : undefined;
    return {
      title: changeLabel(files, "done"),
      error: false,
      change: { type: "diff", files },
      ...(undo ? { outcome: undo } : {}),
    };
  }
  if (review?.type === "plan")
    return {
      title: t("tool.planAccepted"),
      error: false,
      change: { type: "plan", plan: review.plan },
    };
  if (review?.type === "command" || input.name === "shell_run") {
    const command = review?.type === "command" ? review.command : undefined;
    const { outcome, failed } = commandOutcome(details, input.content);
    const tail = outputTail(details, input.content);
    // Ran in the OS sandbox: a small marker after how it ended.
    const boxed = details.sandbox === "workspace-write" || details.sandbox === "read-only";
    const marked = [outcome, boxed ? t("tool.sandboxed") : undefined, changedNote(details)]
      .filter(Boolean)
      .join(" · ");
    return {
      title: t("tool.ran", {
        command: quoteCommand(
          command ?? (typeof details.command === "string" ? details.command : t("tool.aCommand")),
        ),
      }),
      error: failed,
      ...(marked ? { outcome: marked } : {}),
      ...(tail ? { change: { type: "output" as const, ...tail } } : {}),
    };
  }
  return undefined;
}

function denied(review: Review, input: SettleInput): SettledChange {
  const byPerson = input.decision?.type === "reject";
  const cancelled = !byPerson && (input.cancelled === true || /^Cancelled/i.test(input.content));
  const how = byPerson ? "person" : cancelled ? "cancel" : "policy";
  const note =
    how === "person"
      ? input.decision?.type === "reject" && input.decision.reason
        ? `“${clip(input.decision.reason, 80)}”`
        : undefined
      : how === "policy"
        ? firstLine(input.content)
        : undefined;
  const title = deniedTitle(review, how);
  return {
    title,
    error: false,
    declined: true,
    ...(note ? { outcome: note } : {}),
    ...(review.type === "plan" ? { change: { type: "plan" as const, plan: review.plan } } : {}),
  };
}

function deniedTitle(review: Review, how: "person" | "cancel" | "policy"): string {
  switch (review.type) {
    case "edit": {
      const what =
        review.files.length === 1 ? review.files[0]!.path : count(review.files.length, "file");
      const key = {
        person: "tool.editRejected",
        cancel: "tool.editCancelled",
        policy: "tool.editRefused",
      } as const;
      return t(key[how], { what });
    }
    case "command": {
      const key = {
        person: "tool.commandDenied",
        cancel: "tool.commandCancelled",
        policy: "tool.commandRefused",
      } as const;
      return t(key[how], { command: quoteCommand(review.command) });
    }
    case "secret":
      return t("tool.secretNotRead", { path: review.path });
    case "plan":
      return t(
        (
          {
            person: "tool.planRejected",
            cancel: "tool.planCancelled",
            policy: "tool.planRefused",
          } as const
        )[how],
      );
    case "plan-mode":
      return t("tool.planModeDeclined", { mode: "agent" });
    case "slash":
      return t("tool.slashNotRun", { command: review.command });
    case "mcp":
      return t("tool.mcpNotCalled", { tool: `${review.server}/${review.tool}` });
    case "web":
      return t("tool.webNotFetched", { url: review.url });
    case "question":
    case "elicitation":
      return t("tool.questionNotAnswered");
  }
}
