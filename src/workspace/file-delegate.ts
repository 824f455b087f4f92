/**
 * Where the file tools read and write text instead of the disk: an editor that holds the
 * person's unsaved buffers (ACP's `fs/read_text_file` and `fs/write_text_file`). Paths given are
 * absolute and real, already checked against the workspace rules (sandbox, ignore and secret
 * rules, read-before-edit); the delegate only carries the text. Checkpoints for `/undo` record
 * what was read and written through it, as for the disk.
 */
export interface FileDelegate {
  /** The file's text as the editor has it; `undefined` when the editor has none (read the disk). */
  read?(absolute: string): Promise<string | undefined>;
  /** Writes the file's whole text through the editor (it lands in the editor's undo history). */
  write?(absolute: string, text: string): Promise<void>;
}
