import type { ElicitationField, Review } from "../../../agent/tool.js";
import { t } from "../../../i18n/index.js";

/**
 * One step of the question picker: a question of `ask_user_question`, or one field of an MCP
 * server's form (`elicitation`). `options` are chosen by number or arrows (`value` is what a
 * choice answers, else its label); `typed` adds a last entry that opens a line for a typed answer.
 * A step with no options opens that line at once.
 */
export interface PickerQuestion {
  question: string;
  header?: string;
  /** Dim words under the question: a field's description and what it takes. */
  note?: string;
  options: { label: string; description?: string; value?: string }[];
  typed: boolean;
  /** The field this step fills (an elicitation); its typed answer is checked against it. */
  field?: ElicitationField;
}

/** The steps of a review the picker walks; undefined for reviews answered by a choice. */
export function pickerQuestions(review: Review): PickerQuestion[] | undefined {
  if (review.type === "question") {
    return review.questions.map((q) => ({
      question: q.question,
      ...(q.header ? { header: q.header } : {}),
      options: q.options,
      typed: true,
    }));
  }
  if (review.type === "elicitation") return review.fields.map((f) => fieldStep(review.server, f));
  return undefined;
}

function fieldStep(server: string, field: ElicitationField): PickerQuestion {
  const skip = field.required ? [] : [{ label: t("elicitation.skip"), value: "" }];
  const note = [field.description, what(field)].filter(Boolean).join(" · ");
  const base = {
    question: `${field.title ?? field.name}${field.required ? " *" : ""}`,
    header: server,
    ...(note ? { note } : {}),
    field,
  };
  if (field.type === "boolean") {
    const options = [
      { label: t("elicitation.yes"), value: "true" },
      { label: t("elicitation.no"), value: "false" },
    ];
    return { ...base, options: [...options, ...skip], typed: false };
  }
  if (field.enum) {
    const options = field.enum.map((value, i) => ({
      label: field.enumNames?.[i] ?? value,
      value,
    }));
    return { ...base, options: [...options, ...skip], typed: false };
  }
  return { ...base, options: skip, typed: true };
}

/** What a typed field takes: a number's kind and range, a text's length and format. */
function what(field: ElicitationField): string {
  const range = (low?: number, high?: number) =>
    low !== undefined && high !== undefined
      ? `${low}–${high}`
      : low !== undefined
        ? `≥ ${low}`
        : high !== undefined
          ? `≤ ${high}`
          : "";
  if (field.type === "number" || field.type === "integer") {
    const kind = t(field.type === "integer" ? "elicitation.integer" : "elicitation.number");
    const bounds = range(field.minimum, field.maximum);
    return bounds ? `${kind} ${bounds}` : kind;
  }
  if (field.type === "string" && !field.enum) {
    const length = range(field.minLength, field.maxLength);
    return [field.format, length ? t("elicitation.length", { range: length }) : ""]
      .filter(Boolean)
      .join(", ");
  }
  return "";
}

/** Where the picker starts on step `question`: the default's option, else the first. */
export function firstChoice(question: PickerQuestion): number {
  const fallback = question.field?.default;
  if (fallback === undefined) return 0;
  const at = question.options.findIndex((o) => o.value === String(fallback));
  return at < 0 ? 0 : at;
}
