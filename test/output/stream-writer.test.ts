import { describe, expect, it } from "vitest";
import { arrayElement, JsonArrayWriter } from "../../src/output/stream-writer.js";
import { renderJson } from "../../src/output/output.js";

/** A stream that asks the writer to wait after every write, as a full pipe does, and records what it got. */
function slowStream() {
  const chunks: string[] = [];
  let drain: (() => void) | undefined;
  let waits = 0;
  return {
    chunks,
    waits: () => waits,
    write(text: string) {
      chunks.push(text);
      return false;
    },
    once(_event: "drain", listener: () => void) {
      waits++;
      drain = listener;
      setImmediate(() => drain?.());
    },
  };
}

const values = [
  { model: "org/a", language: "python", content: 'print("hi")\n\tdone\u2028' },
  // The flat-object path must keep JSON.stringify's key order (integer keys first) and leave out what it leaves out.
  { b: "1", 10: "ten", 2: "two", a: "\u0000\ud800" },
  { model: "org/c", skipped: undefined },
  Object.assign(Object.create({ inherited: "no" }), { own: "yes" }),
  {},
  { model: "org/b", nested: { list: [1, "two", null], empty: {}, none: [] } },
  "just a string",
  42,
];

describe("JsonArrayWriter", () => {
  it("writes, element by element, the bytes renderJson writes for the whole array", async () => {
    for (let count = 0; count <= values.length; count++) {
      const stream = slowStream();
      const writer = new JsonArrayWriter(stream);
      for (const value of values.slice(0, count)) await writer.add(value);
      await writer.end();
      expect(stream.chunks.join("")).toBe(renderJson(values.slice(0, count)));
    }
  });

  it("writes elements made elsewhere (arrayElement, joined by ',\\n') as the same bytes", async () => {
    const stream = slowStream();
    const writer = new JsonArrayWriter(stream);
    await writer.addWritten("", 0);
    await writer.addWritten(values.slice(0, 2).map(arrayElement).join(",\n"), 2);
    await writer.add(values[2]);
    await writer.addWritten(values.slice(3).map(arrayElement).join(",\n"), values.length - 3);
    await writer.end();
    expect(writer.length).toBe(values.length);
    expect(stream.chunks.join("")).toBe(renderJson(values));
  });

  it("writes repeated, changed and returning values of the same keys as JSON.stringify does", async () => {
    // arrayElement keeps each key's last short value written: a value that changes back, a key that moves, and
    // objects with many keys must still come out as renderJson writes them.
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, n) => [`k${n}`, `v${n % 3}`]));
    const sequence = [
      { model: "org/a", language: "python", content: "a" },
      { model: "org/a", language: "python", content: "a" },
      { model: "org/a", language: "js", content: "b\n" },
      { model: "org/a", language: "python", content: "a" },
      { language: "org/a", model: "python", content: "x".repeat(300) },
      { model: 'org/"quoted"\u2028', language: "js", content: "x".repeat(300) },
      many,
      { ...many, k0: "changed" },
      { model: "org/a", language: "python", content: "a" },
    ];
    const stream = slowStream();
    const writer = new JsonArrayWriter(stream);
    for (const value of sequence) await writer.add(value);
    await writer.end();
    expect(stream.chunks.join("")).toBe(renderJson(sequence));
  });

  it("waits for 'drain' when the stream asks it to, and keeps memory to a chunk", async () => {
    const stream = slowStream();
    const writer = new JsonArrayWriter(stream);
    const big = { content: "x".repeat(100_000) };
    for (let i = 0; i < 5; i++) await writer.add(big);
    await writer.end();
    expect(stream.waits()).toBeGreaterThanOrEqual(5);
    expect(stream.chunks.length).toBeGreaterThanOrEqual(5);
    expect(JSON.parse(stream.chunks.join(""))).toHaveLength(5);
  });
});
