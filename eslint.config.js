// Lint rules, including the import boundaries of the design's layers (docs/design.md, "Layers"):
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
      message: "This dynamic import crosses a layer boundary (see docs/design.md#layers).",
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

/**
 * The parts of src/session/ and the other parts each may import. The session's owner, the files
 * at the root of session/ (session.ts, session-api.ts, turn-queue.ts, …), uses them all; no part
 * imports the owner. Each part also keeps the session's place in the layer table above.
 */
const sessionParts = {
  config: [],
  models: ["config"],
  permissions: ["config"],
  storage: ["config", "models"],
  context: ["config", "models", "storage"],
  tools: ["config", "permissions", "storage", "context"],
  hooks: ["config", "permissions"],
};

/** The import bans of one part of session/ (its files sit one folder below the owner). */
function sessionPart(part) {
  const allowed = sessionParts[part];
  const banned = Object.keys(sessionParts).filter((p) => p !== part && !allowed.includes(p));
  const partMessage = (p) =>
    `src/session/${part} may not import src/session/${p} (see sessionParts in eslint.config.js).`;
  const ownerMessage =
    "A part of src/session/ does not import the session's owner (its root files).";
  return {
    part,
    patterns: [
      ...banned.map((p) => ({ group: [`../${p}/*`, `../${p}`], message: partMessage(p) })),
      { group: ["../*.js"], message: ownerMessage },
    ],
    selectors: [
      ...banned.map((p) => ({
        selector: `ImportExpression[source.value=/^\\.\\.\\/${p}(\\/|$)/]`,
        message: partMessage(p),
      })),
      {
        selector: "ImportExpression[source.value=/^\\.\\.\\/[^\\/]+\\.js$/]",
        message: ownerMessage,
      },
    ],
  };
}

/** Tests run from source (vitest), not from the bundles. */
const tests = ["**/*.test.ts", "**/*.test.tsx", "**/test-kit.ts"];

/**
 * Forbid imports of every layer of ours not in `allowed`, from files under `src/<folder>/`; in
 * product code, default and namespace imports of built-ins too. With `within` (a part of the
 * folder, see `sessionPart`), the same for the files of that part, plus the part's own bans.
 */
function boundary(folder, allowed, extra = [], within = undefined) {
  const banned = layers.filter((l) => l !== folder && !allowed.includes(l));
  const ui = extra === noUi ? ["ink", "react"] : [];
  const layerRules = layerBans(folder, banned, extra, ui, within);
  const dir = within ? `src/${folder}/${within.part}` : `src/${folder}`;
  return [
    { files: [`${dir}/**/*.{ts,tsx}`], ignores: tests, ...withBuiltins(layerRules) },
    { files: tests.map((t) => `${dir}/${t}`), ...layerRules },
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

function layerBans(folder, banned, extra, ui, within) {
  return {
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...banned.map((l) => ({
              group: [`**/${l}/**`, `**/${l}`, `../${l}/*`, `../../${l}/*`],
              message: `src/${folder} may not import src/${l} (see docs/design.md#layers).`,
            })),
            { group: ["**/cli.js", "**/entry.js"], message: "Only the entry imports the CLI." },
            ...extra,
            ...(within?.patterns ?? []),
          ],
        },
      ],
      "no-restricted-syntax": ["error", ...dynamicBans(banned, ui), ...(within?.selectors ?? [])],
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
  ...Object.keys(sessionParts).flatMap((part) =>
    boundary(
      "session",
      ["ai", "agent", "tools", "workspace", "shell", "mcp", "log", "i18n"],
      noUi,
      sessionPart(part),
    ),
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
                message: `src/modes may not import src/${l} (see docs/design.md#layers).`,
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
