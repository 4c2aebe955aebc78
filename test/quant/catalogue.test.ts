import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { quantTypesPart } from "../../src/build/parts.js";
import { bitsPerWeight } from "../../src/quant/catalogue.js";

// The hub's GGUF enumerations, kept as a fixture so the test runs without ../shared.
const reference = JSON.parse(readFileSync(new URL("../fixtures/reference/gguf.json", import.meta.url), "utf8")) as {
  fileQuantizationTypes: Record<string, number>;
  tensorTypes: Record<string, number>;
  orderLargestFirst: string[];
};
const catalogue = quantTypesPart.load();

describe("GGUF quantization catalogue", () => {
  it("has every file quantization type with its id, largest first as on the hub", () => {
    expect(catalogue.fileTypes.map((type) => type.name)).toEqual(reference.orderLargestFirst);
    expect(Object.fromEntries(catalogue.fileTypes.map((type) => [type.name, type.id]))).toEqual(reference.fileQuantizationTypes);
  });

  it("has every tensor type with its id", () => {
    expect(Object.fromEntries(catalogue.tensorTypes.map((type) => [type.name, type.id]))).toEqual(reference.tensorTypes);
  });

  it("gives the format's storage sizes", () => {
    const byName = new Map(catalogue.tensorTypes.map((type) => [type.name, type]));
    expect(bitsPerWeight(byName.get("F32")!)).toBe(32);
    expect(bitsPerWeight(byName.get("BF16")!)).toBe(16);
    expect(bitsPerWeight(byName.get("Q8_0")!)).toBe(8.5);
    expect(bitsPerWeight(byName.get("Q4_K")!)).toBe(4.5);
    expect(bitsPerWeight(byName.get("Q6_K")!)).toBe(6.5625);
    expect(bitsPerWeight(byName.get("MXFP4")!)).toBe(4.25);
    expect(bitsPerWeight(byName.get("I64")!)).toBe(64);
  });
});
