import { describe, expect, it } from "vitest";
import { generateAppSnippets, type AppSnippet } from "../../src/apps/generate.js";
import { appsForModel } from "../../src/apps/formats.js";
import { appEntries } from "../../src/apps/registry.js";
import type { ModelData } from "../../src/model/schema.js";
import { thrown } from "../helpers/errors.js";
import { noteLines } from "../../src/cli/local-words.js";
import { DIFFUSERS, GGUF_CHAT, GGUF_CHAT_NO_Q4KM, GGUF_TAGGED_TRANSFORMERS, GGUF_VISION, MLX, NON_LLM, TRANSFORMERS_CHAT } from "./models.js";

const offered = (model: ModelData) => appsForModel(appEntries(), model).map((app) => app.key);
const first = (result: { snippets: AppSnippet[] }) => result.snippets[0]!;

describe("which apps run a model", () => {
  it("offers every GGUF app for a GGUF chat repository, and no server of transformers weights but vLLM", () => {
    const keys = offered(GGUF_CHAT);
    expect(keys).toEqual(expect.arrayContaining(["llama.cpp", "ollama", "lmstudio", "node-llama-cpp", "localai", "jan", "docker-model-runner", "vllm"]));
    expect(keys).not.toContain("sglang");
    expect(keys).not.toContain("tgi");
    expect(keys).not.toContain("mlx-lm");
    expect(keys).not.toContain("drawthings");
  });

  it("keeps SGLang and TGI away from a GGUF-only repository tagged transformers", () => {
    const keys = offered(GGUF_TAGGED_TRANSFORMERS);
    expect(keys).not.toContain("sglang");
    expect(keys).not.toContain("tgi");
    expect(keys).toContain("llama.cpp");
  });

  it("offers MLX LM, LM Studio, Atomic Chat and (its template renders tools) the agents for an MLX chat repository", () => {
    expect(offered(MLX).sort()).toEqual(["atomic-chat", "hermes-agent", "lmstudio", "mlx-lm", "openclaw", "pi"]);
  });

  it("offers the servers of transformers weights, and Docker Model Runner beside vLLM, for a transformers chat repository", () => {
    expect(offered(TRANSFORMERS_CHAT).sort()).toEqual(["docker-model-runner", "sglang", "tgi", "vllm"]);
  });

  it("offers the image apps for a diffusers text-to-image repository", () => {
    expect(offered(DIFFUSERS).sort()).toEqual(["diffusionbee", "drawthings", "jellybox"]);
  });

  it("offers nothing for a fill-mask model, and says which apps do when asked for one", () => {
    expect(offered(NON_LLM)).toEqual([]);
    const error = thrown(() => generateAppSnippets(TRANSFORMERS_CHAT, "ollama"));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe("Ollama does not run meta-llama/Llama-3.1-8B-Instruct");
    expect(error.hint).toBe("apps that do: vllm, sglang, tgi, docker-model-runner");
  });
});

describe("which GGUF file a command names", () => {
  it("defaults to Q4_K_M", () => {
    const step = first(generateAppSnippets(GGUF_CHAT, "llama.cpp"));
    expect(step.quant).toBe("Q4_K_M");
    expect(step.file).toBe("Meta-Llama-3.1-70B-Instruct-Q4_K_M.gguf");
  });

  it("falls back to the nearest available type, never a file without a label or a projector", () => {
    const result = generateAppSnippets(GGUF_CHAT_NO_Q4KM, "llama.cpp");
    // Q4_K_S is absent; IQ4_XS is next in the order of like quality.
    expect(first(result).quant).toBe("IQ4_XS");
    expect(noteLines(result.notes)).toContain("someone/Llama-70B-GGUF has no Q4_K_M file: using IQ4_XS");
    expect(first(generateAppSnippets(GGUF_VISION, "llama.cpp")).file).toBe("gemma-3-4b-it-Q4_K_M.gguf");
  });

  it("names the first shard of a split quant", () => {
    const step = first(generateAppSnippets(GGUF_CHAT, "llama.cpp", { quant: "Q8_0" }));
    expect(step.file).toBe("Meta-Llama-3.1-70B-Instruct-Q8_0/Meta-Llama-3.1-70B-Instruct-Q8_0-00001-of-00002.gguf");
  });

  it("refuses a split quant for Ollama, Docker Model Runner, LocalAI and vLLM (a deliberate difference: they cannot load one), with the single-file quants as the hint", () => {
    for (const app of ["ollama", "docker-model-runner", "localai", "vllm"]) {
      const error = thrown(() => generateAppSnippets(GGUF_CHAT, app, { quant: "Q6_K" }));
      expect(error.exitCode).toBe(2);
      expect(error.message).toMatch(/cannot load Q6_K of bartowski\/Meta-Llama-3\.1-70B-Instruct-GGUF: it exists only as a file split into 2 shards/);
      expect(error.hint).toBe("single-file quants: Q5_K_M, Q4_K_L, Q4_K_M, IQ4_XS, Q4_0, Q3_K_M, IQ2_M, IQ1_M");
    }
  });

  it("refuses a quant the repository does not have, with the nearest and the list", () => {
    const error = thrown(() => generateAppSnippets(GGUF_CHAT, "llama.cpp", { quant: "Q5_K_S" }));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe("bartowski/Meta-Llama-3.1-70B-Instruct-GGUF has no Q5_K_S file");
    expect(error.hint).toBe("nearest available: Q4_K_M; available: Q8_0, Q6_K, Q5_K_M, Q4_K_L, Q4_K_M, IQ4_XS, Q4_0, Q3_K_M, IQ2_M, IQ1_M");
  });

  it("suggests the type meant for a misspelt one", () => {
    const error = thrown(() => generateAppSnippets(GGUF_CHAT, "llama.cpp", { quant: "Q4KM" }));
    expect(error.message).toBe("'Q4KM' is not a quantization type");
    expect(error.hint).toBe("did you mean 'Q4_K_M'?");
  });

  it("accepts a lower-case quant", () => {
    expect(first(generateAppSnippets(GGUF_CHAT, "llama.cpp", { quant: "q5_k_m" })).quant).toBe("Q5_K_M");
  });

  it("reads Q4_0_4_4 as a quant of its own, which current llama.cpp no longer loads, and names the Q4_0 file, which the hub reads both as", () => {
    const result = generateAppSnippets(GGUF_CHAT, "llama.cpp", { quant: "Q4_0" });
    expect(first(result).file).toBe("Meta-Llama-3.1-70B-Instruct-Q4_0.gguf");
    // `-hf repo:Q4_0` could fetch the repack: the command names the file.
    expect(result.snippets[1]!.content).toContain("--hf-file Meta-Llama-3.1-70B-Instruct-Q4_0.gguf");
    expect(noteLines(result.notes)).toEqual([
      "the hub also reads Meta-Llama-3.1-70B-Instruct-Q4_0_4_4.gguf as Q4_0: the commands name Meta-Llama-3.1-70B-Instruct-Q4_0.gguf itself",
    ]);
    const repack = thrown(() => generateAppSnippets(GGUF_CHAT, "llama.cpp", { quant: "Q4_0_4_4" }));
    expect(repack.exitCode).toBe(2);
    expect(repack.message).toBe("Q4_0_4_4 is an ARM repack of Q4_0 that current llama.cpp no longer loads (it repacks Q4_0 itself when it loads it)");
    expect(repack.hint).toBe("use --quant Q4_0");
    expect(thrown(() => generateAppSnippets(GGUF_CHAT, "ollama", { file: "Meta-Llama-3.1-70B-Instruct-Q4_0_4_4.gguf" })).exitCode).toBe(2);
  });

  it("runs a file named with --file by that name", () => {
    const result = generateAppSnippets(GGUF_CHAT, "llama.cpp", { file: "Meta-Llama-3.1-70B-Instruct-Q4_K_L.gguf" });
    expect(first(result).file).toBe("Meta-Llama-3.1-70B-Instruct-Q4_K_L.gguf");
    expect(first(result).quant).toBe("Q4_K_L");
    expect(result.snippets[1]!.content).toContain("--hf-file Meta-Llama-3.1-70B-Instruct-Q4_K_L.gguf");
    const ollama = generateAppSnippets(GGUF_CHAT, "ollama", { file: "Meta-Llama-3.1-70B-Instruct-Q4_K_L.gguf" });
    expect(first(ollama).content).toBe("ollama pull hf.co/bartowski/Meta-Llama-3.1-70B-Instruct-GGUF:Meta-Llama-3.1-70B-Instruct-Q4_K_L.gguf");
  });

  it("refuses --file for a file the repository does not have, and for a projector", () => {
    const missing = thrown(() => generateAppSnippets(GGUF_CHAT, "llama.cpp", { file: "Meta-Llama-3.1-70B-Instruct-Q4_K_N.gguf" }));
    expect(missing.exitCode).toBe(2);
    expect(missing.hint).toMatch(/^did you mean 'Meta-Llama-3\.1-70B-Instruct-Q4_K_[ML]\.gguf'\?$/);
    const projector = thrown(() => generateAppSnippets(GGUF_VISION, "llama.cpp", { file: "mmproj-model-f16.gguf" }));
    expect(projector.message).toContain("is a projector (mmproj) file");
  });

  it("refuses --quant and --fits on a repository with no GGUF files", () => {
    for (const request of [{ quant: "Q4_K_M" }, { chosenBy: "fits" as const }]) {
      const error = thrown(() => generateAppSnippets(TRANSFORMERS_CHAT, "vllm", request));
      expect(error.exitCode).toBe(2);
      expect(error.message).toContain("picks a GGUF file");
    }
  });
});

describe("snippet JSON shape", () => {
  it("gives every step model, app, kind, title, language, setup, content, quant and file", () => {
    for (const [model, app] of [
      [GGUF_CHAT, "llama.cpp"],
      [GGUF_VISION, "lmstudio"],
      [MLX, "mlx-lm"],
      [TRANSFORMERS_CHAT, "vllm"],
      [DIFFUSERS, "drawthings"],
      [GGUF_CHAT, "pi"],
    ] as const) {
      for (const step of generateAppSnippets(model, app).snippets) {
        expect(Object.keys(step).sort()).toEqual(["app", "content", "file", "kind", "language", "model", "quant", "setup", "title"]);
        expect(["sh", "json", "url"]).toContain(step.language);
        expect(step.model).toBe(model.id);
      }
    }
    expect(generateAppSnippets(GGUF_CHAT, "pi").snippets.map((step) => step.language)).toEqual(["sh", "sh", "sh", "json", "sh"]);
  });

  it("tells vLLM on GGUF to use the base model's tokenizer, and MLX LM's follow-up to go to port 8080", () => {
    const vllm = generateAppSnippets(GGUF_CHAT, "vllm")
      .snippets.map((step) => step.content)
      .join("\n");
    expect(vllm).toContain("--tokenizer meta-llama/Llama-3.1-70B-Instruct");
    const mlx = generateAppSnippets(MLX, "mlx-lm")
      .snippets.map((step) => step.content)
      .join("\n");
    expect(mlx).toContain("mlx_lm.server --model mlx-community/Llama-3.2-3B-Instruct-4bit --port 8080");
    expect(mlx).toContain("http://localhost:8080/v1/chat/completions");
  });

  it("never prints a placeholder", () => {
    for (const app of offered(GGUF_CHAT)) {
      for (const step of generateAppSnippets(GGUF_CHAT, app).snippets) expect(step.content).not.toMatch(/\{\{|QUANT_TAG/);
    }
  });
});

describe("labels with a size suffix hubref has no type for", () => {
  const model: ModelData = {
    id: "bartowski/Llama-3.2-3B-Instruct-GGUF",
    tags: ["gguf"],
    siblings: ["Q8_0", "Q6_K_L", "Q6_K", "Q4_K_M"].map((label, index) => ({ rfilename: `Llama-3.2-3B-Instruct-${label}.gguf`, size: (4 - index) * 1e9 })),
  };

  it("lists Q6_K_L beside Q6_K, runs it by its label, and never takes it for a misspelt type", () => {
    expect(thrown(() => generateAppSnippets(model, "ollama", { quant: "Q4KM" })).hint).toBe("did you mean 'Q4_K_M'?");
    expect(first(generateAppSnippets(model, "ollama", { quant: "q6_k_l" })).content).toBe("ollama pull hf.co/bartowski/Llama-3.2-3B-Instruct-GGUF:Q6_K_L");
    expect(thrown(() => generateAppSnippets(model, "ollama", { quant: "Q2_K" })).hint).toBe("nearest available: Q4_K_M; available: Q8_0, Q6_K_L, Q6_K, Q4_K_M");
  });
});

/** A GGUF repository holding one file per label, 1 GB each. */
function repoOf(id: string, labels: string[], extra: string[] = []): ModelData {
  const names = [...labels.map((label) => `model-${label}.gguf`), ...extra];
  return { id, tags: ["gguf"], siblings: names.map((rfilename) => ({ rfilename, size: 1e9 })) };
}

describe("the default quant when Q4_K_M is missing", () => {
  const pick = (labels: string[]) => {
    const result = generateAppSnippets(repoOf("acme/m-GGUF", labels), "llama.cpp");
    return { quant: first(result).quant, notes: noteLines(result.notes) };
  };

  it("prefers types of like quality in order: Q4_K_S, IQ4_XS, Q4_0, UD-Q4_K_XL, then Q5_K_M", () => {
    expect(pick(["Q8_0", "Q4_K_S", "IQ4_XS", "Q4_0", "IQ2_M"]).quant).toBe("Q4_K_S");
    expect(pick(["Q8_0", "IQ4_XS", "Q4_0", "Q3_K_M"]).quant).toBe("IQ4_XS");
    expect(pick(["Q8_0", "Q4_0", "UD-Q4_K_XL", "Q3_K_M"]).quant).toBe("Q4_0");
    expect(pick(["Q8_0", "UD-Q4_K_XL", "Q5_K_M", "UD-IQ2_M", "UD-IQ1_S"]).quant).toBe("UD-Q4_K_XL");
    expect(pick(["Q8_0", "Q5_K_M", "Q3_K_M", "Q2_K"]).quant).toBe("Q5_K_M");
  });

  it("never steps down to a 2- or 1-bit type while anything of 3 bits or more is there", () => {
    expect(pick(["Q8_0", "IQ2_XXS", "IQ1_M"]).quant).toBe("Q8_0");
    expect(pick(["Q4_K_L", "IQ2_M"]).quant).toBe("Q4_K_L");
    expect(pick(["IQ2_M", "IQ1_M"]).quant).toBe("IQ2_M");
  });

  it("says plainly that there is no Q4_K_M file", () => {
    expect(pick(["Q8_0", "Q4_K_S"]).notes).toEqual(["acme/m-GGUF has no Q4_K_M file: using Q4_K_S"]);
  });
});

describe("projector files", () => {
  const model = repoOf("acme/vision-GGUF", ["Q8_0"], ["gemma-3-4b-it-mmproj-f16.gguf", "gemma-3-4b-it-mmproj-Q4_K_M.gguf"]);

  it("are never a quant, the default or a --fits choice, wherever mmproj is in the name", () => {
    const listed = generateAppSnippets(model, "llama.cpp");
    expect(first(listed).quant).toBe("Q8_0");
    expect(thrown(() => generateAppSnippets(model, "llama.cpp", { quant: "Q4_K_M" })).message).toBe("acme/vision-GGUF has no Q4_K_M file");
    expect(thrown(() => generateAppSnippets(model, "llama.cpp", { file: "gemma-3-4b-it-mmproj-f16.gguf" })).message).toContain("is a projector (mmproj) file");
  });
});

describe("quant suggestions", () => {
  const model = repoOf("acme/m-GGUF", ["Q8_0", "Q5_K_M", "Q4_K_M", "Q4_K_L"]);

  it("read Q5_K_L as a label the repository lacks, with the nearest it has", () => {
    const error = thrown(() => generateAppSnippets(model, "llama.cpp", { quant: "Q5_K_L" }));
    expect(error.message).toBe("acme/m-GGUF has no Q5_K_L file");
    expect(error.hint).toBe("nearest available: Q5_K_M; available: Q8_0, Q5_K_M, Q4_K_L, Q4_K_M");
    expect(first(generateAppSnippets(model, "llama.cpp", { quant: "q4_k_l" })).file).toBe("model-Q4_K_L.gguf");
  });

  it("name only quants the repository has", () => {
    expect(thrown(() => generateAppSnippets(model, "llama.cpp", { quant: "Q5KXL" })).hint).toBe("did you mean 'Q5_K_M'?");
    expect(thrown(() => generateAppSnippets(model, "llama.cpp", { quant: "zzz" })).hint).toBe("available: Q8_0, Q5_K_M, Q4_K_L, Q4_K_M");
  });
});
