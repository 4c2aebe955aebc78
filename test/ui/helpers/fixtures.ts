import type { Client, Language, ProviderChoice } from "../../../src/inference/ids.js";
import type { LocalBlock } from "../../../src/blocks/code-block.js";
import type { Menu, MenuToggles, CodeBlock } from "../../../src/ui/types.js";

const MODEL = "org/model";

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
export function sparseSnippets(toggles: MenuToggles): CodeBlock[] {
  const tag = `${toggles.stream ? "stream" : "once"} ${toggles.direct ? "direct" : "routed"}`;
  const inference = (language: Language, client: Client, provider: ProviderChoice, lines: string[]): CodeBlock => ({
    source: "inference",
    model: MODEL,
    language,
    client,
    provider,
    content: [...lines, `# ${client} ${provider} ${tag}`].join("\n"),
  });
  const hub = (["together", "fireworks-ai"] as const).map((provider) =>
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
    ...(["together", "fireworks-ai"] as const).map((provider) => ({
      ...inference("sh", "curl", provider, []),
      content: `curl https://router.example/v1 \\\n    -H "X-Provider: ${provider}"\n# curl ${provider} ${tag}`,
    })),
    {
      source: "library",
      model: MODEL,
      language: "python",
      library: "transformers",
      title: "pipeline",
      content: 'from transformers import pipeline\npipe = pipeline("text-generation")',
    },
    {
      source: "library",
      model: MODEL,
      language: "python",
      library: "transformers",
      title: "direct load",
      content: "from transformers import AutoModel\nmodel = AutoModel.from_pretrained('m')",
    },
    { source: "library", model: MODEL, language: "text", library: "transformers", content: "pip install transformers" },
  ];
}

export function sparseInput(overrides: Partial<Menu> = {}): Menu {
  return {
    model: { id: "org/model", pipelineTag: "text-generation", libraryName: "transformers" },
    loadBlocks: sparseSnippets,
    canStream: true,
    initialProvider: "together",
    presets: {},
    initialToggles: { stream: false, direct: false },
    ...overrides,
  };
}

/** A snippet of `count` numbered lines, for scrolling. */
export function tallSnippets(count: number): () => CodeBlock[] {
  const content = Array.from({ length: count }, (_, i) => `print(${i + 1})`).join("\n");
  return () => [{ source: "inference", model: MODEL, language: "python", client: "requests", provider: "together", content }];
}

/**
 * Local runs: llama.cpp with three quants (Q8_0 split in two, Q4_K_M the
 * default), LM Studio as a deep link with two quants, and vLLM without a file
 * choice. Inference snippets come first, as the command hands them over.
 */
export function localSnippets(toggles: MenuToggles): CodeBlock[] {
  const quant = (label: string, shards: number, size: number | null, isDefault = false) => ({ label, shards, size, isDefault });
  const local = (app: string, appLabel: string, kind: LocalBlock["kind"], quant: LocalBlock["quant"], content: string): LocalBlock => ({
    source: "local",
    model: MODEL,
    app,
    appLabel,
    kind,
    quant,
    steps: [],
    content,
  });
  const llama = (q: ReturnType<typeof quant>): CodeBlock =>
    local("llama.cpp", "llama.cpp", "snippet", q, `# start llama.cpp\nllama-server -hf org/model-GGUF:${q.label}\n`);
  const studio = (q: ReturnType<typeof quant>): CodeBlock => {
    const link = `lmstudio://open_from_hf?model=org%2Fmodel-GGUF&file=model-${q.label}.gguf`;
    return { ...local("lmstudio", "LM Studio", "deeplink", q, `${link}\n`), link };
  };
  return [
    ...sparseSnippets(toggles).filter((entry) => entry.source === "inference"),
    llama(quant("Q8_0", 2, 8.54e9)),
    llama(quant("Q5_K_M", 1, 2.32e9)),
    llama(quant("Q4_K_M", 1, 2.02e9, true)),
    studio(quant("Q5_K_M", 1, 2.32e9)),
    studio(quant("Q4_K_M", 1, null, true)),
    local("vllm", "vLLM", "snippet", null, "vllm serve org/model\n"),
  ];
}

export function localInput(overrides: Partial<Menu> = {}): Menu {
  return sparseInput({ loadBlocks: localSnippets, ...overrides });
}
