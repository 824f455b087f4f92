// Lint rules, including the import boundaries of the design's layers (../shared/DESIGN.md):
// each folder may import only the folders below it.
import tseslint from "typescript-eslint";

const layers = [
  "ai",
  "agent",
  "tools",
  "workspace",
  "shell",
  "session",
  "commands",
  "mcp",
  "modes",
  "i18n",
  "log",
];

/** Forbid imports of every layer of ours not in `allowed`, from files under `src/<folder>/`. */
function boundary(folder, allowed, extra = []) {
  const banned = layers.filter((l) => l !== folder && !allowed.includes(l));
  return {
    files: [`src/${folder}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...banned.map((l) => ({
              group: [`**/${l}/**`, `**/${l}`, `../${l}/*`, `../../${l}/*`],
              message: `src/${folder} may not import src/${l} (see DESIGN.md: layers).`,
            })),
            { group: ["**/cli.js", "**/entry.js"], message: "Only the entry imports the CLI." },
            ...extra,
          ],
        },
      ],
    },
  };
}

const noUi = [
  {
    group: ["ink", "ink/*", "react", "react/*"],
    message: "Ink and React belong to src/modes/interactive only.",
  },
];

export default tseslint.config(
  { ignores: ["dist/**", ".dist/**", "node_modules/**", "coverage/**"] },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // CommonJS preloads (`node --require`) cannot use import.
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  boundary("ai", [], noUi),
  boundary("workspace", ["log"], noUi),
  boundary("shell", ["log"], noUi),
  boundary("log", [], noUi),
  boundary("i18n", ["log"], noUi),
  boundary("agent", ["ai"], noUi),
  boundary("tools", ["agent", "workspace", "shell", "log"], noUi),
  boundary("mcp", ["agent", "workspace", "shell", "log"], noUi),
  boundary("session", ["ai", "agent", "tools", "workspace", "shell", "mcp", "log", "i18n"], noUi),
  boundary(
    "commands",
    ["session", "ai", "agent", "tools", "workspace", "shell", "mcp", "log", "i18n"],
    noUi,
  ),
  boundary("modes", ["session", "commands", "i18n", "agent", "ai"]),
  {
    // modes/ may use the engine's types, never its code: values come through session/.
    files: ["src/modes/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/agent/**", "**/ai/**"],
              allowTypeImports: true,
              message:
                "modes/ may import only types from agent/ and ai/; values come through session/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/cli.ts", "src/entry.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "./ai/*",
                "./agent/*",
                "./tools/*",
                "./workspace/*",
                "./shell/*",
                "./mcp/*",
                "./log/*",
              ],
              message: "cli.ts reaches the engine through modes/ and session/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["test/**/*.ts", "**/*.test.ts", "bench/**", "scripts/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
