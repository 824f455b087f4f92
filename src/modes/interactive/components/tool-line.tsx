import { Text } from "ink";
import Spinner from "ink-spinner";
import { tint } from "../theme.js";

/**
 * A finished tool: "✓ Reading src/app.ts — 120 lines", in red "✗ … — the error", in yellow
 * "✗ Rejected edit of src/app.ts" when the person or the policy turned it down.
 */
export function ToolDone(props: {
  title: string;
  outcome?: string;
  error: boolean;
  declined?: boolean;
}) {
  const tail = props.outcome ? ` — ${props.outcome}` : "";
  if (props.error) return <Text color={tint("red")}>{`✗ ${props.title}${tail}`}</Text>;
  if (props.declined) return <Text color={tint("yellow")}>{`✗ ${props.title}${tail}`}</Text>;
  return (
    <Text>
      <Text color={tint("green")}>✓</Text> {props.title}
      <Text dimColor>{tail}</Text>
    </Text>
  );
}

/** A running tool with a spinner (a still mark when animations are off). */
export function ToolRunning(props: { title: string; animate: boolean }) {
  return (
    <Text>
      <Text color={tint("yellow")}>{props.animate ? <Spinner type="dots" /> : "…"}</Text>{" "}
      {props.title}
    </Text>
  );
}
