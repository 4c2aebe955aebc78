import type { PickerInput, PickerToggles, SnippetEntry } from "../../../src/ui/types.js";

/**
 * A deliberately sparse set of snippets: not every client exists for every
 * provider, so the pickers have to leave out combinations.
 *   python: huggingface_hub (together, fireworks-ai), requests (together only)
 *   js:     fetch (fireworks-ai only)
 *   sh:     curl (together, fireworks-ai)
 *   python: transformers library snippet, twice (pipeline, then model classes)
 *   text:   transformers library install note
 * With streaming on only the huggingface_hub snippets remain; streaming and
 * direct together have no snippet at all.
 */
export function sparseSnippets(toggles: PickerToggles): SnippetEntry[] {
  const tag = `${toggles.stream ? "stream" : "once"} ${toggles.direct ? "direct" : "routed"}`;
  const inference = (language: string, client: string, provider: string, lines: string[]): SnippetEntry => ({
    source: "inference",
    language,
    client,
    provider,
    content: [...lines, `# ${client} ${provider} ${tag}`].join("\n"),
  });
  const hub = ["together", "fireworks-ai"].map((provider) =>
    inference("python", "huggingface_hub", provider, ["from huggingface_hub import InferenceClient", `client = InferenceClient(provider="${provider}")`]),
  );
  if (toggles.stream && toggles.direct) return [];
  if (toggles.stream) return hub;
  return [
    ...hub,
    inference("python", "requests", "together", ["import requests", 'response = requests.post("https://router.example/v1", json={})']),
    {
      ...inference("js", "fetch", "fireworks-ai", ['const response = await fetch("https://router.example/v1");']),
      content: `const response = await fetch("https://router.example/v1");\n// fetch fireworks-ai ${tag}`,
    },
    ...["together", "fireworks-ai"].map((provider) => ({
      ...inference("sh", "curl", provider, []),
      content: `curl https://router.example/v1 \\\n    -H "X-Provider: ${provider}"\n# curl ${provider} ${tag}`,
    })),
    {
      source: "library",
      language: "python",
      client: "transformers",
      provider: "",
      content: 'from transformers import pipeline\npipe = pipeline("text-generation")',
    },
    {
      source: "library",
      language: "python",
      client: "transformers",
      provider: "",
      content: "from transformers import AutoModel\nmodel = AutoModel.from_pretrained('m')",
    },
    { source: "library", language: "text", client: "transformers", provider: "", content: "pip install transformers" },
  ];
}

export function sparseInput(overrides: Partial<PickerInput> = {}): PickerInput {
  return {
    model: { id: "org/model", pipelineTag: "text-generation", libraryName: "transformers" },
    loadSnippets: sparseSnippets,
    canStream: true,
    initialProvider: "together",
    ...overrides,
  };
}

/** A snippet of `count` numbered lines, for scrolling. */
export function tallSnippets(count: number): () => SnippetEntry[] {
  const content = Array.from({ length: count }, (_, i) => `print(${i + 1})`).join("\n");
  return () => [{ source: "inference", language: "python", client: "requests", provider: "together", content }];
}

/**
 * Local runs: llama.cpp with three quants (Q8_0 split in two, Q4_K_M the
 * default), LM Studio as a deep link with two quants, and vLLM without a file
 * choice. Inference snippets come first, as the command hands them over.
 */
export function localSnippets(toggles: PickerToggles): SnippetEntry[] {
  const quant = (label: string, shards: number, size: number | null, isDefault = false) => ({ label, shards, size, isDefault });
  const llama = (q: ReturnType<typeof quant>): SnippetEntry => ({
    source: "local",
    language: "sh",
    client: "llama.cpp",
    provider: "",
    content: `# start llama.cpp\nllama-server -hf org/model-GGUF:${q.label}\n`,
    local: { appLabel: "llama.cpp", quant: q },
  });
  const studio = (q: ReturnType<typeof quant>): SnippetEntry => {
    const link = `lmstudio://open_from_hf?model=org%2Fmodel-GGUF&file=model-${q.label}.gguf`;
    return { source: "local", language: "url", client: "lmstudio", provider: "", content: `${link}\n`, local: { appLabel: "LM Studio", quant: q, link } };
  };
  return [
    ...sparseSnippets(toggles).filter((entry) => entry.source === "inference"),
    llama(quant("Q8_0", 2, 8.54e9)),
    llama(quant("Q5_K_M", 1, 2.32e9)),
    llama(quant("Q4_K_M", 1, 2.02e9, true)),
    studio(quant("Q5_K_M", 1, 2.32e9)),
    studio(quant("Q4_K_M", 1, null, true)),
    { source: "local", language: "sh", client: "vllm", provider: "", content: "vllm serve org/model\n", local: { appLabel: "vLLM" } },
  ];
}

export function localInput(overrides: Partial<PickerInput> = {}): PickerInput {
  return sparseInput({ loadSnippets: localSnippets, ...overrides });
}
