// Checks the commit-message rule of docs/design.md ("Contributing"): a subject of at most 72
// characters, then a blank line and a body that says why. Merges are not checked.
//   node scripts/check-commits.mjs [BASE]   checks BASE..HEAD
// Without BASE it checks the commits since the rule began: from the commit that added this file
// on (older history has long subjects and no bodies, and is not rewritten).
import { execFileSync } from "node:child_process";

const git = (...args) => execFileSync("git", args, { encoding: "utf8" });
const MAX_SUBJECT = 72;
/** `Signed-off-by: …`, `Co-authored-by: …`: not a body. */
const TRAILER = /^[A-Za-z-]+: /;

function defaultBase() {
  const added = git("log", "--diff-filter=A", "--format=%H", "--", "scripts/check-commits.mjs")
    .trim()
    .split("\n")
    .at(-1);
  if (!added) {
    console.error("check-commits: no commit adds this script (a shallow clone?): pass BASE");
    process.exit(2);
  }
  // The commit that added the rule follows it too; a root commit has no parent to start after.
  return git("rev-list", "--parents", "-n", "1", added).trim().split(" ")[1];
}

/** What is wrong with one commit message, or nothing. */
function problems(message) {
  const lines = message.replace(/\s+$/, "").split("\n");
  const subject = lines[0] ?? "";
  const found = [];
  if (subject.trim() === "") found.push("empty subject");
  if (subject.length > MAX_SUBJECT)
    found.push(`subject is ${subject.length} characters (at most ${MAX_SUBJECT})`);
  if (lines.length > 1 && lines[1].trim() !== "") found.push("no blank line after the subject");
  if (!lines.slice(1).some((l) => l.trim() !== "" && !TRAILER.test(l)))
    found.push("no body (say why in the body)");
  return found;
}

const base = process.argv[2] ?? defaultBase();
const range = base ? `${base}..HEAD` : "HEAD";
const hashes = git("rev-list", "--no-merges", range).trim().split("\n").filter(Boolean);
let bad = 0;
for (const hash of hashes) {
  const message = git("log", "-1", "--format=%B", hash);
  const found = problems(message);
  if (found.length === 0) continue;
  bad++;
  console.error(
    `${hash.slice(0, 10)} ${message.split("\n")[0].slice(0, 60)}…: ${found.join("; ")}`,
  );
}
if (bad > 0) {
  console.error(
    `check-commits: ${bad} of ${hashes.length} commits break the rule (docs/design.md, "Contributing")`,
  );
  process.exit(1);
}
console.log(`check-commits: ${hashes.length} commits in ${range} follow the rule`);
