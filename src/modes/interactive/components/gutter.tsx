import { Box, Text } from "ink";
import type { ReactNode } from "react";
import { tint, type Role } from "../screen/theme.js";

/** Width of the label column: "you" and "north" sit in it, everything else is indented by it. */
export const GUTTER = 6;

/** A row with a label (or nothing) in the gutter and `children` beside it. */
export function Gutter(props: { label?: string; color?: Role; children: ReactNode }) {
  return (
    <Box flexDirection="row">
      <Box width={GUTTER} flexShrink={0}>
        {props.label ? (
          <Text bold color={props.color ? tint(props.color) : undefined}>
            {props.label}
          </Text>
        ) : null}
      </Box>
      <Box flexDirection="column" flexGrow={1} flexShrink={1}>
        {props.children}
      </Box>
    </Box>
  );
}
