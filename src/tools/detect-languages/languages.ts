/** `code` counts toward the percentages; `data` and `prose` are listed apart. */
export type LanguageKind = "code" | "data" | "prose";

export interface Language {
  name: string;
  kind: LanguageKind;
}

/** [name, kind, extensions (lower case, with dot) and exact file names]. */
const TABLE: [string, LanguageKind, string[]][] = [
  ["TypeScript", "code", [".ts", ".tsx", ".mts", ".cts"]],
  ["JavaScript", "code", [".js", ".jsx", ".mjs", ".cjs"]],
  ["Python", "code", [".py", ".pyi", ".pyx"]],
  ["Go", "code", [".go"]],
  ["Rust", "code", [".rs"]],
  ["Java", "code", [".java"]],
  ["Kotlin", "code", [".kt", ".kts"]],
  ["Scala", "code", [".scala", ".sc"]],
  ["C", "code", [".c", ".h"]],
  ["C++", "code", [".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx"]],
  ["C#", "code", [".cs"]],
  ["F#", "code", [".fs", ".fsx"]],
  ["Objective-C", "code", [".m", ".mm"]],
  ["Swift", "code", [".swift"]],
  ["Dart", "code", [".dart"]],
  ["Ruby", "code", [".rb", ".rake", "Gemfile", "Rakefile"]],
  ["PHP", "code", [".php"]],
  ["Perl", "code", [".pl", ".pm"]],
  ["Lua", "code", [".lua"]],
  ["R", "code", [".r"]],
  ["Julia", "code", [".jl"]],
  ["Elixir", "code", [".ex", ".exs"]],
  ["Erlang", "code", [".erl", ".hrl"]],
  ["Haskell", "code", [".hs"]],
  ["OCaml", "code", [".ml", ".mli"]],
  ["Clojure", "code", [".clj", ".cljs", ".cljc", ".edn"]],
  ["Zig", "code", [".zig"]],
  ["Nim", "code", [".nim"]],
  ["Shell", "code", [".sh", ".bash", ".zsh", ".fish"]],
  ["PowerShell", "code", [".ps1", ".psm1"]],
  ["SQL", "code", [".sql"]],
  ["HTML", "code", [".html", ".htm"]],
  ["CSS", "code", [".css", ".scss", ".sass", ".less"]],
  ["Vue", "code", [".vue"]],
  ["Svelte", "code", [".svelte"]],
  ["Astro", "code", [".astro"]],
  ["Solidity", "code", [".sol"]],
  ["Terraform", "code", [".tf", ".hcl"]],
  ["Nix", "code", [".nix"]],
  ["CMake", "code", [".cmake", "CMakeLists.txt"]],
  ["Makefile", "code", [".mk", "Makefile", "GNUmakefile"]],
  ["Dockerfile", "code", [".dockerfile", "Dockerfile", "Containerfile"]],
  ["Protocol Buffers", "code", [".proto"]],
  ["GraphQL", "code", [".graphql", ".gql"]],
  ["JSON", "data", [".json", ".jsonc", ".json5", ".jsonl"]],
  ["YAML", "data", [".yml", ".yaml"]],
  ["TOML", "data", [".toml"]],
  ["XML", "data", [".xml", ".xsd", ".plist"]],
  ["CSV", "data", [".csv", ".tsv"]],
  ["INI", "data", [".ini", ".cfg", ".conf"]],
  ["Markdown", "prose", [".md", ".markdown", ".mdx"]],
  ["reStructuredText", "prose", [".rst"]],
  ["AsciiDoc", "prose", [".adoc"]],
  ["Text", "prose", [".txt"]],
];

const BY_KEY = new Map<string, Language>();
for (const [name, kind, keys] of TABLE) for (const key of keys) BY_KEY.set(key, { name, kind });

/** The language of a file by its exact name, else its extension; undefined when unknown. */
export function languageOf(fileName: string): Language | undefined {
  const exact = BY_KEY.get(fileName);
  if (exact) return exact;
  const dot = fileName.lastIndexOf(".");
  if (dot <= 0) return undefined;
  return BY_KEY.get(fileName.slice(dot).toLowerCase());
}
