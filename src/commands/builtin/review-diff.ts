/**
 * What `/review` reviews, gathered with North's confined git (`startOwnGit`: hardened options,
 * the repository's config unable to start a program, read-only sandbox where there is one):
 * the uncommitted changes, the current branch against a base branch, or one commit.
 */
import { ownGitText } from "../../tools/index.js";

/** Characters of diff put in the prompt; past it the rest is cut (the model reads files). */
const MAX_DIFF = 60_000;
/** Bytes of git output read at most. */
const MAX_OUTPUT = 8 * 1024 * 1024;

export interface ReviewTarget {
  /** For the person and the prompt: "uncommitted changes", "main...HEAD", "commit abc1234". */
  label: string;
  /** The files changed (`git diff --stat` style summary). */
  stat: string;
  /** The unified diff, cut to `MAX_DIFF` characters. */
  diff: string;
  truncated: boolean;
  /** Untracked files (uncommitted changes only): listed, not diffed. */
  untracked: string[];
}

/** Why there is nothing to review, for the person. */
export class ReviewRefusal extends Error {
  override name = "ReviewRefusal";
}

/** A revision as a person types it: no option, no whitespace, no control character. */
const REVISION = /^[A-Za-z0-9][A-Za-z0-9._/@{}^~:+-]*$/;

/**
 * The diff to review: `target` absent → the uncommitted changes (staged and not, against HEAD;
 * untracked files listed); a local branch → the current HEAD against it as the base
 * (`BASE...HEAD`: what HEAD added since they parted); anything else git resolves to a commit →
 * that commit. Revisions are resolved to commit ids first, and only ids reach later commands.
 * @throws ReviewRefusal when git is unavailable, the target is unknown, or nothing changed.
 */
export async function reviewTarget(root: string, target?: string): Promise<ReviewTarget> {
  if (target === undefined) return uncommitted(root);
  if (!REVISION.test(target)) throw new ReviewRefusal(`Not a branch or commit: ${target}`);
  const sha = (await git(root, ["rev-parse", "--verify", "--quiet", `${target}^{commit}`]))?.trim();
  if (!sha) throw new ReviewRefusal(`git knows no branch or commit named ${target}.`);
  const isBranch =
    (await git(root, ["show-ref", "--verify", "--quiet", `refs/heads/${target}`])) !== undefined;
  if (isBranch) {
    const head = (await git(root, ["rev-parse", "--verify", "HEAD^{commit}"]))?.trim();
    if (!head) throw new ReviewRefusal("The repository has no commit yet.");
    const range = `${sha}...${head}`;
    const stat = await git(root, ["diff", "--no-color", "--no-ext-diff", "--stat", range]);
    const diff = await git(root, ["diff", "--no-color", "--no-ext-diff", range]);
    if (diff === undefined || stat === undefined)
      throw new ReviewRefusal("git could not diff the branch.");
    if (!diff.trim())
      throw new ReviewRefusal(`HEAD has no changes since it parted from ${target}.`);
    return cut({ label: `${target}...HEAD`, stat, diff, untracked: [] });
  }
  const show = [
    "show",
    "--no-color",
    "--no-ext-diff",
    "--format=commit %H%nAuthor: %an%nDate: %ad%n%n%B",
  ];
  const stat = await git(root, [...show, "--stat", sha]);
  const diff = await git(root, [...show, "--patch", sha]);
  if (diff === undefined || stat === undefined)
    throw new ReviewRefusal("git could not show the commit.");
  return cut({ label: `commit ${sha.slice(0, 12)}`, stat, diff, untracked: [] });
}

async function uncommitted(root: string): Promise<ReviewTarget> {
  const hasHead =
    (await git(root, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"])) !== undefined;
  const base = hasHead ? ["HEAD"] : ["--cached"];
  const stat = await git(root, ["diff", "--no-color", "--no-ext-diff", "--stat", ...base]);
  const diff = await git(root, ["diff", "--no-color", "--no-ext-diff", ...base]);
  const others = await git(root, ["ls-files", "-z", "--others", "--exclude-standard"]);
  if (diff === undefined || stat === undefined || others === undefined) {
    throw new ReviewRefusal("git could not list the changes (is this a git repository?).");
  }
  const untracked = others.split("\0").filter(Boolean);
  if (!diff.trim() && untracked.length === 0)
    throw new ReviewRefusal("No uncommitted changes to review.");
  return cut({ label: "uncommitted changes", stat, diff, untracked });
}

function cut(target: Omit<ReviewTarget, "truncated">): ReviewTarget {
  if (target.diff.length <= MAX_DIFF) return { ...target, truncated: false };
  const kept = target.diff.slice(0, MAX_DIFF);
  return { ...target, diff: kept.slice(0, kept.lastIndexOf("\n") + 1), truncated: true };
}

/** git's output (`ownGitText`: 10 s, `MAX_OUTPUT` at most), or undefined on any failure. */
const git = (root: string, args: string[]) =>
  ownGitText(root, args, { timeoutMs: 10_000, maxBytes: MAX_OUTPUT });
