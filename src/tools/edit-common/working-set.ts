import { readFile } from "node:fs/promises";
import { ToolError } from "../../agent/tool.js";
import {
  contentHash,
  isBinaryBuffer,
  MAX_TRACKED_BYTES,
  resolveWriteTarget,
  TextDoc,
  type FileDelegate,
  type LineSpan,
  type ReadTracker,
  type Workspace,
} from "../../workspace/index.js";
import { formatSize, NONBLOCKING_READ } from "../../workspace/index.js";
import { asToolError } from "../tool-path.js";

/** One file as a change is being prepared: what is on disk, and the text it will have. */
export interface WorkingFile {
  /** POSIX, relative to the root, as the model named it. */
  relative: string;
  /** Real path that will be written. */
  real: string;
  /** Bytes on disk when the change was prepared; null when the file does not exist. */
  original: Buffer | null;
  /** LF text of `original` (no BOM), for the diff; null when it does not exist. */
  originalText: string | null;
  /** The text being changed; null until a file that does not exist is created. */
  doc: TextDoc | null;
  /** Lines the model knows, in the current text's numbering. */
  known: { whole: boolean; spans: LineSpan[] };
  /** Lines the last edit wrote, in the current text's numbering (empty for a deletion). */
  lastSpan: LineSpan | null;
}

/**
 * The files of one change (a single edit or a batch), each loaded once: later edits of the same
 * file see earlier ones. Loading checks the sandbox and the read rules: an existing file must
 * have been read in this session and be unchanged on disk since.
 */
export class WorkingSet {
  private readonly byReal = new Map<string, WorkingFile>();

  constructor(
    private readonly ws: Workspace,
    private readonly tracker: ReadTracker,
    /** Reads the text from an editor's buffer instead of the disk, where it has one. */
    private readonly delegate?: FileDelegate,
  ) {}

  /** The files loaded, in first-use order. */
  files(): WorkingFile[] {
    return [...this.byReal.values()];
  }

  /**
   * A file to change. `mustExist`: editing (not creating) a file that does not exist is refused.
   * @throws ToolError for refused paths, binary, non-UTF-8 or large files, files not read or
   *   changed since they were read.
   */
  async open(userPath: string, mustExist: boolean): Promise<WorkingFile> {
    const target = await asToolError(
      resolveWriteTarget(this.ws.root, userPath, this.ws.extraRoots),
    );
    const known = this.byReal.get(target.real);
    if (known && (known.doc || !mustExist)) return known;
    if (!target.exists) {
      if (mustExist) {
        throw new ToolError(
          `File not found: ${target.relative}. Check the path with find_files, or use edit_create_file to create it.`,
        );
      }
      const file: WorkingFile = {
        relative: target.relative,
        real: target.real,
        original: null,
        originalText: null,
        doc: null,
        known: { whole: true, spans: [] },
        lastSpan: null,
      };
      this.byReal.set(target.real, file);
      return file;
    }
    const file = await this.load(target.relative, target.real);
    this.byReal.set(target.real, file);
    return file;
  }

  private async load(relative: string, real: string): Promise<WorkingFile> {
    const bytes = await readText(real, this.delegate);
    if (bytes.length > MAX_TRACKED_BYTES) {
      throw new ToolError(
        `${relative} is too large to edit with the edit tools (${formatSize(bytes.length)}; at most ${formatSize(MAX_TRACKED_BYTES)}).`,
      );
    }
    if (isBinaryBuffer(bytes)) {
      throw new ToolError(`${relative} is a binary file; the edit tools change text files only.`);
    }
    const doc = TextDoc.decode(bytes);
    if (!doc) {
      throw new ToolError(
        `${relative} is not valid UTF-8 text; editing it here could corrupt it, so it was refused.`,
      );
    }
    const state = this.tracker.get(real);
    if (!state) {
      throw new ToolError(
        `${relative} has not been read in this session. Call read_file on it first (at least the lines you want to change), then edit.`,
      );
    }
    if (state.size !== bytes.length || state.hash !== contentHash(bytes)) {
      throw new ToolError(
        `${relative} changed on disk since you read it. Call read_file on it again and redo the edit against its current content.`,
      );
    }
    return {
      relative,
      real,
      original: bytes,
      originalText: doc.text,
      doc,
      known: { whole: state.whole, spans: [...state.spans] },
      lastSpan: null,
    };
  }
}

/** A file's bytes: the editor's buffer when the delegate has one, else the disk's. */
export async function readText(real: string, files?: FileDelegate): Promise<Buffer> {
  const buffered = await files?.read?.(real);
  return buffered === undefined
    ? await readFile(real, { flag: NONBLOCKING_READ })
    : Buffer.from(buffered, "utf8");
}
