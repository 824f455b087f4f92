import picomatch from "picomatch";

const GLOB_CHARS = /[*?[\]{}!]/;

/**
 * `find_files`' reading of a pattern, case-insensitive: text without glob characters matches
 * anywhere in the path; a glob without `/` matches the file name at any depth; a glob with `/`
 * matches the whole path from the root (a leading `/` or `./` is dropped).
 */
export function compilePathMatcher(pattern: string): (path: string) => boolean {
  let body = pattern.trim();
  if (!GLOB_CHARS.test(body)) {
    const needle = body.replace(/^\.?\//, "").toLowerCase();
    return (path) => path.toLowerCase().includes(needle);
  }
  body = body.replace(/^\.?\//, "");
  return picomatch(body, { nocase: true, dot: true, basename: !body.includes("/") });
}
