import { pyString } from "../../format/python.js";
import { shellQuote } from "../../format/shell.js";
import { hasTag, python, remoteCode, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

export const mlx: LibrarySnippetGenerator = (model) => {
  if (model.pipeline_tag === "text-generation") {
    const customCode = hasTag(model, "custom_code") ? ', tokenizer_config={"trust_remote_code": True}' : "";
    const prompt = pyString(widgetText(model) ?? "Write a story about Einstein");
    const run = hasTag(model, "conversational")
      ? `messages = [{"role": "user", "content": ${prompt}}]
prompt = tokenizer.apply_chat_template(messages, add_generation_prompt=True)
text = generate(model, tokenizer, prompt=prompt)
print(text)`
      : `text = generate(model, tokenizer, prompt=${prompt})
print(text)`;
    return [
      sh("pip install -U mlx-lm"),
      python(`from mlx_lm import load, generate

${customCode ? remoteCode(model).comment : ""}model, tokenizer = load(${pyString(model.id)}${customCode})
${run}`),
    ];
  }
  if (model.pipeline_tag === "image-text-to-text") {
    return [
      sh("pip install -U mlx-vlm"),
      sh(`python -m mlx_vlm.generate \\
    --model ${shellQuote(model.id)} \\
    --max-tokens 100 \\
    --prompt "Describe this image." \\
    --image https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/bee.jpg`),
    ];
  }
  // Other MLX repositories (audio, vision, diffusion) each come with their own runner: fetch the files.
  return [sh("pip install -U huggingface_hub"), sh(`hf download ${shellQuote(model.id)} --local-dir ${shellQuote(model.id.replace("/", "--"))}`)];
};
