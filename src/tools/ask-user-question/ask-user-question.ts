import {
  ToolError,
  defineTool,
  type Question,
  type ToolContext,
  type ToolOutput,
  type ZodModule,
} from "../../agent/tool.js";
import description from "./description.md";

const option = (z: ZodModule) =>
  z.object({ label: z.string(), description: z.string().optional() });

const schema = (z: ZodModule) =>
  z.object({
    questions: z.array(
      z.object({
        question: z.string(),
        header: z.string().optional().describe("A word or two"),
        options: z.array(option(z)),
      }),
    ),
  });

/**
 * Puts questions to the person and resolves with one answer per question, or `undefined` when
 * they declined (Esc) or the turn was cancelled. Provided by the session where a person is there.
 */
export type QuestionAsker = (
  questions: Question[],
  ctx: ToolContext,
) => Promise<string[] | undefined>;

/** Told to the model when nobody can answer (a headless run). */
export const NO_PERSON =
  "No person is available to answer in this run. Do not ask again: proceed on reasonable assumptions, and state them in your answer.";

/** What ask_user_question's result carries for the transcript line. */
export interface QuestionDetails {
  questions: string[];
  answers?: string[];
}

/**
 * `ask_user_question`: questions with options for the person; their answers are the result.
 * Changes nothing, so it is of the read kind; one at a time (a person answers one picker).
 */
export function createAskUserQuestionTool(ask: QuestionAsker | undefined) {
  return defineTool({
    name: "ask_user_question",
    kind: "read",
    description,
    schema,
    concurrent: () => false,
    async execute({ questions }, ctx): Promise<ToolOutput<QuestionDetails>> {
      check(questions);
      const asked = questions.map((q) => q.question.trim());
      if (!ask) return { content: NO_PERSON, details: { questions: asked } };
      const answers = await ask(questions, ctx);
      if (ctx.signal.aborted) throw new ToolError("Cancelled by the user.");
      if (!answers)
        return {
          content:
            "The person declined to answer. Proceed on reasonable assumptions and state them, or ask in your reply.",
          details: { questions: asked },
        };
      const content = asked.map((q, i) => `${q}\n→ ${answers[i] ?? "(no answer)"}`).join("\n\n");
      return { content, details: { questions: asked, answers } };
    },
  });
}

function check(questions: Question[]): void {
  if (questions.length < 1 || questions.length > 4)
    throw new ToolError(`Ask 1 to 4 questions at a time (you sent ${questions.length}).`);
  questions.forEach((q, i) => {
    if (!q.question.trim()) throw new ToolError(`Question ${i + 1} is empty.`);
    if (q.options.length < 2 || q.options.length > 4)
      throw new ToolError(
        `Question ${i + 1} has ${q.options.length} options; give 2 to 4 (the person can always answer in their own words).`,
      );
    if (q.options.some((o) => !o.label.trim()))
      throw new ToolError(`Question ${i + 1} has an option without a label.`);
  });
}
