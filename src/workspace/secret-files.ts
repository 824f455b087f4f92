/**
 * Which files may hold secrets, so that North reads them only with the person's approval
 * (`read_file`), leaves them out of search results and `@` attachments of headless runs.
 *
 * By name: `.env`, `.env.*` and `*.env` (but not the templates meant to be shared:
 * `.env.example`, `.env.sample`, `.env.template`, `.env.dist`), `.envrc`; private keys and key
 * stores (`*.pem`, `*.key`, `*.p12`, `*.pfx`, `*.p8`, `*.jks`, `*.keystore`, `*.ppk`, and
 * `id_*` without an extension — `id_rsa`, `id_ed25519`, … — whose `.pub` is public); credential
 * files (`.npmrc`, `.yarnrc.yml`, `.pypirc`, `.netrc`, `_netrc`, `.pgpass`, `.git-credentials`,
 * `.htpasswd`, `credentials`, `credentials.json`, `client_secret*.json`, `secrets.{yml,yaml,json,toml}`).
 * By place: anything git ignores, and anything under the folders North always skips
 * (`.git`, `node_modules`, …): files kept out of the repository are where local secrets live.
 * A symlink is judged by both its own path and the path it resolves to.
 */
import { realpath, stat } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { ALWAYS_SKIPPED } from "./ignore-rules.js";
import { isInside, toPosixRelative } from "./sandbox.js";
import type { Workspace } from "./workspace.js";

const ENV_TEMPLATES = new Set(["example", "sample", "template", "dist"]);
const KEY_EXTENSIONS = new Set([
  ".pem",
  ".key",
  ".p12",
  ".pfx",
  ".p8",
  ".jks",
  ".keystore",
  ".ppk",
]);
const CREDENTIAL_NAMES = new Set([
  ".npmrc",
  ".yarnrc.yml",
  ".pypirc",
  ".netrc",
  "_netrc",
  ".pgpass",
  ".git-credentials",
  ".htpasswd",
  "credentials",
  "credentials.json",
  "secrets.yml",
  "secrets.yaml",
  "secrets.json",
  "secrets.toml",
]);

/**
 * Why the file at `relPath` (POSIX, relative to the root) may hold secrets, judged by its name
 * alone; `undefined` when the name says nothing. Pure and cheap: used per search match.
 */
export function secretNameReason(relPath: string): string | undefined {
  const name = relPath.slice(relPath.lastIndexOf("/") + 1).toLowerCase();
  if (name === ".env" || name === ".envrc")
    return "environment files usually hold keys and passwords";
  if (name.startsWith(".env.")) {
    const suffix = name.slice(".env.".length);
    return ENV_TEMPLATES.has(suffix)
      ? undefined
      : "environment files usually hold keys and passwords";
  }
  if (name.endsWith(".env")) return "environment files usually hold keys and passwords";
  if (KEY_EXTENSIONS.has(extname(name))) return "it looks like a private key or key store";
  if (/^id_[a-z0-9_-]+$/.test(name)) return "it looks like a private SSH key";
  if (CREDENTIAL_NAMES.has(name) || /^client_secret.*\.json$/.test(name)) {
    return "it is a credentials file";
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
