import type { ModelData } from "../../model/schema.js";
import { jsString } from "../../format/js.js";
import { exampleInput } from "../../tasks/example-input.js";
import { Placeholder } from "../placeholders.js";
import { fallback, js, sh, type LibrarySnippetGenerator } from "../generator.js";

/*
 * The tasks Transformers.js has a pipeline for, by hub pipeline tag. Sentence
 * similarity models are used through feature extraction (embeddings).
 */
const TASKS: Record<string, string> = {
  "text-classification": "text-classification",
  "token-classification": "token-classification",
  "question-answering": "question-answering",
  "fill-mask": "fill-mask",
  "summarization": "summarization",
  "translation": "translation",
  "text2text-generation": "text2text-generation",
  "text-generation": "text-generation",
  "zero-shot-classification": "zero-shot-classification",
  "audio-classification": "audio-classification",
  "zero-shot-audio-classification": "zero-shot-audio-classification",
  "automatic-speech-recognition": "automatic-speech-recognition",
  "text-to-speech": "text-to-speech",
  "text-to-audio": "text-to-audio",
  "image-to-text": "image-to-text",
  "image-classification": "image-classification",
  "image-segmentation": "image-segmentation",
  "zero-shot-image-classification": "zero-shot-image-classification",
  "object-detection": "object-detection",
  "zero-shot-object-detection": "zero-shot-object-detection",
  "document-question-answering": "document-question-answering",
  "image-to-image": "image-to-image",
  "depth-estimation": "depth-estimation",
  "feature-extraction": "feature-extraction",
  "image-feature-extraction": "image-feature-extraction",
  "sentence-similarity": "feature-extraction",
};

function exampleCall(model: ModelData): string {
  const input = exampleInput(model);
  if (input?.kind === "text") return `const output = await pipe(${jsString(input.text)});`;
  if (input?.kind === "file") {
    // Audio files are decoded with the browser's AudioContext, which Node.js lacks.
    const where = input.media === "audio" ? "// The URL of an audio file (in Node.js, pass the decoded samples as a Float32Array)" : "// A local path or a URL";
    return `${where}\nconst output = await pipe(${jsString(input.filename)});`;
  }
  return "// Call pipe(...) with the input of the task";
}

/** A Transformers.js pipeline for the model's task; unknown tasks get a placeholder, never the raw tag. */
export const transformersJs: LibrarySnippetGenerator = (model) => {
  const install = sh("npm i @huggingface/transformers");
  const tag = model.pipeline_tag;
  const task = tag !== undefined && Object.hasOwn(TASKS, tag) ? TASKS[tag] : undefined;
  if (task === undefined)
    return [
      install,
      fallback(
        "js",
        Placeholder.unknownPipelineTag,
        "Transformers.js has no pipeline for its task: see the model card, or load it with AutoModel.from_pretrained.",
      ),
    ];
  return [
    install,
    js(`import { pipeline } from "@huggingface/transformers";

const pipe = await pipeline(${jsString(task)}, ${jsString(model.id)});
${exampleCall(model)}`),
  ];
};
