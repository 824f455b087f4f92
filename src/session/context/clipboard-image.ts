/**
 * The clipboard's image, for Ctrl+V in the composer: read with the first clipboard program that
 * exists on the person's PATH (`wl-paste` on Wayland, `xclip` on X11, `pngpaste` or `osascript`
 * on macOS, PowerShell on Windows) — run with execFile (no shell), a timeout and a size cap —
 * then kept as a PNG file in North's cache folder (private, 0700), which the composer attaches
 * like any image path. PATH is the person's environment, never the repository's.
 */
import { join } from "node:path";
import { MAX_IMAGE_INPUT_BYTES, sniffImageType } from "../../ai/index.js";
import { childProcess, sha256Hex } from "../../platform/lazy-builtins.js";
import { replaceCacheFileSync } from "../../workspace/index.js";
import { cacheDir, ensurePrivateDir } from "../config/paths.js";

type Env = Record<string, string | undefined>;

/** A clipboard program and how its output is read. */
interface Reader {
  command: string;
  args: string[];
  /** Output to bytes (PowerShell prints base64, osascript a hex literal). */
  decode?: (out: Buffer) => Buffer;
}

/** How long a clipboard program may take. */
const TIMEOUT_MS = 5_000;

const POWERSHELL =
  "$i = Get-Clipboard -Format Image; if ($i) { $m = New-Object IO.MemoryStream; " +
  "$i.Save($m, [Drawing.Imaging.ImageFormat]::Png); [Convert]::ToBase64String($m.ToArray()) }";

/** The programs to try on this platform, in order. */
export function clipboardReaders(platform: string, env: Env): Reader[] {
  if (platform === "darwin") {
    return [
      { command: "pngpaste", args: ["-"] },
      {
        command: "osascript",
        args: ["-e", "the clipboard as \u00abclass PNGf\u00bb"],
        decode: (out) =>
          Buffer.from(/[0-9A-Fa-f]{16,}/.exec(out.toString("latin1"))?.[0] ?? "", "hex"),
      },
    ];
  }
  if (platform === "win32") {
    return [
      {
        command: "powershell",
        args: ["-NoProfile", "-NonInteractive", "-Command", POWERSHELL],
        decode: (out) => Buffer.from(out.toString("latin1").trim(), "base64"),
      },
    ];
  }
  const wayland = { command: "wl-paste", args: ["--no-newline", "--type", "image/png"] };
  const x11 = { command: "xclip", args: ["-selection", "clipboard", "-t", "image/png", "-o"] };
  return env.WAYLAND_DISPLAY ? [wayland, x11] : [x11, wayland];
}

export type ClipboardImage =
  | { ok: true; path: string; bytes: number }
  /** `noTool`: none of `tools` is installed; `empty`: no image there; `failed`: `detail`. */
  | { ok: false; reason: "noTool"; tools: string }
  | { ok: false; reason: "empty" }
  | { ok: false; reason: "failed"; detail: string };

/** Runs one reader: its bytes, `undefined` when the program is missing, or its error. */
function run(reader: Reader): Promise<Buffer | undefined | Error> {
  return new Promise((resolve) => {
    childProcess().execFile(
      reader.command,
      reader.args,
      {
        encoding: "buffer",
        timeout: TIMEOUT_MS,
        maxBuffer: Math.ceil(MAX_IMAGE_INPUT_BYTES * 1.4),
        windowsHide: true,
      },
      (error, stdout) => {
        if ((error as NodeJS.ErrnoException | null)?.code === "ENOENT") return resolve(undefined);
        if (error && stdout.length === 0) return resolve(error);
        resolve(reader.decode ? reader.decode(stdout) : stdout);
      },
    );
  });
}

/**
 * The clipboard's image saved as a file, or why there is none. Never throws.
 * @param env the person's environment (PATH, WAYLAND_DISPLAY, XDG_CACHE_HOME)
 */
export async function clipboardImage(
  env: Env,
  platform: string = process.platform,
): Promise<ClipboardImage> {
  const readers = clipboardReaders(platform, env);
  let found = false;
  for (const reader of readers) {
    const out = await run(reader);
    if (out === undefined) continue;
    found = true;
    // A program that ran and found no image exits non-zero (xclip: "target image/png not
    // available") or prints something else: the clipboard holds no image for it.
    if (out instanceof Error || !sniffImageType(out)) continue;
    if (out.length > MAX_IMAGE_INPUT_BYTES) {
      return {
        ok: false,
        reason: "failed",
        detail: `over ${MAX_IMAGE_INPUT_BYTES / 1024 / 1024} MB`,
      };
    }
    try {
      const dir = join(cacheDir(env), "clipboard");
      ensurePrivateDir(dir);
      const ext = sniffImageType(out)!.replace("image/", "").replace("jpeg", "jpg");
      const path = join(dir, `clipboard-${sha256Hex(out.toString("base64")).slice(0, 12)}.${ext}`);
      replaceCacheFileSync(path, out);
      return { ok: true, path, bytes: out.length };
    } catch (error) {
      return { ok: false, reason: "failed", detail: (error as Error).message };
    }
  }
  if (!found)
    return { ok: false, reason: "noTool", tools: readers.map((r) => r.command).join(" / ") };
  return { ok: false, reason: "empty" };
}
