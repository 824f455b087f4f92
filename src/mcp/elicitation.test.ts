import { describe, expect, it } from "vitest";
import { checkForm, formFields } from "./elicitation.js";

const schema = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name", minLength: 2 },
    guests: { type: "integer", minimum: 1, maximum: 12 },
    ratio: { type: "number" },
    outside: { type: "boolean", default: false },
    time: { type: "string", enum: ["18:00", "20:00"], enumNames: ["Six", "Eight"] },
    room: { type: "string", oneOf: [{ const: "a", title: "Hall" }, { const: "b" }] },
  },
  required: ["name", "guests"],
};

describe("formFields", () => {
  it("reads the fields of a flat schema in order, with their choices and bounds", () => {
    const fields = formFields(schema)!;
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ["name", "string", true],
      ["guests", "integer", true],
      ["ratio", "number", false],
      ["outside", "boolean", false],
      ["time", "string", false],
      ["room", "string", false],
    ]);
    expect(fields[1]).toMatchObject({ minimum: 1, maximum: 12 });
    expect(fields[3]).toMatchObject({ default: false });
    expect(fields[4]).toMatchObject({ enum: ["18:00", "20:00"], enumNames: ["Six", "Eight"] });
    expect(fields[5]).toMatchObject({ enum: ["a", "b"], enumNames: ["Hall", "b"] });
  });

  it("refuses a schema it cannot show as a form", () => {
    expect(formFields({ type: "object", properties: { tags: { type: "array" } } })).toBeUndefined();
    expect(formFields({ type: "object", properties: { n: { type: "number", enum: [1] } } })).toBe(
      undefined,
    );
    expect(formFields({ type: "object" })).toEqual([]);
  });
});

describe("checkForm", () => {
  const fields = formFields(schema)!;
  it("converts text to the fields' types and drops what the form does not have", () => {
    expect(
      checkForm(fields, { name: "Ann", guests: "3", ratio: "0.5", outside: "true", extra: 1 }),
    ).toEqual({ content: { name: "Ann", guests: 3, ratio: 0.5, outside: true } });
  });

  it("says what is wrong", () => {
    expect(checkForm(fields, { guests: 2 })).toEqual({ error: '"Name" is required' });
    expect(checkForm(fields, { name: "A", guests: 2 })).toMatchObject({ error: /at least 2/ });
    expect(checkForm(fields, { name: "Ann", guests: 2.5 })).toMatchObject({ error: /whole/ });
    expect(checkForm(fields, { name: "Ann", guests: 20 })).toMatchObject({ error: /at most 12/ });
    expect(checkForm(fields, { name: "Ann", guests: 2, time: "19:00" })).toMatchObject({
      error: /one of 18:00, 20:00/,
    });
    expect(checkForm(fields, { name: "Ann", guests: 2, outside: "yes" })).toMatchObject({
      error: /true or false/,
    });
  });
});
