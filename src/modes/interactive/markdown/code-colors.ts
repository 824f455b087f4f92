/**
 * Colours code as cli-highlight does, without its detour through HTML. cli-highlight asks
 * highlight.js for HTML and parses it back (parse5) to apply the theme: about half of the time
 * a code block costs. Here the token tree highlight.js built for that HTML is walked directly.
 *
 * Contract: for text without CR or NUL (display-cleaned text, see `cleanDisplayText`), the
 * result is byte for byte what `cliHighlight.highlight(code, options)` returns —
 * `code-colors.test.ts` compares the two on code in many languages. A result highlight.js marks
 * illegal or failed is left to cli-highlight itself.
 */

/** A node of highlight.js 10's token tree (`TokenTree`, lib/core.js). */
type TreeNode = string | { kind?: string; sublanguage?: boolean; children?: TreeNode[] };
type Paint = (text: string) => string;

export interface CodeColorApis {
  hljs: {
    highlight(
      code: string,
      options: { language: string; ignoreIllegals?: boolean },
    ): { illegal: boolean; errorRaised?: unknown; emitter: unknown };
    highlightAuto(
      code: string,
      languageSubset?: string[],
    ): { illegal: boolean; errorRaised?: unknown; emitter: unknown };
  };
  /** cli-highlight's `DEFAULT_THEME` and `plain`, which fill in what a theme leaves out. */
  defaults: Record<string, Paint | undefined>;
  plain: Paint;
}

/**
 * The languages code without one is guessed among: those models write most. highlight.js
 * alone tries all of its ~190, compiling every grammar the first time (~0.5 s, on the loop
 * keys wait on) and running each on every block after.
 */
export const GUESSED_LANGUAGES = [
  ...["typescript", "javascript", "python", "bash", "shell", "json", "yaml", "rust", "go"],
  ...["java", "kotlin", "c", "cpp", "csharp", "ruby", "php", "swift", "sql", "xml", "css"],
  ...["diff", "makefile", "dockerfile", "ini"],
];

/** Same test cli-highlight applies to each element's class attribute. */
const TOKEN = /hljs-(\w+)/;

/**
 * `code` coloured by `theme` (cli-highlight's theme shape: token → paint), or `undefined` when
 * highlight.js gave up on it (the caller then asks cli-highlight).
 */
export function colorCode(
  apis: CodeColorApis,
  code: string,
  language: string | undefined,
  theme: Record<string, Paint | undefined> = {},
): string | undefined {
  const result = language
    ? apis.hljs.highlight(code, { language, ignoreIllegals: true })
    : apis.hljs.highlightAuto(code, GUESSED_LANGUAGES);
  if (result.illegal || result.errorRaised) return undefined;
  const root = (result.emitter as { rootNode?: TreeNode }).rootNode;
  if (!root || typeof root === "string") return undefined;
  const paint = (token: string): Paint => theme[token] ?? apis.defaults[token] ?? apis.plain;
  const paintText = theme.default ?? apis.defaults.default ?? apis.plain;

  /**
   * The children of a node, as the HTML parser saw them: nodes without a kind emit no element
   * (their children join their parent's), and neighbouring text becomes one text node.
   */
  const flatten = (nodes: readonly TreeNode[], out: TreeNode[] = []): TreeNode[] => {
    for (const node of nodes) {
      if (typeof node === "string") {
        if (node === "") continue;
        const last = out.length - 1;
        if (typeof out[last] === "string") out[last] += node;
        else out.push(node);
      } else if (!node.children) continue;
      else if (node.kind) out.push(node);
      else flatten(node.children, out);
    }
    return out;
  };
  /** One node; `context` is the token of the element it is inside, as cli-highlight passes it. */
  const colorize = (node: TreeNode, context: string | undefined): string => {
    if (typeof node === "string") return context === undefined ? paintText(node) : node;
    const className = node.sublanguage ? node.kind! : `hljs-${node.kind!}`;
    const token = TOKEN.exec(className)?.[1];
    const children = flatten(node.children ?? []);
    if (token === undefined) return children.map((c) => colorize(c, undefined)).join("");
    return paint(token)(children.map((c) => colorize(c, token)).join(""));
  };
  return flatten(root.children ?? [])
    .map((c) => colorize(c, undefined))
    .join("");
}
