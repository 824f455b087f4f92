/**
 * The stream Ink writes to, in front of the real stdout. While browse mode shows the alternate
 * screen, Ink's writes (the transcript's new lines, its live frame: "erase the last N lines,
 * draw the frame") are held, in order, and written once the normal screen is back: the
 * terminal then receives exactly what it would have received, so native scrollback and Ink's
 * idea of its frame's height stay in step. Each string written first goes through `transform`
 * (the scrollback's markers become answer text, in the same write: scrollback.ts).
 */
export interface OutputGate {
  /** The stream to give Ink (every property but `write` is the real stdout's). */
  readonly stream: NodeJS.WriteStream;
  /** From now on, writes are held. */
  hold(): void;
  /** Writes what was held, in order, and lets writes through again. */
  release(): void;
}

type Callback = (error?: Error | null) => void;

export function createOutputGate(
  target: NodeJS.WriteStream,
  transform: (text: string) => string = (text) => text,
): OutputGate {
  let held: string[] | undefined;
  const write = (given: unknown, encoding?: unknown, callback?: unknown): boolean => {
    const chunk = typeof given === "string" ? transform(given) : given;
    if (!held)
      return target.write(chunk as string, encoding as BufferEncoding, callback as Callback);
    held.push(typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString());
    const done = (typeof encoding === "function" ? encoding : callback) as Callback | undefined;
    if (done) process.nextTick(done);
    return true;
  };
  const stream = new Proxy(target, {
    get(obj, prop) {
      if (prop === "write") return write;
      const value: unknown = Reflect.get(obj, prop, obj);
      return typeof value === "function"
        ? (value as (...a: unknown[]) => unknown).bind(obj)
        : value;
    },
  });
  return {
    stream,
    hold() {
      held ??= [];
    },
    release() {
      const chunks = held;
      held = undefined;
      if (chunks && chunks.length > 0) target.write(chunks.join(""));
    },
  };
}
