import { ToolError } from "../../agent/tool.js";
import { compileGlob } from "../../workspace/glob-match.js";

const GLOB_CHARS = /[*?[\]{}!]/;

/**
 * `find_files`' reading of a pattern, case-insensitive: text without glob characters matches
 * anywhere in the path; a glob without `/` matches the file name at any depth; a glob with `/`
 * matches the whole path from the root (a leading `/` or `./` is dropped); a leading `!`
 * matches what the rest does not. Matching is linear-time (`glob-match.ts`): no pattern can
 * hold the event loop. A pattern with too many `{…}` alternatives is a `ToolError`.
 */
export function compilePathMatcher(pattern: string): (path: string) => boolean {
  let body = pattern.trim();
  if (!GLOB_CHARS.test(body)) {
    const needle = body.replace(/^\.?\//, "").toLowerCase();
    return (path) => path.toLowerCase().includes(needle);
  }
  const negated = body.startsWith("!") && !body.startsWith("!(");
  body = (negated ? body.slice(1) : body).replace(/^\.?\//, "");
  try {
    const isMatch = compileGlob(body, { nocase: true, basename: true });
    return negated ? (path) => !isMatch(path) : isMatch;
  } catch (error) {
    throw new ToolError(`Pattern "${pattern}": ${(error as Error).message}.`);
  }
}
