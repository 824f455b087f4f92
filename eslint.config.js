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

const noUi = [
  {
    group: ["ink", "ink/*", "react", "react/*"],
    message: "Ink and React belong to src/modes/interactive only.",
  },
];

/** A regex source matching a relative import of one of `folders` (`../session/x.js`, `./ai/*`). */
const layerPattern = (folders) => `^\\.{1,2}\\/(\\.\\.\\/)*(${folders.join("|")})(\\/|$)`;

/**
 * The same bans for dynamic `import()` with a literal source, which `no-restricted-imports`
 * does not see (the codebase loads lazily on purpose).
 */
function dynamicBans(bannedLayers, extraModules = []) {
  const rules = [];
  if (bannedLayers.length > 0) {
    rules.push({
      selector: `ImportExpression[source.value=/${layerPattern(bannedLayers)}/]`,
      message: "This dynamic import crosses a layer boundary (see DESIGN.md: layers).",
    });
  }
  if (extraModules.length > 0) {
    rules.push({
      selector: `ImportExpression[source.value=/^(${extraModules.join("|")})(\\/|$)/]`,
      message: "Ink and React belong to src/modes/interactive only.",
    });
  }
  return rules;
}

/**
 * What product code may not import, for what it would cost every run at start-up: zod's values
 * (src/agent/zod.ts loads it on demand), and Node's built-ins other than by name — the builds are
 * CommonJS bundles, where a default or namespace import (`import path from "node:path"`) becomes
 * a copy of the module's every export, made when the importing module starts.
 */
const builtinByName = [
  {
    selector: "ImportDeclaration[importKind!='type'][source.value=/^zod$|zod-api\\.js$/]",
    message:
      "zod starts on demand: `import type` here, values from `await loadZod()` (src/agent/zod.ts).",
  },
  {
    selector:
      "ImportDeclaration[importKind!='type'][source.value=/^node:/] > :matches(ImportDefaultSpecifier, ImportNamespaceSpecifier)",
    message:
      'Import Node built-ins by name (`import { join } from "node:path"`): see eslint.config.js.',
  },
];

/** Tests run from source (vitest), not from the bundles. */
const tests = ["**/*.test.ts", "**/*.test.tsx", "**/test-kit.ts"];

/**
 * Forbid imports of every layer of ours not in `allowed`, from files under `src/<folder>/`; in
 * product code, default and namespace imports of built-ins too.
 */
function boundary(folder, allowed, extra = []) {
  const banned = layers.filter((l) => l !== folder && !allowed.includes(l));
  const ui = extra === noUi ? ["ink", "react"] : [];
  const layerRules = layerBans(folder, banned, extra, ui);
  return [
    { files: [`src/${folder}/**/*.{ts,tsx}`], ignores: tests, ...withBuiltins(layerRules) },
    { files: tests.map((t) => `src/${folder}/${t}`), ...layerRules },
  ];
}

/** `config` with `builtinByName` added to its restricted syntax. */
function withBuiltins(config) {
  const [level, ...selectors] = config.rules["no-restricted-syntax"];
  return {
    ...config,
    rules: { ...config.rules, "no-restricted-syntax": [level, ...selectors, ...builtinByName] },
  };
}

function layerBans(folder, banned, extra, ui) {
  return {
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
      "no-restricted-syntax": ["error", ...dynamicBans(banned, ui)],
    },
  };
}

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
  ...boundary("ai", [], noUi),
  ...boundary("workspace", ["log"], noUi),
  ...boundary("shell", ["log"], noUi),
  ...boundary("log", [], noUi),
  // src/platform (Node built-ins loaded at first use) imports nothing of ours; being outside
  // `layers`, every folder may import it.
  ...boundary("platform", [], noUi),
  ...boundary("i18n", ["log"], noUi),
  ...boundary("agent", ["ai"], noUi),
  ...boundary("tools", ["agent", "workspace", "shell", "log"], noUi),
  ...boundary("mcp", ["agent", "workspace", "shell", "log"], noUi),
  ...boundary(
    "session",
    ["ai", "agent", "tools", "workspace", "shell", "mcp", "log", "i18n"],
    noUi,
  ),
  ...boundary(
    "commands",
    ["session", "ai", "agent", "tools", "workspace", "shell", "mcp", "log", "i18n"],
    noUi,
  ),
  ...boundary("modes", ["session", "commands", "i18n", "agent", "ai"]),
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
    // Outside the interactive interface (the headless runner, RPC): no Ink, no React.
    files: ["src/modes/*.ts", "src/modes/rpc/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...layers
              .filter((l) => !["modes", "session", "commands", "i18n", "agent", "ai"].includes(l))
              .map((l) => ({
                group: [`**/${l}/**`, `**/${l}`],
                message: `src/modes may not import src/${l} (see DESIGN.md: layers).`,
              })),
            ...noUi,
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        ...dynamicBans(
          layers.filter(
            (l) => !["modes", "session", "commands", "i18n", "agent", "ai"].includes(l),
          ),
          ["ink", "react"],
        ),
        ...builtinByName,
      ],
    },
  },
  {
    // The files at the root of src/ (the CLI, the entry, the launcher, the library's entry, and
    // any new one): they reach the engine through modes/ and session/ only.
    files: ["src/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: layers
                .filter((l) => l !== "modes" && l !== "session")
                .flatMap((l) => [`./${l}/*`, `./${l}`]),
              message: "Files at the root of src/ reach the engine through modes/ and session/.",
            },
            ...noUi,
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        ...dynamicBans(
          layers.filter((l) => l !== "modes" && l !== "session"),
          ["ink", "react"],
        ),
        ...builtinByName,
      ],
    },
  },
  {
    files: ["test/**/*.ts", "**/*.test.ts", "bench/**", "scripts/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
