import { describe, expect, it } from "vitest";
import { closestMatch } from "../../src/util/suggest.js";

describe("closestMatch", () => {
  it("names the candidate a typo was meant for, the nearest before one that merely contains it", () => {
    expect(closestMatch("transformer", ["adapter-transformers", "transformers"])).toBe("transformers");
    expect(closestMatch("Q4KM", ["Q4_K_M", "Q8_0"])).toBe("Q4_K_M");
    expect(closestMatch("llama", ["llama.cpp", "vllm-mlx"])).toBe("llama.cpp");
  });

  it("suggests nothing when the nearest is another word", () => {
    expect(closestMatch("nope", ["eupe", "nemo", "open_clip"])).toBeUndefined();
  });
});
