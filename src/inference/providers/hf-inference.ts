import type { Provider, TaskRoute } from "./types.js";
import { base64, fileOutput, idPath, json, JSON_OUTPUT, TEXT_OUTPUT } from "./shared.js";
import { fieldsOf, fileOf, imageFieldOf, imagePromptOf, textOf } from "../input-readers.js";

/*
 * Hugging Face's own serverless inference. Its "direct" URL is the router's:
 * the hub is the provider. Audio and most image tasks take the file's raw
 * bytes; the rest take `{"inputs": ..., "parameters": ...}`.
 */

const model = (id: string) => `/models/${idPath(id)}`;

const text = (output: TaskRoute["output"] = JSON_OUTPUT): TaskRoute => ({
  path: model,
  body: (input) => json({ inputs: textOf(input) }),
  output,
});

const bytes: TaskRoute = { path: model, body: (input) => ({ kind: "binary", file: fileOf(input) }), output: JSON_OUTPUT };

export const hfInference: Provider = {
  id: "hf-inference",
  directBaseUrl: "https://router.huggingface.co/hf-inference",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "HF_TOKEN",
  pythonClientRefuses: ["tabular-regression"],
  servesHubIds: true,
  chatPath: (id) => `${model(id)}/v1/chat/completions`,
  tasks: {
    "text-classification": text(),
    "token-classification": text(),
    "translation": text(),
    "summarization": text(),
    "fill-mask": text(),
    "text-to-image": text(fileOutput("jpg")),
    "text-to-speech": text(fileOutput("flac")),
    "text-to-audio": text(fileOutput("flac")),
    "feature-extraction": { path: (id) => `${model(id)}/pipeline/feature-extraction`, body: (input) => json({ inputs: textOf(input) }), output: JSON_OUTPUT },
    "text-generation": { path: (id) => `${model(id)}/v1/completions`, body: (input, id) => json({ model: id, prompt: textOf(input) }), output: JSON_OUTPUT },
    "question-answering": {
      path: model,
      body: (input) => {
        const { question, context } = fieldsOf(input);
        return json({ inputs: { question, context } });
      },
      output: JSON_OUTPUT,
    },
    "table-question-answering": {
      path: model,
      body: (input) => {
        const { query, table } = fieldsOf(input);
        return json({ inputs: { query, table } });
      },
      output: JSON_OUTPUT,
    },
    "sentence-similarity": {
      path: (id) => `${model(id)}/pipeline/sentence-similarity`,
      body: (input) => {
        const { source_sentence, sentences } = fieldsOf(input);
        return json({ inputs: { source_sentence, sentences } });
      },
      output: JSON_OUTPUT,
    },
    "zero-shot-classification": {
      path: model,
      body: (input) => {
        const { text, candidate_labels } = fieldsOf(input);
        return json({ inputs: text, parameters: { candidate_labels } });
      },
      output: JSON_OUTPUT,
    },
    "tabular-classification": { path: model, body: (input) => json({ inputs: { data: fieldsOf(input).data } }), output: JSON_OUTPUT },
    "tabular-regression": { path: model, body: (input) => json({ inputs: { data: fieldsOf(input).data } }), output: JSON_OUTPUT },
    "zero-shot-image-classification": {
      path: model,
      body: (input) => json({ inputs: { image: base64(imageFieldOf(input)) }, parameters: { candidate_labels: fieldsOf(input).candidate_labels } }),
      output: JSON_OUTPUT,
    },
    "document-question-answering": {
      path: model,
      body: (input) => json({ inputs: { question: fieldsOf(input).question, image: base64(imageFieldOf(input)) } }),
      output: JSON_OUTPUT,
    },
    "image-to-image": {
      path: model,
      body: (input) => {
        const { image, prompt } = imagePromptOf(input);
        return json({ inputs: base64(image), parameters: { prompt } });
      },
      output: fileOutput("jpg"),
    },
    "image-segmentation": { path: model, body: (input) => json({ inputs: base64(fileOf(input)) }), output: JSON_OUTPUT },
    "audio-classification": bytes,
    "automatic-speech-recognition": { ...bytes, output: TEXT_OUTPUT },
    "audio-to-audio": bytes,
    "image-classification": bytes,
    "object-detection": bytes,
    "image-to-text": bytes,
  },
};
