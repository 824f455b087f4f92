import { Box, Text } from "ink";
import { tint } from "../screen/theme.js";
import { t } from "../../../i18n/index.js";

/** First start without a provider: how to set a key or point North at a local server. */
export function Welcome({ configFile }: { configFile: string }) {
  const example =
    '{ "provider": "local", "providers": { "local": { "protocol": "openai-chat",\n  "baseUrl": "http://localhost:11434/v1", "models": [{ "id": "qwen2.5-coder" }] } } }';
  return (
    <Box
      flexDirection="column"
      borderStyle="round"
      borderColor={tint("brand")}
      paddingX={1}
      marginTop={1}
    >
      <Text bold>{t("welcome.title")}</Text>
      <Text>{t("welcome.noProvider")}</Text>
      <Text>
        {t("welcome.setKey")}
        <Text color={tint("accent")}>ANTHROPIC_API_KEY</Text>
        {t("welcome.or")}
        <Text color={tint("accent")}>OPENAI_API_KEY</Text>
        {t("welcome.restart")}
      </Text>
      <Text>{t("welcome.local", { file: configFile })}</Text>
      <Text dimColor>{example}</Text>
      <Text dimColor>{t("welcome.typeMeanwhile")}</Text>
    </Box>
  );
}
