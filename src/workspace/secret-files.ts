/**
 * Which files may hold secrets, so that North reads them only with the person's approval
 * (`read_file`), leaves them out of search results and `@` attachments of headless runs.
 *
 * By name: {@link SECRET_FILE_PATTERNS}, globs read as in `.gitignore` — a pattern without `/`
 * is matched against the file's name, one with `/` against its path from the root, case aside;
 * the last pattern that matches decides, and a `!pattern` says "not a secret" (the templates
 * meant to be shared, `.env.example`, public keys `id_*.pub`, source files named `credentials…`).
 * The person's config adds patterns after them and removes built-in ones
 * (`secretFiles: {add, remove}`, {@link setSecretFilePatterns}).
 * By place: anything git ignores, and anything under the folders North always skips
 * (`.git`, `node_modules`, …): files kept out of the repository are where local secrets live.
 * A symlink is judged by both its own path and the path it resolves to.
 */
import { realpath, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { compileGlob } from "./glob-match.js";
import { ALWAYS_SKIPPED } from "./ignore-rules.js";
import { isInside, toPosixRelative } from "./sandbox.js";
import type { Workspace } from "./workspace.js";

const ENV = "environment files usually hold keys and passwords";
const KEY = "it looks like a private key or key store";
const CREDENTIALS = "it is a credentials file";

/** Source and text files whose name starts with `credentials` (the code that handles them). */
const SOURCE = "ts,tsx,js,jsx,mjs,cjs,py,go,rs,java,kt,rb,php,cs,swift,c,h,cc,cpp,md,html,css,vue";

/** The built-in patterns, in order (the last match decides), each with why it may hold secrets. */
export const SECRET_FILE_PATTERNS: readonly { pattern: string; why?: string }[] = [
  { pattern: ".env", why: ENV },
  { pattern: ".env.*", why: ENV },
  { pattern: "*.env", why: ENV },
  { pattern: ".envrc", why: ENV },
  { pattern: "!.env.{example,sample,template,dist}" },
  { pattern: "credentials*", why: CREDENTIALS },
  { pattern: `!credentials*.{${SOURCE}}` },
  { pattern: "id_*", why: "it looks like a private SSH key" },
  { pattern: "!id_*.*" },
  { pattern: "*.{pem,key,p12,pfx,p8,jks,keystore,ppk,keytab,kdbx}", why: KEY },
  {
    pattern: "*.{tfstate,tfstate.backup}",
    why: "Terraform state holds the secrets of what it made",
  },
  { pattern: ".npmrc*", why: CREDENTIALS },
  { pattern: ".yarnrc.yml", why: CREDENTIALS },
  { pattern: ".pypirc*", why: CREDENTIALS },
  { pattern: ".netrc*", why: CREDENTIALS },
  { pattern: "_netrc", why: CREDENTIALS },
  { pattern: ".pgpass*", why: CREDENTIALS },
  { pattern: ".my.cnf", why: CREDENTIALS },
  { pattern: ".git-credentials*", why: CREDENTIALS },
  { pattern: ".htpasswd*", why: CREDENTIALS },
  { pattern: ".vault-token", why: CREDENTIALS },
  { pattern: ".s3cfg", why: CREDENTIALS },
  { pattern: ".boto", why: CREDENTIALS },
  { pattern: ".dockercfg", why: CREDENTIALS },
  { pattern: ".terraformrc", why: CREDENTIALS },
  { pattern: "**/.docker/config.json", why: CREDENTIALS },
  { pattern: "**/.config/gh/hosts.yml", why: CREDENTIALS },
  { pattern: "client_secret*.json", why: CREDENTIALS },
  { pattern: "*service-account*.json", why: CREDENTIALS },
  { pattern: "kubeconfig*", why: "a kubeconfig holds cluster credentials" },
  { pattern: "*.kubeconfig", why: "a kubeconfig holds cluster credentials" },
  { pattern: "**/.kube/config", why: "a kubeconfig holds cluster credentials" },
  { pattern: ".secrets", why: "its name says it holds secrets" },
  { pattern: "secrets.*", why: "its name says it holds secrets" },
  { pattern: "*.secrets.*", why: "its name says it holds secrets" },
  { pattern: "*.secret", why: "its name says it holds secrets" },
];

interface Rule {
  test: (path: string) => boolean;
  /** Undefined: a `!` pattern (not a secret). */
  why: string | undefined;
}

const compile = (pattern: string, why: string | undefined): Rule => {
  const negated = pattern.startsWith("!");
  const glob = negated ? pattern.slice(1) : pattern;
  return {
    test: compileGlob(glob, { nocase: true, basename: true }),
    why: negated ? undefined : why,
  };
};

let builtIn: Rule[] | undefined;
let rules: Rule[] | undefined;
let configured: { add?: readonly string[]; remove?: readonly string[] } = {};

/**
 * The person's changes to the list (global config `secretFiles`), process-wide like the masked
 * key values (`log/secrets.ts`): `add` patterns after the built-in ones (a `!pattern` exempts),
 * `remove` built-in patterns by their exact text. A pattern that cannot be compiled (too many
 * brace alternatives) is left out.
 */
export function setSecretFilePatterns(change: {
  add?: readonly string[];
  remove?: readonly string[];
}): void {
  configured = change;
  rules = undefined;
}

function currentRules(): Rule[] {
  if (rules) return rules;
  const removed = new Set(configured.remove ?? []);
  builtIn ??= SECRET_FILE_PATTERNS.map((p) => compile(p.pattern, p.why));
  rules = builtIn.filter((_, i) => !removed.has(SECRET_FILE_PATTERNS[i]!.pattern));
  for (const pattern of configured.add ?? []) {
    try {
      rules.push(compile(pattern, `it matches "${pattern}", a secret-file pattern of your config`));
    } catch {
      // Reported by the config's check; a broken pattern matches nothing.
    }
  }
  return rules;
}

/**
 * Why the file at `relPath` (POSIX, relative to the root) may hold secrets, judged by its name
 * and path alone; `undefined` when they say nothing. Pure and cheap: used per search match.
 */
export function secretNameReason(relPath: string): string | undefined {
  const list = currentRules();
  for (let i = list.length - 1; i >= 0; i--) {
    if (list[i]!.test(relPath)) return list[i]!.why;
  }
  return undefined;
}

/**
 * Why reading `relPath` (POSIX, relative to the root) needs the person's approval: its name (see
 * `secretNameReason`), or git ignores it, or it lies in a folder North always skips — checked for
 * the path as given and for where it leads after symlinks. `undefined`: an ordinary file. A
 * folder is judged the same way (an ignored folder: everything in it may hold secrets).
 */
export async function secretReason(ws: Workspace, relPath: string): Promise<string | undefined> {
  const paths = [relPath];
  let isDir = false;
  try {
    const real = await realpath(resolve(ws.root, relPath));
    if (isInside(ws.root, real)) paths.push(toPosixRelative(ws.root, real));
    isDir = (await stat(real)).isDirectory();
  } catch {
    // missing: judged by the path as given
  }
  for (const rel of new Set(paths)) {
    const byName = secretNameReason(rel);
    if (byName) return byName;
    const skipped = rel.split("/").find((part) => ALWAYS_SKIPPED.has(part));
    if (skipped) return `it is inside ${skipped}/, which North does not read without asking`;
    if (rel !== "." && (await ws.isIgnored(rel, isDir))) {
      return "git ignores it, and files kept out of the repository often hold local secrets";
    }
  }
  return undefined;
}
