import type { ModelData } from "../model/schema.js";

/*
 * The example input that code samples use for a model, by pipeline tag. Inputs
 * are data, never code: the snippet engine quotes them once, per language.
 */

export const NO_EXAMPLE_MESSAGE = "No input example has been defined for this model task.";

type ChatContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };
export interface ChatMessage {
  role: "user" | "assistant" | "system";
  content: string | ChatContentPart[];
}

export type ExampleInput =
  /** A text, sent as the text itself. */
  | { kind: "text"; text: string }
  /** A local file whose bytes are sent. */
  | { kind: "file"; media: "image" | "audio"; filename: string }
  /** A chat conversation for an OpenAI-compatible chat-completions call. */
  | { kind: "messages"; messages: ChatMessage[] }
  /** An image file to transform, and a prompt that says how. */
  | { kind: "image-prompt"; filename: string; prompt: string }
  /** A task-specific object (question answering, sentence similarity, ...). Fields named `image` hold a file name. */
  | { kind: "structured"; value: Record<string, unknown> };

const SAMPLE_IMAGE = "cats.jpg";
const SAMPLE_AUDIO = "sample1.flac";
const SAMPLE_IMAGE_URL = "https://cdn.britannica.com/61/93061-050-99147DCE/Statue-of-Liberty-Island-New-York-Bay.jpg";

const text = (value: string): ExampleInput => ({ kind: "text", text: value });
const file = (media: "image" | "audio", filename: string): ExampleInput => ({ kind: "file", media, filename });
const structured = (value: Record<string, unknown>): ExampleInput => ({ kind: "structured", value });
const imagePrompt = (prompt: string): ExampleInput => ({ kind: "image-prompt", filename: SAMPLE_IMAGE, prompt });

type Builder = (model: ModelData) => ExampleInput;

const BY_TASK: Record<string, Builder> = {
  "text-classification": () => text("I like you. I love you"),
  "token-classification": () => text("My name is Sarah Jessica Parker but you can call me Jessica"),
  "translation": () => text("Меня зовут Вольфганг и я живу в Берлине"),
  "summarization": () =>
    text(
      "The tower is 324 metres (1,063 ft) tall, about the same height as an 81-storey building, and the tallest structure in Paris. Its base is square, measuring 125 metres (410 ft) on each side.",
    ),
  "text-generation": () => text("Can you please let us know more details about your "),
  "text2text-generation": () => text("The answer to the universe is"),
  "feature-extraction": () => text("Today is a sunny day and I will get some ice cream."),
  "fill-mask": (model) => text(`The answer to the universe is ${model.mask_token ?? "[MASK]"}.`),
  "question-answering": () => structured({ question: "What is my name?", context: "My name is Clara and I live in Berkeley." }),
  "table-question-answering": () =>
    structured({
      query: "How many stars does the transformers repository have?",
      table: { Repository: ["Transformers", "Datasets", "Tokenizers"], Stars: ["36542", "4512", "3934"] },
    }),
  "sentence-similarity": () =>
    structured({
      source_sentence: "That is a happy person",
      sentences: ["That is a happy dog", "That is a very happy person", "Today is a sunny day"],
    }),
  "zero-shot-classification": () =>
    structured({
      text: "Hi, I recently bought a device from your company but it is not working as advertised and I would like to get reimbursed!",
      candidate_labels: ["refund", "legal", "faq"],
    }),
  "zero-shot-image-classification": () => structured({ image: SAMPLE_IMAGE, candidate_labels: ["cat", "dog", "llama"] }),
  "visual-question-answering": () => structured({ image: SAMPLE_IMAGE, question: "How many cats are lying down?" }),
  "document-question-answering": () => structured({ image: "invoice.png", question: "What is the invoice number?" }),
  "image-classification": () => file("image", SAMPLE_IMAGE),
  "object-detection": () => file("image", SAMPLE_IMAGE),
  "image-segmentation": () => file("image", SAMPLE_IMAGE),
  "image-to-text": () => file("image", SAMPLE_IMAGE),
  "depth-estimation": () => file("image", SAMPLE_IMAGE),
  "image-feature-extraction": () => file("image", SAMPLE_IMAGE),
  "audio-classification": () => file("audio", SAMPLE_AUDIO),
  "automatic-speech-recognition": () => file("audio", SAMPLE_AUDIO),
  "audio-to-audio": () => file("audio", SAMPLE_AUDIO),
  "image-to-image": () => imagePrompt("Turn the cat into a tiger."),
  "image-text-to-image": () => imagePrompt("Turn the cat into a tiger."),
  // Chat models get messages instead (chatMessages); this is for the rest.
  "image-text-to-text": () => imagePrompt("Describe this image in one sentence."),
  "image-to-video": () => imagePrompt("The cat starts to dance"),
  "image-text-to-video": () => imagePrompt("The cat starts to dance"),
  "text-to-image": () => text("Astronaut riding a horse"),
  "text-to-video": () => text("A young man walking on the street"),
  "text-to-speech": () => text("The answer to the universe is 42"),
  "text-to-audio": () => text("liquid drum and bass, atmospheric synths, airy sounds"),
  "tabular-classification": () =>
    structured({ data: { fixed_acidity: ["7.4", "7.8", "10.3"], volatile_acidity: ["0.7", "0.88", "0.32"], alcohol: ["9.4", "9.8", "10.1"] } }),
  "tabular-regression": () =>
    structured({ data: { Height: ["11.52", "12.48", "12.3778"], Length1: ["23.2", "24", "23.9"], Width: ["4.02", "4.3056", "4.6961"] } }),
};

/** The builder for a pipeline tag; the tag is untrusted, so inherited keys such as `constructor` do not count. */
function builderFor(tag: string | undefined): Builder | undefined {
  return tag !== undefined && Object.hasOwn(BY_TASK, tag) ? BY_TASK[tag] : undefined;
}

function chatMessages(model: ModelData): ExampleInput | undefined {
  if (model.pipeline_tag === "text-generation") {
    return { kind: "messages", messages: [{ role: "user", content: "What is the capital of France?" }] };
  }
  if (model.pipeline_tag === "image-text-to-text") {
    return {
      kind: "messages",
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "Describe this image in one sentence." },
            { type: "image_url", image_url: { url: SAMPLE_IMAGE_URL } },
          ],
        },
      ],
    };
  }
  return undefined;
}

/** The model card's own widget example, where it has one that fits the task. */
function widgetExample(model: ModelData): ExampleInput | undefined {
  const widget = model.widgetData?.[0];
  if (!widget) return undefined;
  if (model.pipeline_tag === "sentence-similarity") {
    if (widget.source_sentence !== undefined && widget.sentences?.length) {
      return structured({ source_sentence: widget.source_sentence, sentences: widget.sentences });
    }
    return undefined;
  }
  const base = builderFor(model.pipeline_tag);
  if (widget.text !== undefined && widget.text !== "" && base?.(model).kind === "text") return text(widget.text);
  return undefined;
}

/**
 * The example input for a model, or undefined when its task has none (see
 * NO_EXAMPLE_MESSAGE). Chat models (tagged `conversational`) get a messages
 * list; a widget example from the model card wins over the default.
 */
export function exampleInput(model: ModelData): ExampleInput | undefined {
  if (model.tags.includes("conversational")) {
    const chat = chatMessages(model);
    if (chat) return chat;
  }
  const tag = model.pipeline_tag;
  if (!tag) return undefined;
  return widgetExample(model) ?? builderFor(tag)?.(model);
}

/** Pipeline tags that have a default example input. */
export const TASKS_WITH_EXAMPLES: readonly string[] = Object.keys(BY_TASK);
