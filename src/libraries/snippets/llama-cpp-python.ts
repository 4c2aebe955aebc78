import { pyString } from "../../format/python.js";
import type { ModelData } from "../../model/schema.js";
import { hasTag, python, repoFiles, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/*
 * Llama.from_pretrained takes a file name or a glob over the repository's
 * files. With the file list at hand, the snippet names one file (a 4-bit
 * K-quant when there is one, the usual trade-off); without it, a glob.
 */
function ggufFile(model: ModelData): string {
  const weights = repoFiles(model).filter((name) => name.toLowerCase().endsWith(".gguf") && !/mmproj/i.test(name));
  const preferred = weights.find((name) => /q4_k_m/i.test(name)) ?? weights[0];
  if (preferred) return preferred;
  return model.gguf ? "*Q4_K_M.gguf" : "*.gguf";
}

export const llamaCppPython: LibrarySnippetGenerator = (model) => {
  const load = `from llama_cpp import Llama

llm = Llama.from_pretrained(
    repo_id=${pyString(model.id)},
    filename=${pyString(ggufFile(model))},
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
