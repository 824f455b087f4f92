import { Box, Text } from "ink";
import Spinner from "ink-spinner";
import { hue, theme, tint } from "../screen/theme.js";
import { wrapTo } from "./wrap.js";

/**
 * A finished tool: "✓ Reading src/app.ts — 120 lines", in red "✗ … — the error", in yellow
 * "✗ Rejected edit of src/app.ts" when the person or the policy turned it down.
 */
export function ToolDone(props: {
  title: string;
  outcome?: string;
  error: boolean;
  declined?: boolean;
  /** Cells the line may take: it wraps there, its continuation indented under the title. */
  width: number;
}) {
  const { paint } = theme();
  const tail = props.outcome ? ` — ${props.outcome}` : "";
  const line =
    props.error || props.declined
      ? hue(props.error ? "error" : "warning")(`✗ ${props.title}${tail}`)
      : `${hue("success")("✓")} ${props.title}${paint.dim(tail)}`;
  return <Text>{wrapTo(line, props.width, 2)}</Text>;
}

/** Lines of a running command's live output shown under its line. */
export const LIVE_OUTPUT_LINES = 3;

/**
 * A running tool with a spinner (a still mark when animations are off), and the last lines of
 * its live output (a shell command's), dimmed.
 */
export function ToolRunning(props: {
  title: string;
  animate: boolean;
  output?: readonly string[];
}) {
  return (
    <Box flexDirection="column">
      <Text>
        <Text color={tint("warning")}>{props.animate ? <Spinner type="dots" /> : "…"}</Text>{" "}
        {props.title}
      </Text>
      {(props.output ?? []).map((line, i) => (
        <Text key={i} dimColor wrap="truncate-end">{`  ${line}`}</Text>
      ))}
    </Box>
  );
}
