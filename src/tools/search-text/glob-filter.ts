import { ToolError } from "../../agent/tool.js";
import { compileGlob } from "../../workspace/glob-match.js";

/**
 * The JS walker's reading of `glob`, as ripgrep's `--glob` reads it (run from the root): gitignore
 * style, case-sensitive; a glob without `/` matches a file's name at any depth, one with `/` is
 * anchored at the root (a leading `/` is dropped); a leading `!` excludes, and an excluded folder
 * excludes what is below it. Matching is linear-time (`glob-match.ts`).
 * @returns a test on root-relative POSIX file paths.
 */
export function compileGlobFilter(glob: string): (path: string) => boolean {
  const negated = glob.startsWith("!");
  let body = negated ? glob.slice(1) : glob;
  if (body.startsWith("/")) body = body.slice(1);
  if (body.endsWith("/")) body = body.slice(0, -1);
  let isMatch: (path: string) => boolean;
  try {
    isMatch = compileGlob(body, { basename: true });
  } catch (error) {
    throw new ToolError(`glob "${glob}": ${(error as Error).message}.`);
  }
  if (!negated) return (path) => isMatch(path);
  return (path) => {
    if (isMatch(path)) return false;
    for (let slash = path.indexOf("/"); slash !== -1; slash = path.indexOf("/", slash + 1)) {
      if (isMatch(path.slice(0, slash))) return false;
    }
    return true;
  };
}
