/**
 * Small `Headers` and `Response` classes for `httpFetch`. Node's own are undici's, and the first
 * touch of either loads undici's JavaScript (~20 ms and ~10 MiB for a short run), which is what
 * `httpFetch` exists to spare. They implement what the SDKs use: the Headers interface with
 * case-insensitive names and spec ordering, and a Response with a streaming body, `text`, `json`,
 * `arrayBuffer` and `clone`.
 */

type HeaderPairs = Iterable<readonly [string, string]> | Record<string, string>;

const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export class LightHeaders {
  private readonly map = new Map<string, string>();
  private readonly cookies: string[] = [];

  constructor(init?: HeaderPairs | Headers | null) {
    if (init == null) return;
    const pairs =
      Symbol.iterator in Object(init)
        ? (init as Iterable<readonly [string, string]>)
        : Object.entries(init as Record<string, string>);
    for (const pair of pairs) {
      if (pair.length !== 2) throw new TypeError("Headers: each pair needs a name and a value");
      this.append(pair[0], pair[1]);
    }
  }

  append(name: string, value: string): void {
    const key = check(name);
    const clean = normalise(value);
    if (key === "set-cookie") {
      this.cookies.push(clean);
      return;
    }
    const prior = this.map.get(key);
    this.map.set(key, prior === undefined ? clean : `${prior}, ${clean}`);
  }

  delete(name: string): void {
    const key = check(name);
    if (key === "set-cookie") this.cookies.length = 0;
    else this.map.delete(key);
  }

  get(name: string): string | null {
    const key = check(name);
    if (key === "set-cookie") return this.cookies.length > 0 ? this.cookies.join(", ") : null;
    return this.map.get(key) ?? null;
  }

  getSetCookie(): string[] {
    return [...this.cookies];
  }

  has(name: string): boolean {
    const key = check(name);
    return key === "set-cookie" ? this.cookies.length > 0 : this.map.has(key);
  }

  set(name: string, value: string): void {
    const key = check(name);
    if (key === "set-cookie") {
      this.cookies.length = 0;
      this.cookies.push(normalise(value));
    } else {
      this.map.set(key, normalise(value));
    }
  }

  forEach(
    callback: (value: string, key: string, parent: Headers) => void,
    thisArg?: unknown,
  ): void {
    for (const [key, value] of this) callback.call(thisArg, value, key, this);
  }

  *entries(): IterableIterator<[string, string]> {
    const names = [...this.map.keys(), ...(this.cookies.length > 0 ? ["set-cookie"] : [])].sort();
    for (const name of names) {
      if (name === "set-cookie") for (const cookie of this.cookies) yield [name, cookie];
      else yield [name, this.map.get(name)!];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return "Headers";
  }
}

function check(name: string): string {
  if (!NAME.test(name)) throw new TypeError(`Headers: invalid header name "${name}"`);
  return name.toLowerCase();
}

function normalise(value: string): string {
  const text = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "");
  if (/[\0\r\n]/.test(text)) throw new TypeError("Headers: invalid header value");
  return text;
}

export interface LightResponseInit {
  status: number;
  statusText: string;
  headers: LightHeaders;
  url: string;
  redirected: boolean;
}

/** A fetch `Response` over a byte stream; the body can be read once (or `clone`d first). */
export class LightResponse {
  readonly type = "basic";
  readonly status: number;
  readonly statusText: string;
  readonly headers: LightHeaders;
  readonly url: string;
  readonly redirected: boolean;
  private stream: ReadableStream<Uint8Array> | null;
  private used = false;

  constructor(body: ReadableStream<Uint8Array> | null, init: LightResponseInit) {
    this.stream = body;
    this.status = init.status;
    this.statusText = init.statusText;
    this.headers = init.headers;
    this.url = init.url;
    this.redirected = init.redirected;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.stream;
  }

  get bodyUsed(): boolean {
    return this.used || (this.stream?.locked ?? false);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array> {
    if (this.bodyUsed) throw new TypeError("Body is unusable: Body has already been read");
    this.used = true;
    if (!this.stream) return new Uint8Array(0);
    const chunks: Uint8Array[] = [];
    const reader = this.stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  clone(): LightResponse {
    if (this.bodyUsed) throw new TypeError("Response.clone: Body has already been consumed.");
    let copy: ReadableStream<Uint8Array> | null = null;
    if (this.stream) [this.stream, copy] = this.stream.tee();
    return new LightResponse(copy, {
      status: this.status,
      statusText: this.statusText,
      headers: new LightHeaders(this.headers),
      url: this.url,
      redirected: this.redirected,
    });
  }
}

/**
 * Replaces the global `FormData` getter with a stand-in that loads Node's own only when one is
 * constructed. The SDKs ask `body instanceof FormData` of every request; while no real FormData
 * exists, the answer is false without loading undici.
 */
export function deferFormData(): void {
  const current = Object.getOwnPropertyDescriptor(globalThis, "FormData");
  if (!current?.get) return;
  const load = current.get;
  let real: (new (...args: unknown[]) => object) | undefined;
  const realFormData = () => (real ??= load.call(globalThis) as typeof real)!;
  class DeferredFormData {
    constructor(...args: unknown[]) {
      return new (realFormData())(...args);
    }
    static [Symbol.hasInstance](value: unknown): boolean {
      return real !== undefined && value instanceof real;
    }
  }
  Object.defineProperty(globalThis, "FormData", {
    value: DeferredFormData,
    writable: true,
    configurable: true,
    enumerable: false,
  });
}

/**
 * Makes `LightHeaders` the global `Headers` while Node's is still unloaded, so SDK code that
 * builds headers does not load undici. Returns false (and changes nothing) once something has
 * replaced the global already.
 */
export function installLightHeaders(): boolean {
  const current = Object.getOwnPropertyDescriptor(globalThis, "Headers");
  if (!current?.get) return current?.value === LightHeaders;
  Object.defineProperty(globalThis, "Headers", {
    value: LightHeaders,
    writable: true,
    configurable: true,
    enumerable: false,
  });
  return true;
}
