import type { Provider, QueueProtocol } from "./types.js";
import { B64_JSON_IMAGE, dataUrl, fixed, json, JSON_OUTPUT, LONG_WAIT, openAiCompletions, openAiEmbeddings, openAiSpeech } from "./shared.js";
import { imagePromptOf, textOf } from "../input-readers.js";

/** A video job is polled at `/v2/videos/{id}`; it may report no status before it is queued. */
const VIDEO_JOB: QueueProtocol = {
  status: { kind: "id", field: ["id"], prefix: "/v2/videos/" },
  state: ["status"],
  done: "completed",
  failed: ["failed"],
  error: ["error", "message"],
  output: ["outputs", "video_url"],
  ...LONG_WAIT,
};

export const together: Provider = {
  id: "together",
  directBaseUrl: "https://api.together.xyz",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "TOGETHER_API_KEY",
  chatPath: fixed("/v1/chat/completions"),
  tasks: {
    "text-generation": openAiCompletions("/v1/completions"),
    "feature-extraction": openAiEmbeddings("/v1/embeddings"),
    "text-to-speech": openAiSpeech("/v1/audio/speech"),
    "text-to-image": {
      path: fixed("/v1/images/generations"),
      body: (input, model) => json({ prompt: textOf(input), response_format: "base64", model }),
      output: B64_JSON_IMAGE,
    },
    "image-to-image": {
      path: fixed("/v1/images/generations"),
      body: (input, model) => {
        const { image, prompt } = imagePromptOf(input);
        return json({ prompt, reference_images: [dataUrl(image)], response_format: "base64", model });
      },
      output: B64_JSON_IMAGE,
    },
    // Videos are queued: the reply is a job to poll.
    "text-to-video": { path: fixed("/v2/videos"), body: (input, model) => json({ prompt: textOf(input), model }), output: JSON_OUTPUT, queue: VIDEO_JOB },
    "image-to-video": {
      path: fixed("/v2/videos"),
      body: (input, model) => {
        const { image, prompt } = imagePromptOf(input);
        return json({ frame_images: [{ input_image: dataUrl(image), frame: "first" }], model, prompt });
      },
      output: JSON_OUTPUT,
      queue: VIDEO_JOB,
    },
  },
};
