import type { ReceivedRequest, Reply } from "./inference-server.js";
import { PROVIDERS } from "../../src/inference/providers/index.js";
import type { ProviderId } from "../../src/inference/ids.js";
import { FILE_HOST, OUTPUT_URL, queueResponder } from "./queue-simulator.js";
import { isQueued } from "./registry-pairs.js";
import { providerIdFor } from "./synthetic-models.js";

/*
 * Plausible answers, so that the code after the request runs to the end:
 * chat completions (whole or streamed), files, and per-task JSON shaped like
 * the hub's answers (the JS client library checks some shapes).
 */

export const CHAT_REPLY = {
  id: "chatcmpl-test",
  object: "chat.completion",
  created: 1700000000,
  model: "test-model",
  choices: [{ index: 0, message: { role: "assistant", content: "Paris." }, finish_reason: "stop" }],
  usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
};

function streamChunk(content: string): string {
  const chunk = {
    id: "chatcmpl-test",
    object: "chat.completion.chunk",
    created: 1700000000,
    model: "test-model",
    choices: [{ index: 0, delta: { role: "assistant", content }, finish_reason: null }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

export const STREAM_REPLY: Reply = { contentType: "text/event-stream", body: `${streamChunk("Par")}${streamChunk("is.")}data: [DONE]\n\n` };

const IMAGE_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const AUDIO_BYTES = Buffer.from("fLaC-test-audio");

const TASK_REPLIES: Record<string, Reply> = {
  "text-classification": { body: [[{ label: "POSITIVE", score: 0.99 }]] },
  "token-classification": { body: [{ entity_group: "PER", score: 0.9, word: "Sarah", start: 11, end: 16 }] },
  "translation": { body: [{ translation_text: "My name is Wolfgang" }] },
  "summarization": { body: [{ summary_text: "A tall tower." }] },
  "fill-mask": { body: [{ score: 0.9, token: 2003, token_str: "capital", sequence: "paris is the capital of france." }] },
  "feature-extraction": { body: [0.1, 0.2, 0.3] },
  "text-generation": {
    body: {
      id: "cmpl-test",
      object: "text_completion",
      created: 1700000000,
      model: "test-model",
      choices: [{ index: 0, text: " weather", finish_reason: "length" }],
    },
  },
  "question-answering": { body: { answer: "Clara", score: 0.9, start: 11, end: 16 } },
  "table-question-answering": { body: { answer: "36542", coordinates: [[0, 1]], cells: ["36542"], aggregator: "NONE" } },
  "sentence-similarity": { body: [0.6, 0.9, 0.1] },
  "zero-shot-classification": {
    body: [
      { label: "refund", score: 0.9 },
      { label: "faq", score: 0.1 },
    ],
  },
  "tabular-classification": { body: [1, 0, 1] },
  "tabular-regression": { body: [11.5, 12.1, 13.0] },
  "zero-shot-image-classification": { body: [{ label: "cat", score: 0.9 }] },
  "document-question-answering": { body: [{ answer: "us-001", score: 0.9, start: 0, end: 1 }] },
  "image-segmentation": { body: [{ label: "cat", score: 0.9, mask: "aGVsbG8=" }] },
  "audio-classification": { body: [{ label: "speech", score: 0.9 }] },
  "image-classification": { body: [{ label: "tabby cat", score: 0.9 }] },
  "object-detection": { body: [{ label: "cat", score: 0.9, box: { xmin: 1, ymin: 2, xmax: 3, ymax: 4 } }] },
  "image-to-text": { body: { generated_text: "two cats on a couch" } },
  "automatic-speech-recognition": { body: { text: "hello world" } },
  "audio-to-audio": { body: [{ label: "speech", "content-type": "audio/flac", blob: "aGVsbG8=" }] },
  "text-to-image": { contentType: "image/jpeg", body: IMAGE_BYTES },
  "image-to-image": { contentType: "image/jpeg", body: IMAGE_BYTES },
  "text-to-speech": { contentType: "audio/flac", body: AUDIO_BYTES },
  "text-to-audio": { contentType: "audio/flac", body: AUDIO_BYTES },
};

/** The hub's provider mapping for a model, as the JS client asks for it. */
export function mappingReply(modelId: string, provider: string, providerId: string, task: string): Reply {
  // huggingface_hub also checks the model's pipeline tag before calling hf-inference.
  return {
    body: {
      _id: "0",
      id: modelId,
      pipeline_tag: task === "conversational" ? "text-generation" : task,
      inferenceProviderMapping: { [provider]: { providerId, status: "live", task } },
    },
  };
}

export interface ReplyPlan {
  task: string;
  modelId: string;
  provider: string;
  providerId: string;
  /** How raw-HTTP snippets expect the result: a file, JSON with a base64 image or a file's URL, or any JSON. */
  output: "json" | "file" | "base64-field" | "url-field" | "text-field";
  /** A chat model: its mapping is for the "conversational" task. */
  chat?: boolean;
}

/** A chat model's replies from a provider that serves it under the id providerIdFor gives: its mapping, then chat completions. */
export function plausibleChatReply(modelId: string, provider: string): (request: ReceivedRequest) => Reply {
  return plausibleReply({ task: "text-generation", modelId, provider, providerId: providerIdFor(provider, modelId), output: "json", chat: true });
}

export function plausibleReply(plan: ReplyPlan): (request: ReceivedRequest) => Reply {
  // A queued job runs to its end, done when first asked (the queue itself is e2e-queued's), so the code after the submission runs too.
  let queuedReplies: ((request: ReceivedRequest) => Reply) | undefined;
  return (request) => {
    if (request.method === "GET" && request.host === "huggingface.co")
      return mappingReply(plan.modelId, plan.provider, plan.providerId, plan.chat ? "conversational" : plan.task);
    if (request.path.endsWith("/chat/completions")) {
      const body = JSON.parse(request.body.toString("utf8") || "{}") as { stream?: boolean };
      return body.stream ? STREAM_REPLY : { body: CHAT_REPLY };
    }
    if (plan.output === "text-field") return { body: transcriptReply(plan.provider, plan.task, TRANSCRIPT) };
    if (plan.output === "base64-field") return { body: { data: [{ b64_json: IMAGE_BYTES.toString("base64") }] } };
    if (plan.output === "url-field") return request.host === FILE_HOST ? { contentType: "audio/mpeg", body: AUDIO_BYTES } : { body: linkReply(plan) };
    if (plan.output === "file") return { contentType: "application/octet-stream", body: plan.task.includes("image") ? IMAGE_BYTES : AUDIO_BYTES };
    if (isQueued(plan))
      return (queuedReplies ??= queueResponder({ provider: plan.provider, task: plan.task, providerModelId: plan.providerId, scenario: "ready" }))(request);
    if (plan.provider !== "hf-inference") return { body: { request_id: "req-1", status: "IN_QUEUE", output: null } };
    return TASK_REPLIES[plan.task] ?? { body: {} };
  };
}

/** A transcript with what breaks careless printing: quotes, non-ASCII text, a shell variable, a percent sign and a backslash. */
export const TRANSCRIPT = 'Hello "world" — ça va? 100% $HOME \\d';

/** A provider's reply holding `text` where the route's output says the text is, in the provider's shape (Replicate's is a finished prediction). */
export function transcriptReply(provider: string, task: string, text: unknown): Record<string, unknown> {
  const output = routeOf(provider, task)?.output;
  if (output?.kind !== "text-field") throw new Error(`${provider} ${task} has no text in its reply`);
  let value: unknown = text;
  for (const key of [...output.path].reverse()) value = typeof key === "number" ? [value] : { [key]: value };
  return provider === "replicate" ? { id: "prediction-1", status: "succeeded", ...(value as Record<string, unknown>) } : (value as Record<string, unknown>);
}

/** A JSON reply naming the output file's URL where the route's output says it is. */
function linkReply(plan: ReplyPlan): Record<string, unknown> {
  const output = routeOf(plan.provider, plan.task)?.output;
  if (output?.kind !== "url-field") throw new Error(`${plan.provider} ${plan.task} names no output URL`);
  let value: unknown = OUTPUT_URL;
  for (const key of [...output.path].reverse()) value = typeof key === "number" ? [value] : { [key]: value };
  return value as Record<string, unknown>;
}

function routeOf(provider: string, task: string) {
  return PROVIDERS[provider as ProviderId]?.tasks[task as keyof (typeof PROVIDERS)[ProviderId]["tasks"]];
}

/** What the provider's reply to a task holds, so the fake reply fits the snippet's handling of it. */
export function replyOutput(provider: string, task: string): ReplyPlan["output"] {
  return routeOf(provider, task)?.output.kind ?? "json";
}
