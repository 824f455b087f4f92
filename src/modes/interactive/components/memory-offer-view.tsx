import { Box, Text } from "ink";
import { t } from "../../../i18n/index.js";
import { tint } from "../screen/theme.js";
import type { MemoryOfferState } from "../composer/memory-offer.js";

/** The `#` memory offer: the exact line, each file it may go to (the chosen one marked), keys. */
export function MemoryOfferView({ offer }: { offer: MemoryOfferState }) {
  return (
    <Box flexDirection="column">
      <Text bold>{t("memory.title")}</Text>
      <Text color={tint("accent")} wrap="wrap">{`  ${offer.line}`}</Text>
      {offer.targets.map((target, i) => (
        <Text
          key={target.path}
          {...(i === offer.selected ? { color: tint("accent") } : { dimColor: true })}
          wrap="truncate-end"
        >
          {`${i === offer.selected ? "›" : " "} ${i + 1}. ${t(target.where === "project" ? "memory.project" : "memory.global", { file: target.path })}`}
        </Text>
      ))}
      <Text dimColor>{`  ${t("memory.keys")}`}</Text>
    </Box>
  );
}
