import { describe, expect, it } from "vitest";
import { QuantCatalogueSchema } from "../../src/build/schemas/quant-types.js";
import { quantTypesPart } from "../../src/build/parts.js";
import { parseQuantLabel, quantTypeOfLabel } from "../../src/quant/parse.js";
import { nearestQuant } from "../../src/quant/nearest.js";

const catalogue = QuantCatalogueSchema.parse(quantTypesPart.load());

describe("parseQuantLabel", () => {
  const cases: [string, string | null][] = [
    ["Llama-3.2-3B-Instruct-Q4_K_M.gguf", "Q4_K_M"],
    ["Meta-Llama-3-8B-Instruct.Q8_0.gguf", "Q8_0"],
    ["mistral-7b-instruct-v0.2.Q5_K_S.gguf", "Q5_K_S"],
    ["qwen2.5-7b-instruct-q4_k_m.gguf", "Q4_K_M"],
    ["qwen2.5-7b-instruct-q4_k_m-00001-of-00002.gguf", "Q4_K_M"],
    ["DeepSeek-R1-UD-IQ1_S-00001-of-00003.gguf", "UD-IQ1_S"],
    ["Qwen3-30B-A3B-UD-Q4_K_XL.gguf", "UD-Q4_K_XL"],
    ["UD-Q4_K_XL/Qwen3-235B-A22B-UD-Q4_K_XL-00001-of-00003.gguf", "UD-Q4_K_XL"],
    ["gemma-3-27b-it-Q6_K.gguf", "Q6_K"],
    ["phi-4-F16.gguf", "F16"],
    ["phi-4-BF16.gguf", "BF16"],
    ["tinyllama-1.1b-chat-v1.0.f32.gguf", "F32"],
    ["Llama-3.1-8B-Instruct-IQ4_XS.gguf", "IQ4_XS"],
    ["Llama-3.1-8B-Instruct-IQ3_M.gguf", "IQ3_M"],
    ["Llama-3.1-8B-Instruct-IQ2_XXS.gguf", "IQ2_XXS"],
    ["Llama-3.1-8B-Instruct-IQ4_NL.gguf", "IQ4_NL"],
    ["model-Q2_K.gguf", "Q2_K"],
    ["model-Q2_K_S.gguf", "Q2_K_S"],
    ["model-Q3_K_L.gguf", "Q3_K_L"],
    ["model-Q4_0.gguf", "Q4_0"],
    ["model-Q4_1.gguf", "Q4_1"],
    ["model-Q5_1.gguf", "Q5_1"],
    ["bitnet-b1.58-TQ1_0.gguf", "TQ1_0"],
    ["bitnet-b1.58-tq2_0.gguf", "TQ2_0"],
    ["gpt-oss-20b-MXFP4.gguf", "MXFP4"],
    ["gpt-oss-120b-mxfp4-00001-of-00003.gguf", "MXFP4"],
    ["gpt-oss-20b-MXFP4_MOE.gguf", "MXFP4_MOE"],
    // Size suffixes on K-quant families: Q6_K has a bare type, Q5_K and Q4_K do not, and read all the same.
    ["Llama-3.2-3B-Instruct-Q6_K_L.gguf", "Q6_K_L"],
    ["Llama-3.2-3B-Instruct-Q5_K_L.gguf", "Q5_K_L"],
    ["Llama-3.2-3B-Instruct-Q4_K_L.gguf", "Q4_K_L"],
    ["model-q4_k.gguf", null],
    // Several candidates: the last one in the name wins.
    ["Q8_0/model-Q4_K_M.gguf", "Q4_K_M"],
    ["model-f16-to-Q5_K_M.gguf", "Q5_K_M"],
    ["Q4_K_M-imatrix-Q6_K.gguf", "Q6_K"],
    // No quantization in the name at all.
    ["model.gguf", null],
    ["llama-3-8b-instruct-00001-of-00002.gguf", null],
    ["README.md", null],
  ];
  it.each(cases)("%s -> %s", (fileName, expected) => {
    expect(parseQuantLabel(fileName, catalogue)).toBe(expected);
  });

  it("resolves labels to file types: UD- prefix dropped, alias mapped", () => {
    expect(quantTypeOfLabel("UD-Q4_K_XL", catalogue)).toBe("Q4_K_XL");
    expect(quantTypeOfLabel("mxfp4", catalogue)).toBe("MXFP4_MOE");
    expect(quantTypeOfLabel("Q9_X", catalogue)).toBeUndefined();
  });
});

describe("nearestQuant", () => {
  it("takes the wanted type when it is available", () => {
    expect(nearestQuant("Q4_K_M", ["Q8_0", "Q4_K_M", "Q2_K"], catalogue)).toBe("Q4_K_M");
  });
  it("else the next smaller one", () => {
    expect(nearestQuant("Q4_K_M", ["Q8_0", "Q3_K_M", "Q2_K"], catalogue)).toBe("Q3_K_M");
    expect(nearestQuant("Q6_K", ["Q5_K_M", "Q8_0", "Q4_K_M"], catalogue)).toBe("Q5_K_M");
  });
  it("else the next larger one", () => {
    expect(nearestQuant("Q2_K", ["Q8_0", "Q4_K_M"], catalogue)).toBe("Q4_K_M");
  });
  it("ignores unknown names and answers undefined when nothing is known", () => {
    expect(nearestQuant("Q4_K_M", ["nonsense", "Q8_0"], catalogue)).toBe("Q8_0");
    expect(nearestQuant("Q4_K_M", ["nonsense"], catalogue)).toBeUndefined();
  });
});
