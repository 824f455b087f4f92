import { describe, expect, it } from "vitest";
import { deferFormData, LightHeaders, LightResponse } from "./light-web.js";

/** Runs the same operations on undici's Headers and ours; what they show must be the same. */
function both(
  ops: (h: {
    append(n: string, v: string): void;
    set(n: string, v: string): void;
    delete(n: string): void;
  }) => void,
) {
  const real = new Headers();
  const light = new LightHeaders();
  ops(real);
  ops(light);
  return {
    // highlight.js's types bring the DOM lib, whose Headers type is not iterable without DOM.Iterable.
    real: [...(real as unknown as Iterable<[string, string]>)],
    light: [...light],
    realGet: real.get("x-multi"),
    lightGet: light.get("x-multi"),
  };
}

describe("LightHeaders", () => {
  it("behaves like the platform Headers for the operations the SDKs use", () => {
    const result = both((h) => {
      h.append("X-Multi", "a");
      h.append("x-multi", " b ");
      h.set("Content-Type", "application/json");
      h.append("Set-Cookie", "a=1");
      h.append("set-cookie", "b=2");
      h.append("Authorization", "Bearer x");
      h.delete("AUTHORIZATION");
      h.set("b-header", "1");
    });
    expect(result.light).toEqual(result.real);
    expect(result.lightGet).toBe(result.realGet);
  });

  it("accepts records, pairs and other Headers, and refuses bad names and values", () => {
    expect([...new LightHeaders({ A: "1" })]).toEqual([["a", "1"]]);
    expect([...new LightHeaders([["B", "2"]])]).toEqual([["b", "2"]]);
    expect([...new LightHeaders(new Headers({ C: "3" }))]).toEqual([["c", "3"]]);
    expect(() => new LightHeaders({ "bad name": "x" })).toThrow(TypeError);
    expect(() => new LightHeaders({ a: "x\r\ny: z" })).toThrow(TypeError);
  });
});

describe("LightResponse", () => {
  const stream = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(text));
        c.close();
      },
    });
  const init = {
    status: 201,
    statusText: "Created",
    headers: new LightHeaders({ a: "1" }),
    url: "http://x/",
    redirected: false,
  };

  it("reads its body once, and a clone reads the same bytes", async () => {
    const response = new LightResponse(stream('{"ok":true}'), init);
    expect(response.ok).toBe(true);
    const copy = response.clone();
    expect(await response.json()).toEqual({ ok: true });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(await copy.text()).toBe('{"ok":true}');
  });

  it("has an empty body when there is none", async () => {
    const response = new LightResponse(null, { ...init, status: 204 });
    expect(response.body).toBeNull();
    expect(await response.text()).toBe("");
  });
});

describe("deferFormData", () => {
  it("answers instanceof without loading FormData, and builds the real one on demand", () => {
    deferFormData();
    expect({} instanceof FormData).toBe(false);
    const form = new FormData();
    form.append("a", "1");
    expect(form instanceof FormData).toBe(true);
    expect(form.get("a")).toBe("1");
  });
});
