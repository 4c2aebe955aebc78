import type { ModelData } from "../../model/schema.js";
import { pyString, pyValue } from "../../format/python.js";
import { exampleInput } from "../../tasks/example-input.js";
import { Placeholder } from "../placeholders.js";
import type { LibrarySnippet } from "../generator.js";
import { fallback, hasRemoteCode, hasTag, isPythonIdentifier, loaded, python, remoteCode, sh, type LibrarySnippetGenerator } from "../generator.js";

const SAMPLE_IMAGE_URL = "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/p-blog/candy.JPG";

/* Pipelines of these tasks open their images with Pillow, which transformers does not install. */
const IMAGE_TASKS = new Set([
  "image-text-to-text",
  "image-classification",
  "image-segmentation",
  "image-to-text",
  "image-to-image",
  "object-detection",
  "depth-estimation",
  "zero-shot-image-classification",
  "zero-shot-object-detection",
  "mask-generation",
  "image-feature-extraction",
  "visual-question-answering",
  "document-question-answering",
  "keypoint-detection",
]);

/** Chat models take a messages list; image-text models get an image in the message as well. */
function chatMessages(model: ModelData): unknown[] {
  if (model.pipeline_tag === "image-text-to-text") {
    return [
      {
        role: "user",
        content: [
          { type: "image", url: SAMPLE_IMAGE_URL },
          { type: "text", text: "What animal is on the candy?" },
        ],
      },
    ];
  }
  return [{ role: "user", content: "Who are you?" }];
}

function isChat(model: ModelData): boolean {
  return hasTag(model, "conversational") && (model.pipeline_tag === "text-generation" || model.pipeline_tag === "image-text-to-text");
}

/** The call that runs the pipeline once, when the task has an input that fits in one argument. */
function pipelineCall(model: ModelData): string | undefined {
  if (isChat(model)) {
    // The image-text pipeline's first parameter is the images: a conversation goes in \`text\`.
    const argument = model.pipeline_tag === "image-text-to-text" ? "text=messages" : "messages";
    return `messages = ${pyValue(chatMessages(model))}\nprint(pipe(${argument}))`;
  }
  const input = exampleInput(model);
  if (input?.kind === "text") return `print(pipe(${pyString(input.text)}))`;
  if (input?.kind === "file") return `print(pipe(${pyString(input.filename)}))`;
  return undefined;
}

function pipelineSnippet(model: ModelData, task: string): string {
  const call = pipelineCall(model);
  return [
    "# Use a pipeline as a high-level helper",
    "from transformers import pipeline",
    "",
    `${remoteCode(model).comment}pipe = pipeline(${pyString(task)}, model=${pyString(model.id)}${remoteCode(model).argument})`,
    call ?? loaded("pipe", "call pipe(inputs) with what the task takes"),
  ].join("\n");
}

/** A tokenizer + causal LM pair of a chat model can generate a reply directly. */
function chatGeneration(model: ModelData, processor: string | undefined, autoModel: string): string | undefined {
  if (!isChat(model) || model.pipeline_tag !== "text-generation" || processor !== "AutoTokenizer" || autoModel !== "AutoModelForCausalLM") {
    return undefined;
  }
  return `messages = ${pyValue(chatMessages(model))}
inputs = tokenizer.apply_chat_template(
    messages,
    add_generation_prompt=True,
    tokenize=True,
    return_dict=True,
    return_tensors="pt",
).to(model.device)

outputs = model.generate(**inputs, max_new_tokens=40)
print(tokenizer.decode(outputs[0][inputs["input_ids"].shape[-1]:]))`;
}

function directSnippet(model: ModelData): LibrarySnippet {
  const info = model.transformersInfo;
  // Class names from the metadata become bare Python names, so anything else is refused.
  if (!info || !isPythonIdentifier(info.auto_model)) {
    return fallback(
      "python",
      Placeholder.typeOfModelUnknown,
      "The metadata names no transformers class for it (transformersInfo): see the architectures in its config.json.",
    );
  }
  const autoModel = info.auto_model;
  const processor = info.processor !== undefined && isPythonIdentifier(info.processor) ? info.processor : undefined;
  const id = pyString(model.id);
  const lines = ["# Load model directly", `from transformers import ${processor ? `${processor}, ` : ""}${autoModel}`, ""];
  if (hasRemoteCode(model)) lines.push(remoteCode(model).comment.trimEnd());
  if (processor) {
    const variable = processor === "AutoTokenizer" ? "tokenizer" : "processor";
    lines.push(`${variable} = ${processor}.from_pretrained(${id}${remoteCode(model).argument})`);
  }
  lines.push(`model = ${autoModel}.from_pretrained(${id}${remoteCode(model).argument})`);
  const generation = chatGeneration(model, processor, autoModel);
  lines.push(...(generation ? ["", generation] : [loaded("model", "call model(**inputs) on what the processor makes of your input")]));
  return python(lines.join("\n"));
}

/**
 * A pipeline for the model's task, then the model and its processor loaded by
 * class. transformers itself brings no framework, and both run on PyTorch
 * (`return_tensors="pt"`), so torch is installed with it.
 */
export const transformers: LibrarySnippetGenerator = (model) => {
  const task = model.pipeline_tag ?? model.transformersInfo?.pipeline_tag;
  const pillow = task !== undefined && IMAGE_TASKS.has(task) ? " pillow" : "";
  const blocks = [sh(`pip install -U transformers torch${pillow}${remoteCode(model).packages}`)];
  if (task) blocks.push({ ...python(pipelineSnippet(model, task)), title: "pipeline" });
  blocks.push({ ...directSnippet(model), title: "direct load" });
  return blocks;
};
