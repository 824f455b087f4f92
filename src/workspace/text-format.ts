/** A line terminator style. */
export type Eol = "\n" | "\r\n";

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** `\r\n` → `\n`: the form the model reads (read_file drops `\r`) and writes. */
export function toLf(text: string): string {
  return text.replaceAll("\r\n", "\n");
}

/** LF-normalised view of a raw text and where its CRLF terminators were. */
interface NormView {
  text: string;
  /** Offsets in `text` of the `\n`s that are `\r\n` in the raw text, ascending. */
  crlf: number[];
  /** Offset in `text` of the start of each line (1-based line n starts at `starts[n - 1]`). */
  starts: number[];
}

/**
 * The editable text of one file. Decoded once; every change is a splice of the raw text, so bytes
 * outside the changed span (mixed line endings included) stay exactly as they were. Positions
 * given in and out are offsets in the LF-normalised `text` and 1-based line numbers — what the
 * model sees through read_file.
 */
export class TextDoc {
  private view: NormView | undefined;

  private constructor(
    /** The text without BOM, with its original line endings. */
    private raw: string,
    /** Whether the file starts with a UTF-8 byte-order mark; kept on encode. */
    readonly bom: boolean,
    /** The file's dominant terminator; text written by the model is converted to it. */
    readonly eol: Eol,
    /**
     * Whether the encoded file must end with a newline (true), must not (false), or is left as
     * written (null: a file created by the model).
     */
    readonly finalNewline: boolean | null,
  ) {}

  /** Decodes a file's bytes; null when they are not valid UTF-8 (editing would corrupt them). */
  static decode(bytes: Uint8Array): TextDoc | null {
    const bom = bytes.length >= 3 && BOM.equals(bytes.subarray(0, 3));
    let raw: string;
    try {
      raw = strictUtf8.decode(bom ? bytes.subarray(3) : bytes);
    } catch {
      return null;
    }
    const crlf = countOf(raw, "\r\n");
    const lf = countOf(raw, "\n") - crlf;
    const eol: Eol = crlf > lf ? "\r\n" : "\n";
    // An empty file gets a final newline once something is written into it.
    return new TextDoc(raw, bom, eol, raw.length === 0 || raw.endsWith("\n"));
  }

  /** A new file with the model's text as written: LF, no BOM, final newline as given. */
  static fromModel(text: string): TextDoc {
    return new TextDoc(toLf(text), false, "\n", null);
  }

  /** The LF-normalised text, without BOM. */
  get text(): string {
    return this.norm().text;
  }

  /** Lines as read_file counts them: a final line without newline counts, an empty file has 0. */
  get lineCount(): number {
    const { text, starts } = this.norm();
    if (text.length === 0) return 0;
    return text.endsWith("\n") ? starts.length - 1 : starts.length;
  }

  /** The 1-based line holding `offset` (an offset at the very end belongs to the last line + 1). */
  lineAt(offset: number): number {
    const { starts } = this.norm();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** Offset where 1-based `line` starts; `lineCount + 1` gives the end of the text. */
  lineStart(line: number): number {
    const { text, starts } = this.norm();
    return line - 1 < starts.length ? starts[line - 1]! : text.length;
  }

  /** Every line of the normalised text, without terminators (`lineCount` entries). */
  allLines(): string[] {
    const { text } = this.norm();
    if (text.length === 0) return [];
    const lines = text.split("\n");
    if (text.endsWith("\n")) lines.pop();
    return lines;
  }

  /**
   * Replaces `text[from, to)` with the model's text, converted to this file's line ending. Raw
   * bytes outside the span are untouched.
   */
  splice(from: number, to: number, modelText: string): void {
    const insert = toLf(modelText).replaceAll("\n", this.eol);
    const rawFrom = this.toRaw(from);
    const rawTo = this.toRaw(to);
    this.raw = this.raw.slice(0, rawFrom) + insert + this.raw.slice(rawTo);
    this.view = undefined;
  }

  /** Replaces the whole text (an overwrite): BOM, line ending and final-newline rule are kept. */
  replaceAll(modelText: string): void {
    this.raw = toLf(modelText).replaceAll("\n", this.eol);
    this.view = undefined;
  }

  /** The bytes to write: BOM restored, the final-newline rule applied. */
  encode(): Buffer {
    let raw = this.raw;
    if (this.finalNewline === true && raw.length > 0 && !raw.endsWith("\n")) raw += this.eol;
    if (this.finalNewline === false && raw.endsWith("\n")) {
      raw = raw.slice(0, raw.endsWith("\r\n") ? -2 : -1);
    }
    const body = Buffer.from(raw, "utf8");
    return this.bom ? Buffer.concat([BOM, body]) : body;
  }

  /** The LF text as it will be written (final-newline rule applied): what a diff shows. */
  encodedText(): string {
    return toLf(strictUtf8.decode(this.encode().subarray(this.bom ? 3 : 0)));
  }

  private toRaw(offset: number): number {
    const { crlf } = this.norm();
    let lo = 0;
    let hi = crlf.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (crlf[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return offset + lo;
  }

  private norm(): NormView {
    if (this.view) return this.view;
    const crlf: number[] = [];
    let removed = 0;
    for (let i = this.raw.indexOf("\r\n"); i !== -1; i = this.raw.indexOf("\r\n", i + 2)) {
      crlf.push(i - removed);
      removed++;
    }
    const text = removed > 0 ? toLf(this.raw) : this.raw;
    const starts = [0];
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    this.view = { text, crlf, starts };
    return this.view;
  }
}

function countOf(text: string, needle: string): number {
  let n = 0;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}
