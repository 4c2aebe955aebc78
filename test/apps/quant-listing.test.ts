import { describe, expect, it } from "vitest";
import { quantRows } from "../../src/apps/quant-listing.js";
import { quantCatalogue } from "../../src/quant/catalogue.js";
import { thrown } from "../helpers/errors.js";
import { GGUF_CHAT, GGUF_VISION, MLX } from "./models.js";

const catalogue = quantCatalogue();

describe("a repository's GGUF files by quant", () => {
  it("lists files by quant, largest first, each under its own label, with split counts, sizes and bits per weight", () => {
    const rows = quantRows(GGUF_CHAT, catalogue);
    // Q4_K_L reads as a label, as Q6_K_L does; Q4_0_4_4 is a type of its own, not a second Q4_0.
    expect(rows.map((row) => row.quant)).toEqual(["Q8_0", "Q6_K", "Q5_K_M", "Q4_K_L", "Q4_K_M", "Q4_0", "Q4_0_4_4", "IQ4_XS", "Q3_K_M", "IQ2_M", "IQ1_M"]);
    const sizes = rows.map((row) => row.size!);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(rows[0]).toMatchObject({ shards: 2, size: 75e9, bitsPerWeight: 8.5, type: "Q8_0" });
    expect(rows[3]).toMatchObject({ quant: "Q4_K_L", file: "Meta-Llama-3.1-70B-Instruct-Q4_K_L.gguf", shards: 1 });
    // The importance matrix is not a model file.
    expect(rows.some((row) => row.file.includes("imatrix"))).toBe(false);
    // Listed, but marked: current llama.cpp no longer loads the ARM repacks of Q4_0.
    expect(rows.filter((row) => !row.loadable).map((row) => row.quant)).toEqual(["Q4_0_4_4"]);
  });

  it("lists projector files apart", () => {
    const rows = quantRows(GGUF_VISION, catalogue);
    expect(rows.filter((row) => row.projector).map((row) => row.file)).toEqual(["mmproj-model-f16.gguf"]);
  });

  it("refuses a repository without GGUF files", () => {
    expect(thrown(() => quantRows(MLX, catalogue)).message).toBe("mlx-community/Llama-3.2-3B-Instruct-4bit has no GGUF files");
  });
});
