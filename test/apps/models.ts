import type { ModelData } from "../../src/model/schema.js";

/*
 * Realistic repositories for the local-app tests, shaped as the hub's model
 * API answers (with `siblings`), sizes as the tree endpoint gives them.
 */

const GB = 1e9;

/** The part of a chat template that matters to the agent apps: it renders tool definitions. */
export const TOOL_TEMPLATE = "{%- if tools is not none %}{{- tools | tojson }}{%- endif %}{%- for message in messages %}{{ message.content }}{%- endfor %}";

function files(entries: [string, number?][]): { rfilename: string; size?: number }[] {
  return entries.map(([rfilename, size]) => (size === undefined ? { rfilename } : { rfilename, size }));
}

/** A GGUF chat repository with many quants, split files and names that do not parse to one type. */
export const GGUF_CHAT: ModelData = {
  id: "bartowski/Meta-Llama-3.1-70B-Instruct-GGUF",
  pipeline_tag: "text-generation",
  tags: ["gguf", "text-generation", "llama", "conversational", "base_model:meta-llama/Llama-3.1-70B-Instruct"],
  library_name: "gguf",
  cardData: { base_model: "meta-llama/Llama-3.1-70B-Instruct", license: "llama3.1" },
  gguf: { total: 70_553_706_560, architecture: "llama", context_length: 131072, chat_template: TOOL_TEMPLATE },
  siblings: files([
    [".gitattributes", 3000],
    ["README.md", 9000],
    ["Meta-Llama-3.1-70B-Instruct-Q8_0/Meta-Llama-3.1-70B-Instruct-Q8_0-00001-of-00002.gguf", 39.8 * GB],
    ["Meta-Llama-3.1-70B-Instruct-Q8_0/Meta-Llama-3.1-70B-Instruct-Q8_0-00002-of-00002.gguf", 35.2 * GB],
    ["Meta-Llama-3.1-70B-Instruct-Q6_K-00001-of-00002.gguf", 39.9 * GB],
    ["Meta-Llama-3.1-70B-Instruct-Q6_K-00002-of-00002.gguf", 18 * GB],
    ["Meta-Llama-3.1-70B-Instruct-Q5_K_M.gguf", 49.95 * GB],
    ["Meta-Llama-3.1-70B-Instruct-Q4_K_L.gguf", 43.3 * GB],
    ["Meta-Llama-3.1-70B-Instruct-Q4_K_M.gguf", 42.52 * GB],
    ["Meta-Llama-3.1-70B-Instruct-Q4_0.gguf", 40.12 * GB],
    ["Meta-Llama-3.1-70B-Instruct-Q4_0_4_4.gguf", 39.97 * GB],
    ["Meta-Llama-3.1-70B-Instruct-IQ4_XS.gguf", 37.9 * GB],
    ["Meta-Llama-3.1-70B-Instruct-Q3_K_M.gguf", 34.27 * GB],
    ["Meta-Llama-3.1-70B-Instruct-IQ2_M.gguf", 24.12 * GB],
    ["Meta-Llama-3.1-70B-Instruct-IQ1_M.gguf", 16.75 * GB],
    ["Meta-Llama-3.1-70B-Instruct-imatrix.gguf", 0.02 * GB],
  ]),
};

/** The same repository without the Q4_K_M file: the default falls to the nearest. */
export const GGUF_CHAT_NO_Q4KM: ModelData = {
  ...GGUF_CHAT,
  id: "someone/Llama-70B-GGUF",
  siblings: GGUF_CHAT.siblings!.filter((sibling) => !sibling.rfilename.includes("Q4_K_M")),
};

/** A GGUF vision repository with projector files. */
export const GGUF_VISION: ModelData = {
  id: "ggml-org/gemma-3-4b-it-GGUF",
  pipeline_tag: "image-text-to-text",
  tags: ["gguf", "image-text-to-text", "conversational"],
  cardData: { base_model: "google/gemma-3-4b-it" },
  gguf: { total: 3_880_263_168, architecture: "gemma3" },
  siblings: files([
    ["README.md", 2000],
    ["gemma-3-4b-it-Q4_K_M.gguf", 2.49 * GB],
    ["gemma-3-4b-it-Q8_0.gguf", 4.13 * GB],
    ["gemma-3-4b-it-f16.gguf", 7.77 * GB],
    ["mmproj-model-f16.gguf", 0.85 * GB],
  ]),
};

/** An MLX repository. */
export const MLX: ModelData = {
  id: "mlx-community/Llama-3.2-3B-Instruct-4bit",
  pipeline_tag: "text-generation",
  tags: ["mlx", "safetensors", "llama", "text-generation", "conversational"],
  library_name: "mlx",
  config: { tokenizer_config: { chat_template: TOOL_TEMPLATE } },
  siblings: files([["config.json"], ["model.safetensors"], ["tokenizer.json"], ["tokenizer_config.json"]]),
};

/** A transformers chat repository. */
export const TRANSFORMERS_CHAT: ModelData = {
  id: "meta-llama/Llama-3.1-8B-Instruct",
  pipeline_tag: "text-generation",
  tags: ["transformers", "safetensors", "llama", "text-generation", "conversational", "text-generation-inference"],
  library_name: "transformers",
  siblings: files([
    ["config.json"],
    ["model-00001-of-00004.safetensors"],
    ["model-00002-of-00004.safetensors"],
    ["model-00003-of-00004.safetensors"],
    ["model-00004-of-00004.safetensors"],
    ["tokenizer.json"],
  ]),
};

/** A repository tagged transformers that holds only GGUF files: servers of transformers weights cannot load it. */
export const GGUF_TAGGED_TRANSFORMERS: ModelData = {
  id: "someone/Qwen2.5-7B-Instruct-GGUF",
  pipeline_tag: "text-generation",
  tags: ["transformers", "gguf", "text-generation"],
  library_name: "transformers",
  siblings: files([
    ["qwen2.5-7b-instruct-q4_k_m.gguf", 4.68 * GB],
    ["qwen2.5-7b-instruct-q8_0.gguf", 8.1 * GB],
  ]),
};

/** A diffusers text-to-image repository. */
export const DIFFUSERS: ModelData = {
  id: "stabilityai/stable-diffusion-xl-base-1.0",
  pipeline_tag: "text-to-image",
  tags: ["diffusers", "safetensors", "text-to-image", "stable-diffusion-xl"],
  library_name: "diffusers",
  siblings: files([["model_index.json"], ["unet/diffusion_pytorch_model.safetensors"], ["vae/diffusion_pytorch_model.safetensors"]]),
};

/** A model no local app runs. */
export const NON_LLM: ModelData = {
  id: "google-bert/bert-base-uncased",
  pipeline_tag: "fill-mask",
  tags: ["transformers", "pytorch", "safetensors", "bert", "fill-mask"],
  library_name: "transformers",
  siblings: files([["config.json"], ["model.safetensors"], ["vocab.txt"]]),
};

/** Hostile names: each would run something if spliced into a command unquoted. */
export const HOSTILE_NAMES = [
  "it's-Q4_K_M.gguf",
  "$(touch pwned)-Q4_K_M.gguf",
  "`touch pwned`-Q4_K_M.gguf",
  "a;touch pwned-Q4_K_M.gguf",
  "line\ntouch pwned-Q4_K_M.gguf",
  "a&touch pwned-Q4_K_M.gguf",
  "a #not-a-comment-Q4_K_M.gguf",
  'say "hi"-Q4_K_M.gguf',
];

export function hostileRepo(file: string, id = "evil/repo"): ModelData {
  return {
    id,
    pipeline_tag: "text-generation",
    tags: ["gguf", "conversational"],
    cardData: { base_model: "meta-llama/Llama-3.1-8B-Instruct" },
    gguf: { chat_template: TOOL_TEMPLATE },
    siblings: files([
      [file, 4 * GB],
      ["other-Q8_0.gguf", 8 * GB],
    ]),
  };
}
