/**
 * Node's built-in modules that most runs never use, each loaded at its first call (a plain
 * answer needs none of them; loading `crypto` alone costs a run ~1.4 ms and ~0.8 MiB). Call the
 * getter where the module is needed — `crypto().randomUUID()` — never at module level. Other
 * built-ins are imported by name as usual (`import { join } from "node:path"`).
 * `process.getBuiltinModule` needs Node 20.16 or 22.3.
 */
export const crypto = () => process.getBuiltinModule("node:crypto");
export const childProcess = () => process.getBuiltinModule("node:child_process");
export const https = () => process.getBuiltinModule("node:https");
export const tls = () => process.getBuiltinModule("node:tls");
export const zlib = () => process.getBuiltinModule("node:zlib");
export const dns = () => process.getBuiltinModule("node:dns");

/** SHA-256 of `text`'s UTF-8 bytes as 64 hex digits: short keys such as a repository's folder name. */
export function sha256Hex(text: string): string {
  return crypto().createHash("sha256").update(text).digest("hex");
}
/** Throws where Node was built without the inspector (`--without-inspector`). */
export const inspector = () => process.getBuiltinModule("node:inspector");
