import { pyString, pyValue } from "../../format/python.js";
import type { CacheType } from "../../memory/rules.js";
import type { RunSettings } from "../../memory/run-settings.js";
import type { ModelData } from "../../model/schema.js";
import { hasTag, python, repoFiles, sh, widgetText, type GgufLoad, type LibrarySnippetGenerator } from "../generator.js";

/*
 * Llama.from_pretrained takes a file name or a glob over the repository's
 * files. The command chooses the file as `--app` does (src/libraries/gguf-choice.ts);
 * called without that choice, the generator names the Q4_K_M file, else the first.
 */
function defaultLoad(model: ModelData): GgufLoad {
  const weights = repoFiles(model).filter((name) => name.toLowerCase().endsWith(".gguf") && !/mmproj/i.test(name));
  const preferred = weights.find((name) => /q4_k_m/i.test(name)) ?? weights[0];
  return { filename: preferred ?? (model.gguf ? "*Q4_K_M.gguf" : "*.gguf"), additionalFiles: [] };
}

/*
 * Llama()'s arguments (llama_cpp/llama.py in abetlen/llama-cpp-python, checked
 * in 0.3.35; from_pretrained passes them on): n_ctx, n_gpu_layers (-1 for
 * every layer; else a count as llama.cpp's -ngl counts layers, the output
 * one of them), flash_attn (a bool), type_k / type_v (ggml type ids, the
 * module's GGML_TYPE_* constants). What it cannot take, src/libraries/gguf-choice.ts says in a note.
 */
const GGML_TYPES = { f16: "GGML_TYPE_F16", q8_0: "GGML_TYPE_Q8_0", q4_0: "GGML_TYPE_Q4_0" } as const satisfies Record<CacheType, string>;

/** The keyword arguments that carry the run's settings, each on its own line; an absent setting adds none. */
function runArguments(run: RunSettings): string[] {
  const args: string[] = [];
  if (run.contextSize !== undefined) args.push(`n_ctx=${run.contextSize},`);
  if (run.gpuLayers !== undefined) args.push(`n_gpu_layers=${run.gpuLayers === "all" ? -1 : run.gpuLayers},`);
  if (run.flashAttention === "on" || run.flashAttention === "off") args.push(`flash_attn=${run.flashAttention === "on" ? "True" : "False"},`);
  if (run.cacheTypeK !== undefined) args.push(`type_k=llama_cpp.${GGML_TYPES[run.cacheTypeK]},`);
  if (run.cacheTypeV !== undefined) args.push(`type_v=llama_cpp.${GGML_TYPES[run.cacheTypeV]},`);
  return args;
}

export const llamaCppPython: LibrarySnippetGenerator = (model, request = {}) => {
  const { filename, additionalFiles } = request.gguf ?? defaultLoad(model);
  // A split file: the other shards are downloaded beside the first, where llama.cpp looks for them.
  const shards = additionalFiles.length > 0 ? `\n    additional_files=${pyValue(additionalFiles, 4, 4)},` : "";
  const settings = runArguments(request.run ?? {});
  const imports = settings.some((arg) => arg.includes("llama_cpp.")) ? "import llama_cpp\nfrom llama_cpp import Llama" : "from llama_cpp import Llama";
  const extra = settings.map((arg) => `\n    ${arg}`).join("");
  const load = `${imports}

llm = Llama.from_pretrained(
    repo_id=${pyString(model.id)},
    filename=${pyString(filename)},${shards}${extra}
)`;
  const chat = hasTag(model, "conversational") || Boolean(model.gguf?.chat_template);
  const run = chat
    ? `output = llm.create_chat_completion(
    messages=[{"role": "user", "content": ${pyString(widgetText(model) ?? "What is the capital of France?")}}],
)
print(output["choices"][0]["message"]["content"])`
    : `output = llm(${pyString(widgetText(model) ?? "Once upon a time,")}, max_tokens=64)
print(output["choices"][0]["text"])`;
  return [sh("pip install -U llama-cpp-python huggingface-hub"), python(`${load}\n\n${run}`)];
};
