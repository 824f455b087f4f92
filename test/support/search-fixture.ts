import type { TreeEntry } from "./temp-tree.js";

/**
 * Test support: a tree where the two engines could disagree — nested and negated ignore rules,
 * always-skipped folders, hidden files, binaries, symlinks, CRLF, non-ASCII, long lines, case.
 */
export const SEARCH_TREE: Record<string, TreeEntry> = {
  ".gitignore": "*.log\nbuild/\n!keep.log\n",
  "src/app.ts": "import { foo } from './foo';\nexport const Foo = foo();\n// FOO bar\n",
  "src/foo.ts": "export function foo() {\n  return 'foo';\n}\n",
  "src/.gitignore": "*.gen.ts\n",
  "src/skip.gen.ts": "foo generated\n",
  "src/deep/nested.py": "def foo():\n    pass\nfoo()",
  "src/crlf.txt": "foo line\r\nno match\r\nend foo\r\n",
  "src/unicode.md": "café — naïve foo\nÉCOLE FOO\n",
  "src/long.min.js": `${"x".repeat(500)}foo${"y".repeat(500)}\n`,
  "src/link.ts": { symlink: "foo.ts" },
  "docs/guide.md": "Use foo to do things.\nfoobar and barfoo\n",
  ".github/workflows/ci.yml": "run: foo --check\n",
  "debug.log": "foo in a log\n",
  "keep.log": "foo kept\n",
  "build/out.js": "foo built\n",
  "node_modules/lib/index.js": "foo dependency\n",
  "pkg/node_modules/inner.js": "foo nested dependency\n",
  "venv/lib.py": "foo venv\n",
  "image.bin": Buffer.concat([Buffer.from("foo\0\x01\x02"), Buffer.from("foo\n")]),
  "empty.txt": "",
};
