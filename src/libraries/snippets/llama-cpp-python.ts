import { pyString, pyValue } from "../../format/python.js";
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

export const llamaCppPython: LibrarySnippetGenerator = (model, request = {}) => {
  const { filename, additionalFiles } = request.gguf ?? defaultLoad(model);
  // A split file: the other shards are downloaded beside the first, where llama.cpp looks for them.
  const shards = additionalFiles.length > 0 ? `\n    additional_files=${pyValue(additionalFiles, 4, 4)},` : "";
  const load = `from llama_cpp import Llama

llm = Llama.from_pretrained(
    repo_id=${pyString(model.id)},
    filename=${pyString(filename)},${shards}
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
