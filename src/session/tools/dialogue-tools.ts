import type { AnyTool } from "../../agent/tool.js";
import {
  createAskUserQuestionTool,
  createEnterPlanModeTool,
  createSlashCommandTool,
  type SlashCommandRunner,
} from "../../tools/index.js";
import type { ApprovalBroker } from "../permissions/approval-broker.js";

/** How the dialogue tools reach the person and the front end's commands. */
export interface DialogueOptions {
  broker: ApprovalBroker;
  /** A person answers (the TUI); headless runs have nobody to ask. */
  interactive: boolean;
  /** The front end's slash commands, once it has them; absent: `slash_command` is not offered. */
  slashCommands?: () => SlashCommandRunner | undefined;
}

/**
 * The tools through which the model turns to the person: `ask_user_question` (answered through
 * the approval broker as a `question` review), `enter_plan_mode` and `slash_command` (both
 * decided by the permission policy). Sub-agents never get them (see subagents.ts).
 */
export function createDialogueTools(options: DialogueOptions): AnyTool[] {
  const { broker } = options;
  return [
    createAskUserQuestionTool(
      options.interactive
        ? async (questions, ctx) => {
            const decision = await broker.ask(
              {
                id: ctx.callId ?? `question-${Date.now()}`,
                name: "ask_user_question",
                review: { type: "question", questions },
              },
              ctx.signal,
            );
            return decision.type === "answer" ? decision.answers : undefined;
          }
        : undefined,
    ),
    createEnterPlanModeTool(),
    createSlashCommandTool(() => options.slashCommands?.()),
  ];
}

/**
 * The tools whose schemas go to the model: all but those nobody could use here —
 * `ask_user_question` headless, `slash_command` without a front end's commands. They stay
 * callable (a resumed conversation may call them) and then answer why they cannot help.
 */
export function offered(tools: readonly AnyTool[], options: DialogueOptions): AnyTool[] {
  return tools.filter(
    (t) =>
      !(t.name === "ask_user_question" && !options.interactive) &&
      !(t.name === "slash_command" && !options.slashCommands),
  );
}
