import type { InferenceTask, ProviderId } from "./ids.js";
import { PROVIDERS } from "./providers/index.js";
import { fileNode, type Tree } from "./payload.js";
import type { TaskInput } from "./inputs.js";
import { fieldsOf, fileOf, imageFieldOf, imagePromptOf, textOf } from "./input-readers.js";

/*
 * The task methods of the hub's client libraries (huggingface_hub for Python,
 * @huggingface/inference for JS), how each takes its input, and what it
 * returns. A task missing here has no basic snippet for that client.
 */

/**
 * What the method returns: something to print, an object whose `text` is printed alone (a transcript), a PIL image (Python), bytes (Python), a Blob (JS), audio tracks
 * with their content type (as bytes in Python, base64 text in JS), or segments' masks as base64 text (JS).
 */
type MethodResult = "print" | "text" | "image" | "bytes" | "blob" | "tracks" | "masks";

export interface ClientMethod {
  name: string;
  result: MethodResult;
  /** File extension when the result is saved. */
  extension?: string;
}

const print = (name: string): ClientMethod => ({ name, result: "print" });

/** Marks a task the client has no method for, so that a task missing from a table is a type error. */
const NONE = undefined;

export const PYTHON_METHODS: Readonly<Record<InferenceTask, ClientMethod | undefined>> = {
  "audio-classification": print("audio_classification"),
  "audio-to-audio": { name: "audio_to_audio", result: "tracks" },
  "automatic-speech-recognition": { name: "automatic_speech_recognition", result: "text" },
  "document-question-answering": print("document_question_answering"),
  "feature-extraction": print("feature_extraction"),
  "fill-mask": print("fill_mask"),
  "image-classification": print("image_classification"),
  "image-segmentation": print("image_segmentation"),
  "image-text-to-image": NONE,
  // Chat only: its snippets are chat completions.
  "image-text-to-text": NONE,
  "image-text-to-video": NONE,
  "image-to-image": { name: "image_to_image", result: "image", extension: "png" },
  "image-to-text": print("image_to_text"),
  "image-to-video": { name: "image_to_video", result: "bytes", extension: "mp4" },
  "object-detection": print("object_detection"),
  "question-answering": print("question_answering"),
  "sentence-similarity": print("sentence_similarity"),
  "summarization": print("summarization"),
  "table-question-answering": print("table_question_answering"),
  "tabular-classification": print("tabular_classification"),
  "tabular-regression": print("tabular_regression"),
  "text-classification": print("text_classification"),
  "text-generation": print("text_generation"),
  "text-to-audio": NONE,
  "text-to-image": { name: "text_to_image", result: "image", extension: "png" },
  "text-to-speech": { name: "text_to_speech", result: "bytes", extension: "flac" },
  "text-to-video": { name: "text_to_video", result: "bytes", extension: "mp4" },
  "token-classification": print("token_classification"),
  "translation": print("translation"),
  "zero-shot-classification": print("zero_shot_classification"),
  "zero-shot-image-classification": print("zero_shot_image_classification"),
};

/** huggingface_hub has no helper for the task at that provider (the provider's data says so): requests serves it. */
export function pythonClientRefuses(provider: ProviderId, task: InferenceTask): boolean {
  return PROVIDERS[provider].pythonClientRefuses?.includes(task) ?? false;
}

const blob = (name: string, extension: string): ClientMethod => ({ name, result: "blob", extension });

export const JS_METHODS: Readonly<Record<InferenceTask, ClientMethod | undefined>> = {
  "audio-classification": print("audioClassification"),
  "audio-to-audio": { name: "audioToAudio", result: "tracks" },
  "automatic-speech-recognition": { name: "automaticSpeechRecognition", result: "text" },
  "document-question-answering": print("documentQuestionAnswering"),
  "feature-extraction": print("featureExtraction"),
  "fill-mask": print("fillMask"),
  "image-classification": print("imageClassification"),
  "image-segmentation": { name: "imageSegmentation", result: "masks", extension: "png" },
  "image-text-to-image": blob("imageTextToImage", "png"),
  // Chat only: its snippets are chat completions.
  "image-text-to-text": NONE,
  "image-text-to-video": blob("imageTextToVideo", "mp4"),
  "image-to-image": blob("imageToImage", "png"),
  "image-to-text": print("imageToText"),
  "image-to-video": blob("imageToVideo", "mp4"),
  "object-detection": print("objectDetection"),
  "question-answering": print("questionAnswering"),
  "sentence-similarity": print("sentenceSimilarity"),
  "summarization": print("summarization"),
  "table-question-answering": print("tableQuestionAnswering"),
  "tabular-classification": print("tabularClassification"),
  "tabular-regression": print("tabularRegression"),
  "text-classification": print("textClassification"),
  "text-generation": print("textGeneration"),
  "text-to-audio": blob("textToAudio", "flac"),
  "text-to-image": blob("textToImage", "png"),
  "text-to-speech": blob("textToSpeech", "flac"),
  "text-to-video": blob("textToVideo", "mp4"),
  "token-classification": print("tokenClassification"),
  "translation": print("translation"),
  "zero-shot-classification": print("zeroShotClassification"),
  "zero-shot-image-classification": print("zeroShotImageClassification"),
};

/** One argument of a Python call: positional when it has no name. */
interface PyArgument {
  name?: string;
  value: Tree;
}

/** How the client methods take a task's input: Python arguments, and the JS argument object's members. */
interface CallInputs {
  python: PyArgument[];
  js: Record<string, Tree | undefined>;
}

export function callInputs(task: InferenceTask, input: TaskInput): CallInputs {
  switch (task) {
    case "question-answering": {
      const { question, context } = fieldsOf(input);
      return {
        python: [
          { name: "question", value: question! },
          { name: "context", value: context! },
        ],
        js: { inputs: { question, context } },
      };
    }
    case "table-question-answering": {
      const { query, table } = fieldsOf(input);
      return {
        python: [
          { name: "table", value: table! },
          { name: "query", value: query! },
        ],
        js: { inputs: { query, table } },
      };
    }
    case "sentence-similarity": {
      const { source_sentence, sentences } = fieldsOf(input);
      return { python: [{ value: source_sentence! }, { name: "other_sentences", value: sentences! }], js: { inputs: { source_sentence, sentences } } };
    }
    case "zero-shot-classification": {
      const { text, candidate_labels } = fieldsOf(input);
      return { python: [{ value: text! }, { name: "candidate_labels", value: candidate_labels! }], js: { inputs: text, parameters: { candidate_labels } } };
    }
    case "zero-shot-image-classification": {
      const image = fileNode(imageFieldOf(input), "native");
      const { candidate_labels } = fieldsOf(input);
      return {
        python: [{ value: image }, { name: "candidate_labels", value: candidate_labels! }],
        js: { inputs: { image }, parameters: { candidate_labels } },
      };
    }
    case "document-question-answering": {
      const image = fileNode(imageFieldOf(input), "native");
      const { question } = fieldsOf(input);
      return { python: [{ value: image }, { name: "question", value: question! }], js: { inputs: { question, image } } };
    }
    case "tabular-classification":
    case "tabular-regression": {
      const { data } = fieldsOf(input);
      return { python: [{ name: "table", value: data! }], js: { inputs: { data } } };
    }
    case "image-to-image":
    case "image-text-to-image":
    case "image-to-video":
    case "image-text-to-video": {
      const { image, prompt } = imagePromptOf(input);
      return {
        python: [{ value: fileNode(image, "native") }, { name: "prompt", value: prompt }],
        js: { inputs: fileNode(image, "native"), parameters: { prompt } },
      };
    }
    default:
      if (input.kind === "file") {
        const file = fileNode(fileOf(input), "native");
        return { python: [{ value: file }], js: { inputs: file } };
      }
      return { python: [{ value: textOf(input) }], js: { inputs: textOf(input) } };
  }
}
