import { Box, Text } from "ink";
import { tint } from "../theme.js";

/** First start without a provider: how to set a key or point North at a local server. */
export function Welcome({ configFile }: { configFile: string }) {
  const example =
    '{ "provider": "local", "providers": { "local": { "protocol": "openai-chat",\n  "baseUrl": "http://localhost:11434/v1", "models": [{ "id": "qwen2.5-coder" }] } } }';
  return (
    <Box
      flexDirection="column"
      borderStyle="round"
      borderColor={tint("magenta")}
      paddingX={1}
      marginTop={1}
    >
      <Text bold>Welcome to North.</Text>
      <Text>No model provider is configured yet. To start, either:</Text>
      <Text>
        {"  • set "}
        <Text color={tint("cyan")}>ANTHROPIC_API_KEY</Text>
        {" or "}
        <Text color={tint("cyan")}>OPENAI_API_KEY</Text>
        {" and restart North, or"}
      </Text>
      <Text>{`  • point North at a local OpenAI-compatible server (Ollama, vLLM, LM Studio) in ${configFile}:`}</Text>
      <Text dimColor>{example}</Text>
      <Text dimColor>You can type meanwhile; North tries again when you send.</Text>
    </Box>
  );
}
