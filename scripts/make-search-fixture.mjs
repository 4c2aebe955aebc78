// Writes test/fixtures/search/models.json: the stand-in hub's model list for
// `hubref models` tests and the benchmark. Deterministic (a seeded generator),
// so running it again gives the same file. Each record is a whole model as the
// stand-in keeps it; the stand-in answers with `id`, `_id` and only the fields
// a request names in expand[], as the hub does.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const out = fileURLToPath(new URL("../test/fixtures/search/models.json", import.meta.url));

// mulberry32: a small seeded generator, enough for varied but repeatable data.
let seed = 20261124;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];

// [org, family, task, library, parameter sizes in billions, providers that may serve it]
const FAMILIES = [
  [
    "meta-llama",
    "Llama-3.1-{s}B-Instruct",
    "text-generation",
    "transformers",
    [8, 70, 405],
    ["novita", "together", "cerebras", "groq", "fireworks-ai", "hf-inference", "nscale"],
  ],
  ["meta-llama", "Llama-3.2-{s}B-Instruct", "text-generation", "transformers", [1, 3], ["novita", "together", "hf-inference"]],
  [
    "Qwen",
    "Qwen2.5-{s}B-Instruct",
    "text-generation",
    "transformers",
    [0.5, 1.5, 3, 7, 14, 32, 72],
    ["together", "novita", "featherless-ai", "hf-inference", "nscale"],
  ],
  ["Qwen", "Qwen3-{s}B", "text-generation", "transformers", [0.6, 1.7, 4, 8, 14, 32], ["novita", "nscale", "featherless-ai", "cerebras"]],
  ["Qwen", "Qwen2.5-VL-{s}B-Instruct", "image-text-to-text", "transformers", [3, 7, 32, 72], ["novita", "nscale", "hyperbolic"]],
  ["mistralai", "Mistral-{s}B-Instruct-v0.3", "text-generation", "transformers", [7], ["together", "novita", "featherless-ai"]],
  ["mistralai", "Mistral-Small-{s}B-Instruct-2501", "text-generation", "transformers", [24], ["together", "nscale"]],
  ["google", "gemma-3-{s}b-it", "image-text-to-text", "transformers", [1, 4, 12, 27], ["nscale", "featherless-ai"]],
  ["google", "gemma-2-{s}b-it", "text-generation", "transformers", [2, 9, 27], ["novita", "together"]],
  ["microsoft", "Phi-3.5-mini-instruct-{s}B", "text-generation", "transformers", [3.8], ["novita"]],
  ["deepseek-ai", "DeepSeek-R1-Distill-Qwen-{s}B", "text-generation", "transformers", [1.5, 7, 14, 32], ["novita", "together", "nscale", "featherless-ai"]],
  ["bartowski", "Llama-3.2-{s}B-Instruct-GGUF", "text-generation", "gguf", [1, 3], []],
  ["bartowski", "Qwen2.5-{s}B-Instruct-GGUF", "text-generation", "gguf", [7, 14, 32], []],
  ["unsloth", "gemma-3-{s}b-it-GGUF", "image-text-to-text", "gguf", [4, 12, 27], []],
  ["ggml-org", "gemma-3-{s}b-it-GGUF", "image-text-to-text", "gguf", [1, 4], []],
  ["TheBloke", "Mistral-{s}B-Instruct-v0.2-GGUF", "text-generation", "gguf", [7], []],
  ["mlx-community", "Llama-3.2-{s}B-Instruct-4bit", "text-generation", "mlx", [1, 3], []],
  ["mlx-community", "Qwen2.5-{s}B-Instruct-4bit", "text-generation", "mlx", [7, 14], []],
  ["black-forest-labs", "FLUX.1-dev", "text-to-image", "diffusers", [12], ["fal-ai", "replicate", "together", "nscale", "hf-inference", "wavespeed"]],
  ["black-forest-labs", "FLUX.1-schnell", "text-to-image", "diffusers", [12], ["fal-ai", "replicate", "together", "hf-inference"]],
  ["stabilityai", "stable-diffusion-xl-base-1.0", "text-to-image", "diffusers", [3.5], ["fal-ai", "replicate", "hf-inference", "nscale"]],
  ["stabilityai", "stable-diffusion-3.5-large", "text-to-image", "diffusers", [8], ["fal-ai", "replicate"]],
  ["ByteDance", "SDXL-Lightning", "text-to-image", "diffusers", [3.5], ["fal-ai"]],
  ["Wan-AI", "Wan2.1-T2V-{s}B", "text-to-video", "diffusers", [1.3, 14], ["fal-ai", "replicate", "novita"]],
  ["Lightricks", "LTX-Video", "text-to-video", "diffusers", [2], ["fal-ai"]],
  ["openai", "whisper-large-v3", "automatic-speech-recognition", "transformers", [1.5], ["hf-inference", "fal-ai"]],
  ["openai", "whisper-large-v3-turbo", "automatic-speech-recognition", "transformers", [0.8], ["hf-inference", "fal-ai"]],
  ["distil-whisper", "distil-large-v3", "automatic-speech-recognition", "transformers", [0.75], []],
  ["hexgrad", "Kokoro-82M", "text-to-speech", "kokoro", [0.082], ["fal-ai", "replicate"]],
  ["sentence-transformers", "all-MiniLM-L6-v2", "sentence-similarity", "sentence-transformers", [0.022], ["hf-inference"]],
  ["sentence-transformers", "all-mpnet-base-v2", "sentence-similarity", "sentence-transformers", [0.11], ["hf-inference"]],
  ["BAAI", "bge-m3", "sentence-similarity", "sentence-transformers", [0.57], ["hf-inference", "nscale"]],
  ["intfloat", "multilingual-e5-large", "feature-extraction", "sentence-transformers", [0.56], ["hf-inference"]],
  ["google-bert", "bert-base-uncased", "fill-mask", "transformers", [0.11], ["hf-inference"]],
  ["FacebookAI", "roberta-base", "fill-mask", "transformers", [0.125], ["hf-inference"]],
  ["distilbert", "distilbert-base-uncased-finetuned-sst-2-english", "text-classification", "transformers", [0.067], ["hf-inference"]],
  ["cardiffnlp", "twitter-roberta-base-sentiment-latest", "text-classification", "transformers", [0.125], ["hf-inference"]],
  ["dslim", "bert-base-NER", "token-classification", "transformers", [0.11], ["hf-inference"]],
  ["facebook", "bart-large-cnn", "summarization", "transformers", [0.4], ["hf-inference"]],
  ["facebook", "detr-resnet-50", "object-detection", "transformers", [0.041], ["hf-inference"]],
  ["google", "vit-base-patch16-224", "image-classification", "transformers", [0.086], ["hf-inference"]],
  ["Ultralytics", "YOLOv8", "object-detection", "ultralytics", [0.003], []],
  ["timm", "resnet50.a1_in1k", "image-classification", "timm", [0.025], []],
  ["pyannote", "speaker-diarization-3.1", "automatic-speech-recognition", "pyannote-audio", [0.006], []],
  ["speechbrain", "spkrec-ecapa-voxceleb", "audio-classification", "speechbrain", [0.02], []],
  ["ostris", "watercolor_style_lora_sdxl", "text-to-image", "diffusers", [0.1], []],
];

const FINE_TUNERS = [
  "NousResearch",
  "teknium",
  "cognitivecomputations",
  "allenai",
  "HuggingFaceH4",
  "nvidia",
  "ibm-granite",
  "lmstudio-community",
  "second-state",
  "QuantFactory",
];
const GATED = new Set(["meta-llama", "google", "mistralai", "black-forest-labs", "stabilityai", "pyannote"]);
const LICENSES = ["apache-2.0", "mit", "llama3.1", "other", "gemma", "cc-by-nc-4.0"];

function size(s) {
  return s >= 1 ? String(s) : String(s);
}

function mapping(providers, id, task, form) {
  const chosen = providers.filter(() => random() < 0.6);
  const entries = chosen.map((provider) => {
    const status = random() < 0.85 ? "live" : "staging";
    const providerTask = task === "text-generation" || task === "image-text-to-text" ? "conversational" : task;
    return { provider, providerId: `${provider === "fal-ai" ? "fal-ai/" : ""}${id.toLowerCase()}`, status, task: providerTask };
  });
  if (form === "list") return entries;
  return Object.fromEntries(entries.map(({ provider, ...rest }) => [provider, rest]));
}

const records = [];
const start = Date.parse("2022-03-01T00:00:00.000Z");
const end = Date.parse("2026-11-20T00:00:00.000Z");
let counter = 0;
function add(org, name, task, library, billions, providers) {
  const id = `${org}/${name}`;
  if (records.some((record) => record.id === id)) return;
  const downloads = Math.floor(10 ** (1 + random() * 6.5));
  const likes = Math.floor(downloads ** 0.55 * random());
  const tags = [library, task, "safetensors", `license:${pick(LICENSES)}`, "region:us"];
  if (library === "gguf") tags.splice(2, 1, "gguf");
  if (library === "mlx") tags.push("4-bit");
  if (task === "text-generation" || task === "image-text-to-text") tags.push("conversational");
  const apps =
    library === "gguf"
      ? ["llama.cpp", "ollama", "lmstudio", "jan", "vllm"]
      : library === "mlx"
        ? ["mlx-lm", "lmstudio"]
        : task === "text-generation"
          ? ["vllm", "sglang"]
          : [];
  counter++;
  records.push({
    _id: (0x6500000000000000000000n + BigInt(counter * 7919)).toString(16).padStart(24, "0"),
    id,
    author: org,
    pipeline_tag: task,
    library_name: library,
    tags,
    downloads,
    likes,
    trendingScore: Math.floor(likes * random() * 0.3),
    createdAt: new Date(start + random() * (end - start)).toISOString(),
    lastModified: new Date(end - random() * 200 * 86_400_000).toISOString(),
    gated: GATED.has(org) && library !== "gguf" ? pick(["auto", "manual", false]) : false,
    private: false,
    numParameters: Math.round(billions * 1e9),
    apps,
    inferenceProviderMapping: mapping(providers, id, task, counter % 5 === 0 ? "list" : "object"),
  });
}

for (const [org, family, task, library, sizes, providers] of FAMILIES) {
  for (const s of sizes) add(org, family.replace("{s}", size(s)), task, library, s, providers);
}
// Fine-tunes and re-quantisations of the families: most of the hub looks like this.
while (records.length < 240) {
  const [, family, task, library, sizes] = pick(FAMILIES);
  const s = pick(sizes);
  const base = family.replace("{s}", size(s)).replace(/-GGUF$/, "");
  const suffix = pick(["-abliterated", "-finetuned", "-v2", "-dpo", "-sft", "-merged", "-GGUF", "-AWQ", "-GPTQ-Int4", "-4bit"]);
  const lib = suffix === "-GGUF" ? "gguf" : suffix === "-4bit" ? "mlx" : library;
  add(pick(FINE_TUNERS), `${base}${suffix}`, task, lib, s, []);
}

writeFileSync(out, `${JSON.stringify(records, null, 1)}\n`);
console.log(`${out}: ${records.length} models`);
