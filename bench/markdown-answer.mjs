// A realistic Markdown answer for the TUI benchmarks: what a model writes about code — headings,
// paragraphs with inline code, links and emphasis, fenced code in ts/py/rust/sh/json, tables,
// nested lists and quotes. Deterministic (a seeded generator), so runs compare.

const WORDS = (
  "the retry policy backs off exponentially when the server answers with a rate limit or an " +
  "overload so each request waits a little longer than the one before and the client gives up " +
  "after the last attempt while the cache keeps what it read from disk"
).split(" ");

/** A small deterministic generator (mulberry32). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CODE = {
  ts: (n, i) => [
    `export async function fetchWithRetry${i}(url: string, attempts = ${n}): Promise<Response> {`,
    ...Array.from({ length: n }, (_, j) =>
      j % 3 === 0
        ? `  const delay${j} = Math.min(1000 * 2 ** ${j}, 30_000); // back off`
        : j % 3 === 1
          ? `  if (response.status === 429) await sleep(delay${j - 1});`
          : `  const response = await fetch(url, { headers: { "x-attempt": "${j}" } });`,
    ),
    `  throw new Error(\`gave up after \${attempts} attempts\`);`,
    `}`,
  ],
  py: (n, i) => [
    `def parse_config_${i}(path: str) -> dict[str, object]:`,
    `    """Read the config file and return its settings."""`,
    ...Array.from({ length: n }, (_, j) =>
      j % 2 === 0
        ? `    with open(path, encoding="utf-8") as handle:  # line ${j}`
        : `        settings = {k: v for k, v in json.load(handle).items() if k != "_${j}"}`,
    ),
    `    return settings`,
  ],
  rust: (n, i) => [
    `pub fn checksum_${i}(bytes: &[u8]) -> u32 {`,
    `    let mut sum: u32 = 0;`,
    ...Array.from({ length: n }, (_, j) =>
      j % 2 === 0
        ? `    for chunk in bytes.chunks(${j + 4}) { sum = sum.wrapping_add(chunk[0] as u32); }`
        : `    let value: Option<&str> = map.get("key${j}").map(|s| s.as_str());`,
    ),
    `    sum`,
    `}`,
  ],
  sh: (n, i) => [
    `#!/usr/bin/env bash`,
    `set -euo pipefail`,
    ...Array.from({ length: n }, (_, j) =>
      j % 2 === 0
        ? `npm run build --workspace packages/app${i} && echo "built ${j}" >> "$LOG"`
        : `for f in src/*.ts; do grep -n "TODO" "$f" | head -n ${j}; done`,
    ),
  ],
  json: (n, i) => [
    `{`,
    `  "name": "service-${i}",`,
    ...Array.from(
      { length: n },
      (_, j) => `  "option${j}": { "enabled": ${j % 2 === 0}, "limit": ${j * 10} },`,
    ),
    `  "version": "1.${i}.0"`,
    `}`,
  ],
};
const LANGS = Object.keys(CODE);

/** About `bytes` of Markdown ending in a paragraph that is `marker` alone. */
export function markdownAnswer(bytes, marker, seed = 1) {
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const sentence = (n) => {
    const words = Array.from({ length: n }, () => pick(WORDS));
    const k = Math.floor(next() * n);
    const style = Math.floor(next() * 4);
    if (style === 0) words[k] = `\`${words[k]}Ms\``;
    else if (style === 1) words[k] = `**${words[k]}**`;
    else if (style === 2) words[k] = `[${words[k]}](https://example.com/docs/${words[k]})`;
    else words[k] = `_${words[k]}_`;
    const s = words.join(" ");
    return `${s[0].toUpperCase()}${s.slice(1)}.`;
  };
  const paragraph = () =>
    Array.from({ length: 2 + Math.floor(next() * 4) }, () =>
      sentence(8 + Math.floor(next() * 10)),
    ).join(" ");
  const blocks = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    let block;
    switch (i % 12) {
      case 0:
        block = `${i % 36 === 0 ? "##" : "###"} ${sentence(4).slice(0, -1)}`;
        break;
      case 2:
      case 7: {
        const lang = LANGS[(i >> 1) % LANGS.length];
        block = ["```" + lang, ...CODE[lang](6 + Math.floor(next() * 20), i), "```"].join("\n");
        break;
      }
      case 4: {
        const rows = 4 + Math.floor(next() * 10);
        block = [
          "| option | default | meaning |",
          "|---|---:|---|",
          ...Array.from(
            { length: rows },
            (_, j) => `| \`option${j}\` | ${j * 100} | ${sentence(4 + (j % 6))} |`,
          ),
        ].join("\n");
        break;
      }
      case 5:
        block = Array.from({ length: 3 + Math.floor(next() * 3) }, (_, j) =>
          [
            `${j + 1}. ${sentence(6)}`,
            `   - ${sentence(5)}`,
            `   - ${sentence(7)}`,
            ...(j % 2 === 0 ? [`     - ${sentence(4)}`] : []),
          ].join("\n"),
        ).join("\n");
        break;
      case 9:
        block = `> ${sentence(10)}\n> ${sentence(8)}\n>\n> - ${sentence(5)}`;
        break;
      case 10:
        block = Array.from({ length: 4 }, () => `- ${sentence(6)}`).join("\n");
        break;
      default:
        block = paragraph();
    }
    blocks.push(block);
    size += block.length + 2;
  }
  return `${blocks.join("\n\n")}\n\n${marker}`;
}
